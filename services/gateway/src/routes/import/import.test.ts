import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveShopInstall } from '@belegfluss/db';
import { ShopifyOrderSchema } from '@belegfluss/shared';
import { orderWorkflowId } from '@belegfluss/workflows/api';
import { connectLexware, seedOrder, startHarness, type Harness } from '../../testing/harness';
import { IMPORT_MESSAGES } from './import';

let h: Harness;
const S = 'import-a.myshopify.com'; // connected, with read_all_orders
const NO_SCOPE = 'import-b.myshopify.com';
const NO_LEXWARE = 'import-c.myshopify.com';
const DOCS = 'import-d.myshopify.com';
let lexware: Awaited<ReturnType<typeof connectLexware>>;
let importedIds: number[] = [];
let bigOrderId = 0;

const control = async (path: string, body: unknown) => {
  const res = await fetch(`${h.sandbox!.urls.control}/control${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};

/** A sandbox shop whose Admin token (with `scopes`) is stored sealed, as the OAuth callback would. */
async function installWithSandboxToken(shop: string, scopes: string[]) {
  await control('/shops', { shop });
  const { access_token } = await control(`/shops/${shop}/access-token`, { scopes }) as { access_token: string };
  await saveShopInstall(h.db, { shopId: shop, tokenEnc: h.gateway.gw.box.seal(access_token), scopes });
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

beforeAll(async () => {
  h = await startHarness({ sandbox: true });
  await installWithSandboxToken(S, ['read_orders', 'write_orders', 'read_all_orders']);
  await connectLexware(h, S);
  const recent = await control(`/shops/${S}/orders`, { createdAt: daysAgo(10), count: 5, paid: true }) as unknown as { order: { id: number } }[];
  // One order past the first line-item page; seven orders span two order pages.
  const big = await control(`/shops/${S}/orders`, { createdAt: daysAgo(5), paid: true, lineItems: Array.from({ length: 12 }, (_, i) => ({ title: `Artikel ${i + 1}`, price: 10 + i, quantity: 1, taxRate: 0.19 })) }) as { order: { id: number } };
  const more = await control(`/shops/${S}/orders`, { createdAt: daysAgo(3), paid: true }) as { order: { id: number } };
  importedIds = [...recent.map((r) => r.order.id), big.order.id, more.order.id];
  bigOrderId = big.order.id;
  await control(`/shops/${S}/orders`, { createdAt: daysAgo(90), paid: true }); // older than the import window
  await installWithSandboxToken(NO_SCOPE, ['read_orders', 'write_orders']);
  await connectLexware(h, NO_SCOPE);
  await installWithSandboxToken(NO_LEXWARE, ['read_orders', 'read_all_orders']);
  await h.install(DOCS);
  lexware = await connectLexware(h, DOCS);
}, 60_000);
afterAll(async () => h?.stop());

describe('POST /api/orders/import', () => {
  it('imports the last 60 days through Admin GraphQL and hands each order to its workflow', async () => {
    const res = await h.call(S, 'POST', '/api/orders/import');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ affected: 7 });
    const rows = await h.db('orders').where({ shop_id: S }).orderBy('order_id');
    expect(rows.map((r: { order_id: string }) => Number(r.order_id)).sort()).toEqual([...importedIds].sort());
    // The stored snapshot is the webhook-shaped order the workflow reads.
    const snapshot = ShopifyOrderSchema.parse(rows[0].snapshot);
    expect(snapshot.line_items.length).toBeGreaterThan(0);
    expect(snapshot.line_items[0]!.tax_lines[0]!.rate).toBeGreaterThan(0);
    expect(typeof snapshot.line_items[0]!.id).toBe('number');
    expect(snapshot.financial_status).toBe('paid');
    expect(snapshot.billing_address?.country_code).toBe('DE');
    const big = ShopifyOrderSchema.parse(rows.find((r: { order_id: string }) => r.order_id === String(bigOrderId)).snapshot);
    expect(big.line_items.map((l) => l.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Artikel ${i + 1}`));

    const history = await h.temporal.client.workflow.getHandle(orderWorkflowId(S, importedIds[0]!)).fetchHistory();
    const signal = history.events!.find((e) => e.workflowExecutionSignaledEventAttributes)!.workflowExecutionSignaledEventAttributes!;
    const event = JSON.parse(Buffer.from(signal.input!.payloads![0]!.data!).toString()) as { topic: string; webhookId: string; order: { id: number } };
    expect(signal.signalName).toBe('shopifyEvent');
    expect(event.topic).toBe('orders/import');
    expect(event.webhookId).toBe(`import:${importedIds[0]}:${new Date().toISOString().slice(0, 10)}`);
    expect(event.order.id).toBe(importedIds[0]);
  });

  it('is safe to repeat: the same orders, no duplicates', async () => {
    expect((await h.call(S, 'POST', '/api/orders/import')).body).toEqual({ affected: 7 });
    expect(await h.db('orders').where({ shop_id: S }).count({ n: '*' }).first()).toEqual({ n: 7 });
  });

  it('answers 403 naming read_all_orders when the scope is missing', async () => {
    const res = await h.call(NO_SCOPE, 'POST', '/api/orders/import');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(IMPORT_MESSAGES.scopeMissing);
    expect(res.body.message).toContain('read_all_orders');
  });

  it('answers 400 in German when Lexware Office is not connected', async () => {
    const res = await h.call(NO_LEXWARE, 'POST', '/api/orders/import');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Lexware Office ist nicht verbunden.');
  });

  it('answers 400 in German when the shop has no Shopify token', async () => {
    await h.install('import-e.myshopify.com');
    await h.db('shops').where({ id: 'import-e.myshopify.com' }).update({ missing_access_token: true });
    const res = await h.call('import-e.myshopify.com', 'POST', '/api/orders/import');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(IMPORT_MESSAGES.shopifyMissing);
  });
});

