import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing';
import {
  chargeTransfer,
  claimIntent,
  completeDocument,
  createSecretBox,
  inTransaction,
  markAttempted,
  recordDeliveries,
  markSignalled,
  unsignalledDeliveries,
  recordDelivery,
  reserveTransfer,
  saveShopInstall,
  shopView,
  type Db,
} from './index';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await createTestDatabase()));
afterAll(async () => drop());

/** The invoice intent of the shop's order n. */
const invoiceIntent = (shopId: string, n: number) =>
  claimIntent(db, { shopId, type: 'invoice', intentKey: `invoice:${n}`, orderId: String(n), orderName: `#${n}` });

describe('stores against the real PostgreSQL', () => {
  it('seeds the plans', async () => {
    const plans = await db('plans').orderBy('sort');
    expect(plans.map((p) => [p.id, p.transfers_quota, p.monthly_price])).toContainEqual(['standard', 300, 18.99]);
    expect(plans).toHaveLength(8);
  });

  it('claims one intent once, charges one transfer once, and counts the invoice', async () => {
    await saveShopInstall(db, { shopId: 'a.myshopify.com', tokenEnc: 'x', scopes: ['read_orders'] });
    const first = await claimIntent(db, {
      shopId: 'a.myshopify.com',
      type: 'invoice',
      intentKey: 'invoice:1',
      orderId: '1',
      orderName: '#1001',
    });
    const again = await claimIntent(db, {
      shopId: 'a.myshopify.com',
      type: 'invoice',
      intentKey: 'invoice:1',
      orderId: '1',
      orderName: '#1001',
    });
    expect(again.id).toBe(first.id);
    await markAttempted(db, first.id);
    await completeDocument(db, first.id, {
      lexwareId: 'lx-1',
      contactId: 'c-1',
      number: 'RE0001',
      title: 'Rechnung',
      status: 'open',
      total: 10,
      voucherDate: '2026-11-21T10:00:00.000+01:00',
      pdfToken: 'a'.repeat(32),
    });
    expect(await chargeTransfer(db, 'a.myshopify.com', first.id)).toMatchObject({ charged: true, used: 1, quota: 10 });
    expect(await chargeTransfer(db, 'a.myshopify.com', first.id)).toMatchObject({
      charged: false,
      reason: 'ALREADY_CHARGED',
      used: 1,
    });
    const view = await shopView(db, 'a.myshopify.com');
    expect(view?.stat.invoice.created).toBe(1);
    expect(view?.plan.credits).toMatchObject({ used: 1, quota: 10 });
  });

  it('refuses a transfer when the quota is used up', async () => {
    await saveShopInstall(db, { shopId: 'b.myshopify.com', tokenEnc: 'x', scopes: [] });
    await db('shops').where({ id: 'b.myshopify.com' }).update({ transfers_quota: 1 });
    const d1 = await claimIntent(db, {
      shopId: 'b.myshopify.com',
      type: 'invoice',
      intentKey: 'invoice:1',
      orderId: '1',
      orderName: '#1',
    });
    const d2 = await claimIntent(db, {
      shopId: 'b.myshopify.com',
      type: 'invoice',
      intentKey: 'invoice:2',
      orderId: '2',
      orderName: '#2',
    });
    expect((await chargeTransfer(db, 'b.myshopify.com', d1.id)).charged).toBe(true);
    expect(await chargeTransfer(db, 'b.myshopify.com', d2.id)).toMatchObject({ charged: false, reason: 'NO_CREDITS' });
  });

  it('lets only as many documents at once start their Lexware call as transfers are left', async () => {
    const shop = 'c.myshopify.com';
    await saveShopInstall(db, { shopId: shop, tokenEnc: 'x', scopes: [] });
    await db('shops').where({ id: shop }).update({ transfers_quota: 3 });
    const docs = await Promise.all([1, 2, 3, 4, 5].map((n) => invoiceIntent(shop, n)));
    // Five orders at the same moment, three transfers: three calls may go out, the others wait.
    const answers = await Promise.all(docs.map((d) => reserveTransfer(db, shop, d.id)));
    expect(answers.filter((a) => a.ok)).toHaveLength(3);
    // Asking again for a document already under way does not count it twice.
    const going = docs.filter((_, i) => answers[i]!.ok);
    expect((await reserveTransfer(db, shop, going[0]!.id)).ok).toBe(true);
    // Once a call is answered and charged, the count is the ledger's: still no room for a fourth.
    await completeDocument(db, going[0]!.id, {
      lexwareId: 'lex-c-1',
      contactId: null,
      number: 'RE-1',
      title: 'Rechnung',
      status: 'open',
      total: 10,
      voucherDate: '2026-11-21T10:00:00.000+01:00',
      pdfToken: 'c'.repeat(32),
    });
    expect((await chargeTransfer(db, shop, going[0]!.id)).charged).toBe(true);
    const waiting = docs.find((_, i) => !answers[i]!.ok)!;
    expect(await reserveTransfer(db, shop, waiting.id)).toMatchObject({ ok: false, used: 1, quota: 3 });
  });

  it("charges and reserves by the running import's raised quota, and a charge inside a transaction joins it", async () => {
    const shop = 'boost.myshopify.com';
    await saveShopInstall(db, { shopId: shop, tokenEnc: 'x', scopes: ['read_orders'] });
    await db('shops').where({ id: shop }).update({ transfers_quota: 1 });
    const doc = (n: number) => invoiceIntent(shop, n);
    const first = await doc(1);
    expect(await chargeTransfer(db, shop, first.id)).toMatchObject({ charged: true, used: 1, quota: 1 });
    expect(await reserveTransfer(db, shop, (await doc(2)).id)).toMatchObject({ ok: false, used: 1, quota: 1 });
    // A bought import raises the quota for 30 days; an older one no longer does.
    await db('purchases').insert({
      shop_id: shop,
      feature: 'orderImport',
      price: 1,
      status: 'active',
      activated_at: new Date(),
    });
    expect(await reserveTransfer(db, shop, (await doc(2)).id)).toMatchObject({ ok: true, used: 1, quota: 5 });
    const second = await doc(3);
    const charged = await inTransaction(db, (trx) => chargeTransfer(trx, shop, second.id));
    expect(charged).toMatchObject({ charged: true, used: 2, quota: 5 });
    expect(await chargeTransfer(db, shop, second.id)).toMatchObject({
      charged: false,
      reason: 'ALREADY_CHARGED',
      used: 2,
    });
    await db('purchases')
      .where({ shop_id: shop })
      .update({ activated_at: new Date(Date.now() - 31 * 86_400_000) });
    expect(await chargeTransfer(db, shop, (await doc(4)).id)).toMatchObject({
      charged: false,
      reason: 'NO_CREDITS',
      quota: 1,
    });
  });

  it('dedupes webhook deliveries by webhook id and by topic + event id', async () => {
    const d = {
      webhookId: 'w1',
      eventId: 'e1',
      shopId: 'a.myshopify.com',
      topic: 'orders/paid',
      resourceId: '1',
      triggeredAt: null,
      body: { id: 1 },
    };
    expect(await recordDelivery(db, d)).toBe(true);
    expect(await recordDelivery(db, d)).toBe(false);
    expect(await recordDelivery(db, { ...d, webhookId: 'w2' })).toBe(false);
    expect(await recordDelivery(db, { ...d, webhookId: 'w3', topic: 'orders/updated' })).toBe(true);
    // The gateway's group commit: one insert, an answer per delivery, a repeat within the batch not new.
    const batch = [
      { ...d, webhookId: 'w4', eventId: 'e4' },
      { ...d, webhookId: 'w1' },
      { ...d, webhookId: 'w4', eventId: 'e4' },
      { ...d, webhookId: 'w5', eventId: 'e5' },
    ];
    expect(await recordDeliveries(db, batch)).toEqual([true, false, false, true]);
    // Stored as the text that arrived, when the gateway hands it over.
    expect(await recordDeliveries(db, [{ ...d, webhookId: 'w6', eventId: 'e6', json: '{"id": 6}' }])).toEqual([true]);
    expect((await db('webhook_inbox').where({ webhook_id: 'w6' }).first()).body).toEqual({ id: 6 });
  });

  it('hands out unsignalled deliveries oldest first, page by page, and not the signalled ones', async () => {
    const d = { eventId: null, shopId: 'a.myshopify.com', topic: 'orders/paid', resourceId: '1', triggeredAt: null };
    await recordDeliveries(
      db,
      ['p1', 'p2', 'p3', 'p4'].map((webhookId) => ({ ...d, webhookId, body: { id: webhookId } })),
    );
    await markSignalled(db, ['p2']);
    const ours = (r: { deliveries: { webhookId: string }[] }) =>
      r.deliveries.map((x) => x.webhookId).filter((id) => id.startsWith('p'));
    const all = await unsignalledDeliveries(db, -60_000, 1000);
    expect(ours(all)).toEqual(['p1', 'p3', 'p4']);
    const first = await unsignalledDeliveries(db, -60_000, all.deliveries.length - 2);
    const rest = await unsignalledDeliveries(db, -60_000, 1000, first.cursor);
    expect([...ours(first), ...ours(rest)]).toEqual(['p1', 'p3', 'p4']);
    expect(ours(rest)).toEqual(['p3', 'p4']);
  });

  it('seals secrets so that they open again and differ each time', () => {
    const box = createSecretBox(Buffer.alloc(32, 7).toString('base64'));
    const a = box.seal('geheim');
    expect(a).not.toContain('geheim');
    expect(box.seal('geheim')).not.toBe(a);
    expect(box.open(a)).toBe('geheim');
  });
});

