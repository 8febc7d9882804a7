import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { MockActivityEnvironment } from '@temporalio/testing';
import {
  claimIntent,
  completeDocument,
  importedOrdersToHandOver,
  markWizardImported,
  saveConnection,
  saveShopInstall,
  upsertOrder,
} from '@belegfluss/db';
import { createTestDatabase, eventLogTable } from '@belegfluss/db/testing';
import { describeLogEntry, ShopifyOrderSchema, type ShopifyOrder } from '@belegfluss/shared';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { createWizardActivities } from './wizard';
import { sandboxControl } from '../testing';

/**
 * The hand-over when the merchant switches invoices on in the wizard's last step: the imported orders
 * without a document go to their order workflows marked as the wizard's import, behind live orders;
 * the others get their reason in the log; none is handed over twice. Real PostgreSQL; Temporal is a
 * client that records what it was asked to start.
 */
const SHOP = 'uebergabe.myshopify.com';
let sb: RunningSandbox;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let orders: ShopifyOrder[] = [];

const post = sandboxControl(() => sb.urls.control);

beforeAll(async () => {
  [sb, database] = await Promise.all([
    startSandbox({ ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 }, log: false, smtp: false }),
    createTestDatabase(),
  ]);
  await post('/shops', { shop: SHOP });
  const createdAt = new Date(Date.now() - 10 * 86_400_000).toISOString();
  const online = (await post(`/shops/${SHOP}/orders`, {
    scenario: 'de_b2c',
    paid: true,
    webhooks: false,
    createdAt,
    count: 4,
  })) as { order: unknown }[];
  // Without a count the sandbox answers the one order itself.
  const till = (await post(`/shops/${SHOP}/orders`, { scenario: 'pos', paid: true, webhooks: false, createdAt })) as {
    order: unknown;
  };
  const made = [...online, till];
  orders = made.map((m) => ShopifyOrderSchema.parse(m.order) as ShopifyOrder);
  await saveShopInstall(database.db, { shopId: SHOP, tokenEnc: 'x', scopes: [] });
  await saveConnection(database.db, {
    shopId: SHOP,
    accessTokenEnc: 'x',
    refreshTokenEnc: 'x',
    expiresAt: new Date(Date.now() + 3_600_000),
    scope: '',
  });
  for (const o of orders) await upsertOrder(database.db, SHOP, o);
  // The last online order came after the import, by webhook: it is not the wizard's to hand over.
  await markWizardImported(
    database.db,
    SHOP,
    orders.filter((_, i) => i !== 3).map((o) => String(o.id)),
  );
  // The first one's invoice was linked from Lexware by the wizard's document step.
  const first = orders[0]!;
  const doc = await claimIntent(database.db, {
    shopId: SHOP,
    type: 'invoice',
    intentKey: `invoice:${first.id}`,
    orderId: String(first.id),
    orderName: first.name,
  });
  await completeDocument(database.db, doc.id, {
    lexwareId: 'lex-by-hand',
    contactId: null,
    number: 'RE-1',
    title: 'Rechnung',
    status: 'open',
    total: 10,
    voucherDate: new Date().toISOString(),
    pdfToken: 'a'.repeat(32),
  });
});
afterAll(async () => {
  await sb?.stop();
  await database?.drop();
});

function recordingTemporal() {
  const started: { workflowId: string; taskQueue: string; priority: unknown; signalArgs: unknown[] }[] = [];
  const client = {
    withAbortSignal: <R>(_signal: AbortSignal, fn: () => R): R => fn(),
    workflow: {
      count: async () => ({ count: 0 }),
      signalWithStart: async (_type: string, o: (typeof started)[number]) => void started.push(o),
    },
  };
  return { client: client as unknown as Client, started };
}

describe('activating invoices after the wizard import', () => {
  const activities = () =>
    createWizardActivities({
      db: database.db,
      box: { open: (s: string) => s, seal: (s: string) => s } as never,
      shopify: {} as never,
      lexware: {} as never,
      mail: {} as never,
    });

  it('hands the imported orders without a document to their workflows and logs why the others get none', async () => {
    const [linked, second, third, webhookOrder, pos] = orders as [ShopifyOrder, ...ShopifyOrder[]];
    expect((await importedOrdersToHandOver(database.db, SHOP)).map((o) => o.name)).toEqual(
      [second, third, pos].map((o) => o!.name),
    );
    const temporal = recordingTemporal();
    const result = await new MockActivityEnvironment(
      { taskQueue: 'belegfluss-background' },
      { client: temporal.client },
    ).run(() => activities().handOverImportedOrders(SHOP));
    expect(result).toEqual({ handedOver: 2, skipped: 1 });
    expect(temporal.started.map((s) => s.workflowId)).toEqual([
      `order:${SHOP}:${second!.id}`,
      `order:${SHOP}:${third!.id}`,
    ]);
    for (const s of temporal.started) {
      // On the live queue, behind every live order, judged as the wizard's import.
      expect(s.taskQueue).toBe('belegfluss');
      expect(s.priority).toEqual({ fairnessKey: SHOP, priorityKey: 4 });
      expect(s.signalArgs[0]).toMatchObject({ topic: 'orders/import', origin: 'import' });
    }
    const logged = await eventLogTable.list(database.db, { shopId: SHOP, event: 'invoice.skipped' });
    expect(logged.map((l) => [l.orderName, (l.body as { reason: string }).reason])).toEqual([[pos!.name, 'SKIP_POS']]);
    expect(describeLogEntry(logged[0]!).text).toBe('Rechnung übersprungen, weil es eine Kassenbestellung (POS) ist');
    // Neither the linked order nor the webhook's was touched.
    const all = JSON.stringify(temporal.started);
    expect(all).not.toContain(String(linked.id));
    expect(all).not.toContain(String(webhookOrder!.id));
  }, 60_000);

  it('hands nothing over twice when invoices are switched on again', async () => {
    expect(await importedOrdersToHandOver(database.db, SHOP)).toEqual([]);
    const temporal = recordingTemporal();
    const result = await new MockActivityEnvironment(
      { taskQueue: 'belegfluss-background' },
      { client: temporal.client },
    ).run(() => activities().handOverImportedOrders(SHOP));
    expect(result).toEqual({ handedOver: 0, skipped: 0 });
    expect(temporal.started).toEqual([]);
    expect(await eventLogTable.count(database.db, { shopId: SHOP, event: 'invoice.skipped' })).toBe(1);
  }, 60_000);
});
