import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';
import { planById, type ShopView } from '@belegfluss/shared';
import { importBoostUntil, transfersQuota, transfersUsed } from './ledger';
import { downtimeFromRow } from './downtimes';
import { purchasedFeatures } from './plans';

export interface ShopRow {
  id: string;
  name: string;
  email: string | null;
  shopifyPlan: string | null;
  shopifyTokenEnc: string | null;
  scopes: string[];
  missingAccessToken: boolean;
  home: 'orders' | '';
  planId: string;
  planAnnual: boolean;
  transfersQuota: number;
  transfersResetAt: Date;
  transfersPeriodStart: Date;
  /** Shopify's currentPeriodEnd of the active subscription, as last reported. */
  currentPeriodEnd: Date | null;
  trialAt: Date | null;
  partner: boolean;
  permissions: string[];
  automationEnabled: boolean;
  installedAt: Date;
  uninstalledAt: Date | null;
}

type Raw = Record<string, unknown>;
const SHOP_COLUMNS = [
  'id',
  'name',
  'email',
  'shopify_plan',
  'shopify_token_enc',
  'missing_access_token',
  'plan_id',
  'plan_annual',
  'transfers_quota',
  'transfers_reset_at',
  'transfers_period_start',
  'current_period_end',
  'trial_at',
  'partner',
  'permissions',
  'automation_enabled',
  'installed_at',
  'uninstalled_at',
] as const;
const toShop = (r: Raw): ShopRow => {
  const { shopifyScopes, ...row } = fromRow<Omit<ShopRow, 'scopes' | 'home'> & { shopifyScopes: string[] }>(r, [
    ...SHOP_COLUMNS,
    'shopify_scopes',
  ]);
  return { ...row, scopes: shopifyScopes, home: r.home === 'orders' ? 'orders' : '' };
};

export async function getShop(db: Db, shopId: string): Promise<ShopRow | undefined> {
  const row = await db('shops').where({ id: shopId }).first();
  return row ? toShop(row) : undefined;
}

/** Install or re-install: the token and granted scopes replace what we had. */
export async function saveShopInstall(
  db: Db,
  input: {
    shopId: string;
    tokenEnc: string;
    scopes: string[];
    name?: string;
    email?: string;
    shopifyPlan?: string;
    /** Shopify's numeric id of the shop (from `shop { id }`). */
    shopifyShopId?: string;
  },
): Promise<ShopRow> {
  const [row] = await db('shops')
    .insert({
      id: input.shopId,
      shopify_token_enc: input.tokenEnc,
      shopify_scopes: input.scopes,
      missing_access_token: false,
      name: input.name ?? input.shopId,
      email: input.email ?? null,
      shopify_plan: input.shopifyPlan ?? null,
      shopify_shop_id: input.shopifyShopId ?? null,
    })
    .onConflict('id')
    .merge({
      shopify_token_enc: input.tokenEnc,
      shopify_scopes: input.scopes,
      missing_access_token: false,
      uninstalled_at: null,
      updated_at: db.fn.now(),
      ...(input.name ? { name: input.name } : {}),
      ...(input.email ? { email: input.email } : {}),
      ...(input.shopifyPlan ? { shopify_plan: input.shopifyPlan } : {}),
      ...(input.shopifyShopId ? { shopify_shop_id: input.shopifyShopId } : {}),
    })
    .returning('*');
  return toShop(row);
}

/** Shopify's numeric id of the shop as read at install; null when not known (installed before it was kept). */
export async function shopifyShopIdOf(db: Db, shopId: string): Promise<string | null> {
  const row = (await db('shops').where({ id: shopId }).first('shopify_shop_id')) as
    { shopify_shop_id: string | null } | undefined;
  return row?.shopify_shop_id ?? null;
}

export async function markUninstalled(db: Db, shopId: string): Promise<void> {
  await db('shops').where({ id: shopId }).update({
    shopify_token_enc: null,
    missing_access_token: true,
    uninstalled_at: db.fn.now(),
    updated_at: db.fn.now(),
  });
}