describe("an order round's end", () => {
  it('writes its log entries and settles its deliveries together, or neither', async () => {
    const { settleRound } = await import('./index');
    const shopId = 'a.myshopify.com';
    for (const id of ['r1', 'r2'])
      await recordDelivery(db, {
        webhookId: id,
        eventId: null,
        shopId,
        topic: 'orders/create',
        resourceId: '7',
        triggeredAt: null,
        body: {},
      });
    const entry = { shopId, origin: 'invoice', event: 'invoice.skipped', status: 'info', orderId: '7' } as const;
    const logged = () => db('event_log').where({ shop_id: shopId, order_id: '7' }).orderBy('id').pluck('body');
    const status = (id: string) =>
      db('webhook_inbox')
        .where({ webhook_id: id })
        .first()
        .then((r) => r.status);

    // The second entry names a shop that does not exist: the first entry and the settling are undone with it.
    await expect(
      settleRound(db, [entry, { ...entry, shopId: 'none.myshopify.com' }], ['r1'], 'skipped'),
    ).rejects.toThrow();
    expect(await logged()).toEqual([]);
    expect(await status('r1')).toBe('received');

    await settleRound(db, [entry, { ...entry, body: { reason: 'WAIT' } }], ['r1'], 'skipped');
    expect(await logged()).toEqual([{}, { reason: 'WAIT' }]);
    expect(await status('r1')).toBe('skipped');
    await settleRound(db, [], ['r2'], 'successful');
    expect(await status('r2')).toBe('successful');
  });
});

