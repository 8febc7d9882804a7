import type Router from '@koa/router';
import type { Context } from 'koa';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import {
  claimOrderImport,
  getConnection,
  getOrderImport,
  getShop,
  importRunStore,
  listImportDays,
  purchasedFeatures,
  releaseOrderImport,
  type ShopRow,
} from '@belegfluss/db';
import { germanDay, orderImportPrice, type ShopifyOrderImports } from '@belegfluss/shared';
import { ADMIN_DOCUMENTS } from '@belegfluss/shopify';
import {
  backgroundTaskQueue,
  ShopDomainKey,
  importProgressQuery,
  importWorkflowId,
} from '@belegfluss/orchestration/api';
import { settleShopImports } from '@belegfluss/orchestration/imports';
import type { GatewayContext } from '../../context';
import { BadRequest, Forbidden, NotFound, BadGateway, Conflict, PaymentRequired } from '../../errors';
import { query, validate } from '../../http';
import { sessionOf } from '../../middleware/session';
import { shopifyOf } from '../../clients';
import { dayView, rangeView } from './range-progress';
import { ImportDate, OrderImportQuery } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'import.days': 'The historical import dialog: selectable days, imported days, the running range',
  'import.day': "An imported day's progress",
});

export const HISTORICAL_MESSAGES = {
  freePlan:
    'Der Import älterer Bestellungen ist auf dem kostenlosen Tarif nicht verfügbar. Wähle zuerst einen bezahlten Tarif.',
  notPurchased:
    'Der Import älterer Bestellungen ist noch nicht freigeschaltet. Du kannst ihn unter Abonnement als Einmalkauf freischalten.',
  running: 'Dieser Tag wird bereits importiert oder ist schon importiert.',
  notFound: 'Einen Import dieses Tages gibt es nicht.',
  outOfRange: 'Importieren lassen sich nur Tage zwischen der Eröffnung des Shops und der Installation von Belegfluss.',
  shopifyUnavailable: 'Shopify ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
} as const;

/**
 * The days the dialog offers: from the store's creation (Shopify's `shop.createdAt`)
 * to the installation day, as German calendar days.
 */
const storeOpened = new Map<string, string>();

export async function selectableDays(gw: GatewayContext, shop: ShopRow): Promise<{ first: string; last: string }> {
  const last = germanDay(shop.installedAt.toISOString());
  // A store opens once: the dialog polls while a day runs, Shopify is asked the first time only.
  const known = storeOpened.get(shop.id);
  if (known) return { first: known, last };
  const { graphql } = await shopifyOf(gw, shop.id);
  const data = await graphql<{ shop: { createdAt: string } }>(ADMIN_DOCUMENTS.StoreCreated).catch((error: unknown) => {
    gw.log.warn({ err: error, shop: shop.id }, 'shop.createdAt not readable');
    throw BadGateway('SHOPIFY_UNAVAILABLE', HISTORICAL_MESSAGES.shopifyUnavailable);
  });
  const first = germanDay(data.shop.createdAt);
  storeOpened.set(shop.id, first);
  return { first, last };
}

/**
 * `POST /api/orders/import?date=`: the paid import of the orders of that one day, as its own
 * workflow (the unlock counts only on a paid plan). Answers 202 with the id to poll;
 * a day imported or importing already answers 409 and starts nothing.
 */
export async function startHistoricalImport(gw: GatewayContext, ctx: Context, checks: ImportChecks): Promise<void> {
  const { date } = query(ctx, OrderImportQuery);
  const shop = await importingShop(gw, ctx, checks);
  const range = await selectableDays(gw, shop);
  if (date < range.first || date > range.last) throw BadRequest(HISTORICAL_MESSAGES.outOfRange, 'date');

  const workflowId = importWorkflowId(shop.id, date);
  // A run of this day ended by hand (terminated, cancelled) no longer counts as imported.
  await settleShopImports(importRunStore(gw.db), gw.temporal, shop.id, [date]);
  if (!(await claimOrderImport(gw.db, shop.id, date, workflowId)))
    throw Conflict('IMPORT_EXISTS', HISTORICAL_MESSAGES.running);
  try {
    await gw.temporal.workflow.start('importWorkflow', {
      workflowId,
      taskQueue: backgroundTaskQueue(gw.settings.taskQueue),
      args: [{ shopId: shop.id, day: date }],
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
      typedSearchAttributes: new TypedSearchAttributes([{ key: ShopDomainKey, value: shop.id }]),
    });
  } catch (error) {
    await releaseOrderImport(gw.db, shop.id, date);
    if (error instanceof WorkflowExecutionAlreadyStartedError)
      throw Conflict('IMPORT_EXISTS', HISTORICAL_MESSAGES.running);
    throw error;
  }
  ctx.status = 202;
  ctx.body = { id: date, workflowId, status: 'running', affected: 0, pages: 0 };
}

