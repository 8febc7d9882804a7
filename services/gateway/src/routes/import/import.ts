import type Router from '@koa/router';
import { randomBytes } from 'node:crypto';
import { claimIntent, completeDocument, getConnection, getShop, preferenceSections, savePreferenceSections, upsertOrder } from '@belegfluss/db';
import { lexofficeFor, type LexofficeClient, type VoucherListEntry } from '@belegfluss/lexoffice';
import { hasOrderReference, orderReference } from '@belegfluss/shared';
import { createAdminClient } from '@belegfluss/shopify';
import type { GatewayContext } from '../../context';
import { BadRequest, Forbidden } from '../../errors';
import { sessionOf } from '../../middleware/session';
import { signalOrderWorkflow } from '../../signal';
import { forEachOrderSince } from '@belegfluss/workflows';
import { historicalImportRoutes, startHistoricalImport } from './historical';

/** The wizard imports the orders of the last 60 days before installation. */
const IMPORT_DAYS = 60;
const VOUCHERS_PER_CALL = 100;
const IMPORT_SECTION = 'import';

export const IMPORT_MESSAGES = {
  shopifyMissing: 'Der Shop ist nicht mit Shopify verbunden. Bitte installiere die App erneut.',
  lexofficeMissing: 'Lexware Office ist nicht verbunden.',
  scopeMissing: 'Für den Import fehlt die Shopify-Berechtigung read_all_orders. Bitte erteile den Zugriff erneut.',
} as const;

interface ImportProgress { page: number; found: number; assigned: number }

async function requireLexware(gw: GatewayContext, shop: string): Promise<void> {
  if (!(await getConnection(gw.db, shop))) throw BadRequest(IMPORT_MESSAGES.lexofficeMissing);
}

/** Candidate order names after "Bestellung " in a text; hasOrderReference confirms each. */
function referencedNames(texts: (string | null | undefined)[]): string[] {
  const prefix = orderReference({ name: '' });
  const names = new Set<string>();
  for (const text of texts) {
    for (const m of (text ?? '').matchAll(new RegExp(`${prefix}(\\S+)`, 'g'))) {
      names.add(m[1]!);
      names.add(m[1]!.replace(/[^\p{L}\p{N}]+$/u, ''));
    }
  }
  return [...names].filter(Boolean);
}

/** Reads the voucher's texts and records it for the order it names: 'assigned' when a new document row was written. */
async function linkVoucher(gw: GatewayContext, api: LexofficeClient, shop: string, entry: VoucherListEntry): Promise<'none' | 'found' | 'assigned'> {
  const credit = entry.voucherType === 'creditnote';
  const voucher = credit ? await api.creditNote(entry.id) : await api.invoice(entry.id);
  const texts = [voucher.title, voucher.introduction, voucher.remark];
  const names = referencedNames(texts);
  if (names.length === 0) return 'none';
  const orders = (await gw.db('orders').where({ shop_id: shop }).whereIn('name', names).select('order_id', 'name')) as { order_id: string; name: string }[];
  const order = orders.find((o) => texts.some((t) => hasOrderReference(t, { name: o.name })));
  if (!order) return 'none';
  const doc = await claimIntent(gw.db, {
    shopId: shop, type: credit ? 'credit' : 'invoice', intentKey: credit ? `credit:matched:${entry.id}` : `invoice:${order.order_id}`,
    orderId: order.order_id, orderName: order.name,
  });
  // A row already complete belongs to this voucher or to the invoice the app made itself: keep it.
  if (doc.lexofficeId) return 'found';
  await completeDocument(gw.db, doc.id, {
    lexofficeId: entry.id, contactId: 'contactId' in voucher.address ? voucher.address.contactId : null, number: voucher.voucherNumber ?? null, title: voucher.title ?? null,
    status: voucher.voucherStatus, total: voucher.totalPrice.totalGrossAmount, voucherDate: voucher.voucherDate, pdfToken: randomBytes(16).toString('hex'),
  });
  return 'assigned';
}

export function importRoutes(gw: GatewayContext, api: Router): void {
  /** The connect wizard's order import: the last 60 days, each order handed to its workflow like a webhook. */
  api.post('/api/orders/import', async (ctx) => {
    // With ?date= it is the paid import of older orders, run as its own workflow.
    if (ctx.query.date !== undefined) return startHistoricalImport(gw, ctx, IMPORT_MESSAGES);
    const { shop } = sessionOf(ctx);
    const row = await getShop(gw.db, shop);
    if (!row?.shopifyTokenEnc || row.missingAccessToken || row.uninstalledAt) throw BadRequest(IMPORT_MESSAGES.shopifyMissing);
    if (!row.scopes.includes('read_all_orders')) throw Forbidden(IMPORT_MESSAGES.scopeMissing);
    await requireLexware(gw, shop);
    const graphql = createAdminClient({ adminUrl: gw.settings.shopify.adminUrl, apiVersion: gw.settings.shopify.apiVersion, shop, accessToken: gw.box.open(row.shopifyTokenEnc) });
    const since = new Date(row.installedAt.getTime() - IMPORT_DAYS * 86_400_000);
    const today = new Date().toISOString().slice(0, 10);
    let affected = 0;
    await forEachOrderSince(graphql, since, async (order) => {
      await upsertOrder(gw.db, shop, order);
      await signalOrderWorkflow(gw, shop, String(order.id), { topic: 'orders/import', webhookId: `import:${order.id}:${today}`, order });
      affected++;
    });
    ctx.body = { affected };
  });

  historicalImportRoutes(gw, api);

  /**
   * The wizard's document import, called until `continue` is false: one voucher-list page a
   * call (each voucher needs its own GET for the texts), the position kept in preferences.
   */
  api.post('/api/lexoffice/import', async (ctx) => {
    const { shop } = sessionOf(ctx);
    await requireLexware(gw, shop);
    const stored = (await preferenceSections(gw.db, shop, [IMPORT_SECTION]))[IMPORT_SECTION] as Partial<ImportProgress> | undefined;
    const progress: ImportProgress = { page: stored?.page ?? 0, found: stored?.found ?? 0, assigned: stored?.assigned ?? 0 };
    const lexoffice = lexofficeFor(gw.db, gw.box, gw.settings.lexoffice, shop);
    const list = await lexoffice.voucherList({
      voucherType: 'invoice,creditnote', voucherStatus: 'open,paid,paidoff,voided,draft', page: progress.page, size: VOUCHERS_PER_CALL,
    });
    let affected = 0;
    for (const entry of list.content) {
      const outcome = await linkVoucher(gw, lexoffice, shop, entry);
      if (outcome !== 'none') progress.found++;
      if (outcome === 'assigned') { progress.assigned++; affected++; }
    }
    const more = !list.last && list.content.length > 0;
    // A finished run starts over next time, so a later reconnect scans the account again.
    await savePreferenceSections(gw.db, shop, { [IMPORT_SECTION]: more ? { ...progress, page: progress.page + 1 } : { page: 0, found: 0, assigned: 0 } });
    ctx.body = {
      continue: more,
      progress: more ? Math.min(99, Math.floor(((progress.page + 1) / Math.max(1, list.totalPages)) * 100)) : 100,
      found: progress.found, affected, assigned: progress.assigned,
    };
  });
}