/**
 * Everything `GET /api/shop` shows, computed from our own rows, all read from one snapshot: a document
 * and the transfer it was charged are written together, so the dashboard never counts one without the other.
 */
export async function shopView(db: Db, shopId: string): Promise<ShopView | undefined> {
  return db.transaction((trx) => readShopView(trx, shopId), { isolationLevel: 'repeatable read', readOnly: true });
}

async function readShopView(db: Db, shopId: string): Promise<ShopView | undefined> {
  const shop = await getShop(db, shopId);
  if (!shop) return undefined;
  const plan = planById(shop.planId);
  const [counters, connection, docs, hooks, used, downtimes, purchase, quota, boostUntil] = await Promise.all([
    db('shops')
      .where({ id: shopId })
      .first<Raw>(
        'contacts_created',
        'contacts_updated',
        'invoices_matched',
        'invoices_updated',
        'credits_matched',
        'credits_updated',
      ),
    db('lexware_connections').where({ shop_id: shopId }).first(),
    db('documents')
      .where({ shop_id: shopId })
      .whereNotNull('lexware_id')
      .select('type')
      .count<{ type: string; count: number }[]>({ count: '*' })
      .groupBy('type'),
    db('webhook_inbox')
      .where({ shop_id: shopId })
      .select('status')
      .count<{ status: string; count: number }[]>({ count: '*' })
      .groupBy('status'),
    transfersUsed(db, shop),
    db('downtimes').whereRaw('ends_at is null or ends_at > now()').orderBy('starts_at'),
    purchasedFeatures(db, shopId),
    transfersQuota(db, shop),
    importBoostUntil(db, shop),
  ]);
  const docCount = (type: string) => Number(docs.find((d) => d.type === type)?.count ?? 0);
  const counter = (column: string) => Number(counters?.[column] ?? 0);
  const hookCount = (status: string) => Number(hooks.find((h) => h.status === status)?.count ?? 0);
  const profile = connection?.profile as
    | { companyName?: string | null; smallBusiness?: boolean; distanceSalesPrinciple?: 'ORIGIN' | 'DESTINATION' }
    | null
    | undefined;
  return {
    shop: shop.id,
    name: shop.name,
    plan: {
      id: plan.id,
      name: plan.name,
      annual: shop.planAnnual,
      logMaxAge: plan.logMaxAge,
      credits: {
        used,
        quota,
        resetAt: shop.transfersResetAt.toISOString(),
        importBoost: boostUntil ? { planQuota: shop.transfersQuota, until: boostUntil.toISOString() } : null,
      },
      purchase,
    },
    lexoffice: {
      isConnected: Boolean(connection),
      connectedAt: connection ? isoOf(fromRow<{ connectedAt: Date }>(connection, ['connected_at']).connectedAt) : null,
      profile: profile
        ? {
            companyName: profile.companyName ?? null,
            smallBusiness: profile.smallBusiness ?? false,
            distanceSalesPrinciple: profile.distanceSalesPrinciple ?? null,
          }
        : null,
    },
    stat: {
      invoice: {
        created: docCount('invoice'),
        matched: counter('invoices_matched'),
        updated: counter('invoices_updated'),
      },
      credit: { created: docCount('credit'), matched: counter('credits_matched'), updated: counter('credits_updated') },
      lexoffice: { contact: { created: counter('contacts_created'), updated: counter('contacts_updated') } },
      shopify: {
        webhook: {
          received: hooks.reduce((s, h) => s + Number(h.count), 0),
          started: hookCount('started'),
          skipped: hookCount('skipped'),
          unprocessable: hookCount('unprocessable'),
          failed: hookCount('failed'),
          successful: hookCount('successful'),
        },
      },
    },
    permissions: shop.permissions,
    partner: shop.partner,
    home: shop.home,
    missingAccessToken: shop.missingAccessToken,
    shopifyPlan: shop.shopifyPlan,
    scopes: shop.scopes,
    downtimes: downtimes.map((d: Raw) => {
      const { id: _id, ...downtime } = downtimeFromRow(d);
      return downtime;
    }),
  };
}