export type ImportChecks = { scopeMissing: string; lexwareMissing: string };

/** The shop's row, when Shopify can be asked for it (else ShopifyNotConnectedError, a German 400). */
async function connectedShop(gw: GatewayContext, shopId: string): Promise<ShopRow> {
  await shopifyOf(gw, shopId);
  // shopifyFor found the installed shop, so its row is there
  return (await getShop(gw.db, shopId))!;
}

/** The shop, when it may import older orders now (a paid plan, the unlock bought, Shopify's scope, Lexware). */
export async function importingShop(gw: GatewayContext, ctx: Context, checks: ImportChecks): Promise<ShopRow> {
  const shop = await connectedShop(gw, sessionOf(ctx).shop);
  if (orderImportPrice(shop.planId) === null) throw PaymentRequired('PAYMENT_REQUIRED', HISTORICAL_MESSAGES.freePlan);
  if (!(await purchasedFeatures(gw.db, shop.id)).includes('orderImport'))
    throw PaymentRequired('PAYMENT_REQUIRED', HISTORICAL_MESSAGES.notPurchased);
  if (!shop.scopes.includes('read_all_orders')) throw Forbidden(checks.scopeMissing);
  if (!(await getConnection(gw.db, shop.id))) throw BadRequest(checks.lexwareMissing);
  return shop;
}

/** `GET /api/orders/import/{date}`: progress, from the running workflow's query, else from the stored run. */
export function historicalImportRoutes(gw: GatewayContext, api: Router): void {
  /** The dialog's data: which days it offers, and the imported days with their orders and invoices so far. */
  api.get('import.days', '/api/orders/import/days', async (ctx) => {
    const shop = await connectedShop(gw, sessionOf(ctx).shop);
    // Without Shopify the list still shows; the calendar then has no first day (the start checks it).
    // Runs ended from outside (terminated by support, cancelled) are shown as such, not as running.
    const settled = settleShopImports(importRunStore(gw.db), gw.temporal, shop.id).catch((error: unknown) =>
      gw.log.warn({ err: error, shop: shop.id }, 'import runs not settled'),
    );
    const [range, days] = await Promise.all([
      selectableDays(gw, shop).catch(() => ({ first: null, last: germanDay(shop.installedAt.toISOString()) })),
      settled.then(() => listImportDays(gw.db, shop.id)),
    ]);
    const now = Date.now();
    ctx.body = {
      ...range,
      days: days.map((d) => dayView(d, now)),
      range: await rangeView(gw, shop.id, days),
    } satisfies ShopifyOrderImports;
  });

  api.get('import.day', '/api/orders/import/:id', async (ctx) => {
    const parsed = ImportDate.safeParse(ctx.params.id);
    if (!parsed.success) throw NotFound(HISTORICAL_MESSAGES.notFound);
    const shopId = sessionOf(ctx).shop;
    const day = validate(ImportDate, parsed.data);
    await settleShopImports(importRunStore(gw.db), gw.temporal, shopId, [day]);
    const run = await getOrderImport(gw.db, shopId, day);
    if (!run?.workflowId) throw NotFound(HISTORICAL_MESSAGES.notFound);
    let live: { pages: number; affected: number; done: boolean } | undefined;
    if (run.status === 'running') {
      live = await gw.temporal.workflow
        .getHandle(run.workflowId)
        .query(importProgressQuery)
        .catch(() => undefined);
    }
    // The stored count leads while a day's export is handed over; the query leads while pages are read.
    ctx.body = {
      id: run.day,
      workflowId: run.workflowId,
      status: run.status,
      affected: Math.max(live?.affected ?? 0, run.affected),
      pages: Math.max(live?.pages ?? 0, run.pages),
    };
  });
}