describe('POST /api/lexoffice/import', () => {
  const voucher = async (path: 'invoices' | 'credit-notes', texts: { title?: string; introduction?: string; remark?: string }, query = '') => {
    const body = {
      voucherDate: '2026-11-20T10:00:00.000+01:00',
      address: { name: 'Erika Muster', street: 'Hauptstraße 1', zip: '10115', city: 'Berlin', countryCode: 'DE' },
      lineItems: [{ type: 'custom', name: 'Tasse', quantity: 1, unitName: 'Stück', unitPrice: { currency: 'EUR', grossAmount: 11.9, taxRatePercentage: 19 } }],
      totalPrice: { currency: 'EUR' }, taxConditions: { taxType: 'gross' },
      ...(path === 'invoices' ? { shippingConditions: { shippingType: 'none' } } : {}),
      ...texts,
    };
    const res = await fetch(`${h.sandbox!.urls.lexwareApi}/${path}?finalize=true${query}`, {
      method: 'POST', headers: { Authorization: `Bearer ${lexware.access_token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`sandbox answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  };

  it('links vouchers that name an order and leaves documents the app already made alone', async () => {
    for (const id of [1001, 1002, 1003]) await seedOrder(h.db, DOCS, { id });
    await h.db('documents').insert({ shop_id: DOCS, order_id: '1002', order_name: '#1002', type: 'invoice', intent_key: 'invoice:1002', lexoffice_id: 'made-by-app', status: 'open' });
    const invoice = await voucher('invoices', { title: 'Rechnung', remark: 'Bestellung #1001' });
    const credit = await voucher('credit-notes', { introduction: 'Gutschrift zu Bestellung #1001.' }, `&precedingSalesVoucherId=${invoice}`);
    await voucher('invoices', { remark: 'Bestellung #1002' }); // the app's own invoice exists: found, not assigned
    await voucher('invoices', { remark: 'Bestellung #10011' }); // not #1001, and no such order
    await voucher('invoices', { remark: 'Danke für deinen Einkauf' });

    const res = await h.call(DOCS, 'POST', '/api/lexoffice/import');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ continue: false, progress: 100, found: 3, affected: 2, assigned: 2 });
    const docs = await h.db('documents').where({ shop_id: DOCS }).orderBy('intent_key');
    expect(docs.map((d: { intent_key: string; lexoffice_id: string; type: string; status: string }) => [d.intent_key, d.type, d.lexoffice_id, d.status])).toEqual([
      [`credit:matched:${credit}`, 'credit', credit, 'paidoff'],
      ['invoice:1001', 'invoice', invoice, 'paid'], // the linked credit note settled it,
      ['invoice:1002', 'invoice', 'made-by-app', 'open'],
    ]);
    expect(docs.filter((d: { lexoffice_id: string }) => d.lexoffice_id !== 'made-by-app').every((d: { pdf_token: string | null }) => d.pdf_token)).toBe(true);
  });

  it('starts over after a finished run and links nothing twice', async () => {
    const res = await h.call(DOCS, 'POST', '/api/lexoffice/import');
    expect(res.body).toEqual({ continue: false, progress: 100, found: 3, affected: 0, assigned: 0 });
    expect(await h.db('documents').where({ shop_id: DOCS }).count({ n: '*' }).first()).toEqual({ n: 3 });
  });

  it('answers 400 in German when Lexware Office is not connected', async () => {
    const res = await h.call(NO_LEXWARE, 'POST', '/api/lexoffice/import');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Lexware Office ist nicht verbunden.');
  });
});