describe('order snapshots', () => {
  it('keeps the newest snapshot when webhooks arrive out of order', async () => {
    const { upsertOrder } = await import('./index');
    const { ShopifyOrderSchema } = await import('@belegfluss/shared');
    const order = (financial_status: string, updated_at: string) =>
      ShopifyOrderSchema.parse({
        id: 9,
        name: '#1009',
        created_at: '2026-11-21T10:00:00Z',
        updated_at,
        currency: 'EUR',
        financial_status,
        total_price: '5.00',
        line_items: [],
      });
    await upsertOrder(db, 'a.myshopify.com', order('paid', '2026-11-21T10:05:00Z'));
    await upsertOrder(db, 'a.myshopify.com', order('pending', '2026-11-21T10:01:00Z'));
    const row = await db('orders').where({ shop_id: 'a.myshopify.com', order_id: '9' }).first();
    expect(row.financial_status).toBe('paid');
  });
});

describe('the shared Lexware rate slots', () => {
  it('spaces reservations 500 ms apart, whichever process asks', async () => {
    const { reserveSlot } = await import('./index');
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) waits.push(await reserveSlot(db, 'lexware:test', 500));
    expect(waits[0]).toBe(0);
    // each later reservation waits about half a second longer than the one before
    for (let i = 1; i < 4; i++) expect(waits[i]! - waits[i - 1]!).toBeGreaterThan(450);
  });
});
