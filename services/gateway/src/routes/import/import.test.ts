import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ShopifyOrderSchema } from '@belegfluss/shared';
import {
  connectLexware,
  installFromSandbox,
  sandboxControl,
  startHarness,
  startWorker,
  type Harness,
} from '../../../test/harness';
import { SHOPIFY_NOT_CONNECTED } from '@belegfluss/shopify';
import { IMPORT_MESSAGES } from './import';
import { documentsTable, ordersTable, shopsTable, wizardImportsTable } from '@belegfluss/db/testing';

/**
 * The connect wizard's import as a workflow: the gateway starts it and
 * answers its progress; the worker reads the orders through a Shopify bulk export and links
 * the Lexware documents that name them in the shop's order number format.
 */
let h: Harness;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
const S = 'import-a.myshopify.com'; // connected, read_all_orders, order numbers "B-1001-X"
const NO_SCOPE = 'import-b.myshopify.com';
const NO_LEXWARE = 'import-c.myshopify.com';
let lexware: Awaited<ReturnType<typeof connectLexware>>;
let imported: { id: number; name: string }[] = [];
let bigOrderId = 0;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
type Created = { order: { id: number; name: string } };

async function voucher(
  path: 'invoices' | 'credit-notes',
  texts: { title?: string; introduction?: string; remark?: string },
  query = '',
): Promise<string> {
  const body = {
    voucherDate: '2026-11-20T10:00:00.000+01:00',
    address: { name: 'Erika Muster', street: 'Hauptstraße 1', zip: '10115', city: 'Berlin', countryCode: 'DE' },
    lineItems: [
      {
        type: 'custom',
        name: 'Tasse',
        quantity: 1,
        unitName: 'Stück',
        unitPrice: { currency: 'EUR', grossAmount: 11.9, taxRatePercentage: 19 },
      },
    ],
    totalPrice: { currency: 'EUR' },
    taxConditions: { taxType: 'gross' },
    ...(path === 'invoices' ? { shippingConditions: { shippingType: 'none' } } : {}),
    ...texts,
  };
  const res = await fetch(`${h.sandbox!.urls.lexwareApi}/${path}?finalize=true${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${lexware.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`sandbox answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** Polls the wizard's document step as the shell does, until it says it is done. */
async function documentsDone(shop: string) {
  for (;;) {
    const res = await h.call(shop, 'POST', '/api/lexoffice/import');
    if (res.status !== 200 || !res.body.continue) return res;
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  h = await startHarness({ sandbox: true });
  worker = await startWorker(h);
  await sandboxControl(h, '/shops', { shop: S, orderPrefix: 'B-', orderSuffix: '-X' });
  await installFromSandbox(h, S, ['read_orders', 'write_orders', 'read_all_orders']);
  lexware = await connectLexware(h, S);
  const recent = await sandboxControl<Created[]>(h, `/shops/${S}/orders`, {
    createdAt: daysAgo(10),
    count: 5,
    paid: true,
  });
  // One order with more line items than any first page would hold.
  const big = await sandboxControl<Created>(h, `/shops/${S}/orders`, {
    createdAt: daysAgo(5),
    paid: true,
    lineItems: Array.from({ length: 12 }, (_, i) => ({
      title: `Artikel ${i + 1}`,
      price: 10 + i,
      quantity: 1,
      taxRate: 0.19,
    })),
  });
  const more = await sandboxControl<Created>(h, `/shops/${S}/orders`, { createdAt: daysAgo(3), paid: true });
  imported = [...recent.map((r) => r.order), big.order, more.order];
  bigOrderId = big.order.id;
  await sandboxControl(h, `/shops/${S}/orders`, { createdAt: daysAgo(90), paid: true }); // older than the import window
  await installFromSandbox(h, NO_SCOPE, ['read_orders', 'write_orders']);
  await connectLexware(h, NO_SCOPE);
  await installFromSandbox(h, NO_LEXWARE, ['read_orders', 'read_all_orders']);
}, 90_000);
afterAll(async () => (worker ? worker.stop() : h?.stop()));

describe('the connect wizard import, as a workflow', () => {
  let invoice = '';
  let credit = '';

  it('reads the last 60 days through a bulk export and links exactly the documents naming an order', async () => {
    const [first, second, third] = imported;
    // The app already made the invoice of the third order; a Lexware document naming it is not ours to link.
    await documentsTable.insert(h.db, {
      shopId: S,
      orderId: String(third!.id),
      orderName: third!.name,
      type: 'invoice',
      intentKey: `invoice:${third!.id}`,
      lexwareId: 'made-by-app',
      status: 'open',
    });
    invoice = await voucher('invoices', { title: 'Rechnung', remark: `Bestellung ${first!.name}` });
    credit = await voucher(
      'credit-notes',
      { introduction: `Gutschrift zu ${first!.name}.` },
      `&precedingSalesVoucherId=${invoice}`,
    );
    await voucher('invoices', { remark: `Auftrag ${second!.name}` });
    await voucher('invoices', { remark: `Bestellung ${third!.name}` });
    await voucher('invoices', { remark: `${first!.name}1 und B-99999-X` }); // runs on; no such order
    await voucher('invoices', { remark: `Bestellung #${second!.name.slice(2, -2)}` }); // not the shop's format
    await voucher('invoices', { remark: 'Danke für deinen Einkauf' });

    const started = await h.call(S, 'POST', '/api/orders/import');
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'running', continue: true });
    // A second start while it runs joins the same run.
    expect((await h.call(S, 'POST', '/api/orders/import')).body.continue).toBe(true);
    expect(await wizardImportsTable.count(h.db, { shopId: S })).toBe(1);

    const done = await documentsDone(S);
    expect(done.body).toEqual({ continue: false, progress: 100, found: 7, affected: 3, assigned: 3, status: 'done' });
    expect((await h.call(S, 'GET', '/api/orders/import/wizard')).body).toEqual({
      affected: 7,
      continue: false,
      status: 'completed',
    });

    const rows = await ordersTable.list(h.db, { shopId: S });
    expect(rows.map((r) => Number(r.orderId)).sort()).toEqual(imported.map((o) => o.id).sort());
    const big = ShopifyOrderSchema.parse(rows.find((r) => r.orderId === String(bigOrderId))!.snapshot);
    expect(big.line_items.map((l) => l.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Artikel ${i + 1}`));
    expect(big.line_items[0]!.tax_lines[0]!.rate).toBeGreaterThan(0);
    expect(big.financial_status).toBe('paid');
    expect(big.shipping_lines.length).toBeGreaterThan(0);
    expect(big.billing_address?.country_code).toBe('DE');

    const docs = await documentsTable.list(h.db, { shopId: S }, { orderBy: 'intentKey' });
    expect(docs.map((d) => [d.intentKey, d.lexwareId])).toEqual([
      [`credit:matched:${credit}`, credit],
      [`invoice:${first!.id}`, invoice],
      [`invoice:${second!.id}`, expect.any(String)],
      [`invoice:${third!.id}`, 'made-by-app'],
    ]);
  });

  it('a new run links nothing twice and still reports the true count', async () => {
    expect((await h.call(S, 'POST', '/api/orders/import')).body.continue).toBe(true);
    const done = await documentsDone(S);
    expect(done.body).toMatchObject({ continue: false, found: 7, assigned: 3 });
    expect(await documentsTable.count(h.db, { shopId: S })).toBe(4);
    expect(await ordersTable.count(h.db, { shopId: S })).toBe(7);
  });

  it('starts a run the gateway claimed but did not start before it stopped, once', async () => {
    await wizardImportsTable.update(h.db, { shopId: S }, { workflowId: `wizard:${S}:lost`, status: 'running' });
    const done = await documentsDone(S);
    expect(done.body).toMatchObject({ continue: false, found: 7, assigned: 3 });
    expect(await wizardImportsTable.one(h.db, { shopId: S })).toMatchObject({
      workflowId: `wizard:${S}:lost`,
      status: 'completed',
      orders: 7,
      linked: 3,
    });
    expect(await documentsTable.count(h.db, { shopId: S })).toBe(4);
  });

  it('a run terminated by hand (support, in the Temporal UI) reads as failed, and asking again starts a new run that finishes', async () => {
    // Terminated before its worker can finish: the gateway would otherwise repeat its last progress for ever.
    await wizardImportsTable.update(h.db, { shopId: S }, { status: 'completed' });
    expect((await h.call(S, 'POST', '/api/orders/import')).body.continue).toBe(true);
    const { workflowId: terminated } = await wizardImportsTable.one(h.db, { shopId: S });
    await h.temporal.client.workflow.getHandle(terminated).terminate('von Hand beendet');
    // The document step's poll finds the run ended; the order step's poll reads the same end.
    expect((await h.call(S, 'POST', '/api/lexoffice/import')).body).toMatchObject({
      continue: false,
      status: 'failed',
    });
    expect((await h.call(S, 'GET', '/api/orders/import/wizard')).body).toMatchObject({
      continue: false,
      status: 'failed',
    });
    expect(await wizardImportsTable.one(h.db, { shopId: S })).toMatchObject({
      workflowId: terminated,
      status: 'failed',
    });
    // The wizard's "Erneut versuchen": a new run, which links nothing twice.
    const done = await documentsDone(S);
    expect(done.body).toMatchObject({ continue: false, found: 7, assigned: 3, status: 'done' });
    expect((await wizardImportsTable.one(h.db, { shopId: S })).workflowId).not.toBe(terminated);
    expect(await documentsTable.count(h.db, { shopId: S })).toBe(4);
  });

  it('counts the imported orders switching invoices on will invoice, and switching them on invoices exactly those', async () => {
    // Seven imported, three with a document already: four to invoice. (Last of the runs above: their
    // counts of Lexware's documents would include the invoices made here.)
    expect((await h.call(S, 'GET', '/api/orders/import/wizard/invoices')).body).toEqual({ orders: 4 });
    const before = await documentsTable.list(h.db, { shopId: S });
    const on = await h.call(S, 'POST', '/api/shop/enable/true', { invoiceCreate: true, creditCreate: false });
    expect(on.status).toBe(200);
    const invoiced = async () =>
      (await documentsTable.list(h.db, { shopId: S, type: 'invoice' })).filter((d) => d.lexwareId !== null);
    await vi.waitUntil(async () => (await invoiced()).length === 7, { timeout: 120_000, interval: 500 });
    const mine = (await invoiced()).filter((d) => !before.some((b) => b.intentKey === d.intentKey));
    expect(mine.map((d) => d.orderId).sort()).toEqual(
      imported
        .slice(3)
        .map((o) => String(o.id))
        .sort(),
    );
    // Handed over: nothing left to count, and switching on again hands nothing over twice.
    expect((await h.call(S, 'GET', '/api/orders/import/wizard/invoices')).body).toEqual({ orders: 0 });
    expect((await h.call(S, 'POST', '/api/shop/enable/true', { invoiceCreate: true })).status).toBe(200);
    expect(await documentsTable.count(h.db, { shopId: S, type: 'invoice' })).toBe(7);
  }, 150_000);

  it('answers 403 naming read_all_orders when the scope is missing', async () => {
    const res = await h.call(NO_SCOPE, 'POST', '/api/orders/import');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(IMPORT_MESSAGES.scopeMissing);
  });

  it('answers 400 in German when Lexware Office is not connected, or the shop has no Shopify token', async () => {
    expect(await h.call(NO_LEXWARE, 'POST', '/api/orders/import')).toMatchObject({
      status: 400,
      body: { message: 'Lexware Office ist nicht verbunden.' },
    });
    expect(await h.call(NO_LEXWARE, 'POST', '/api/lexoffice/import')).toMatchObject({
      status: 400,
      body: { message: 'Lexware Office ist nicht verbunden.' },
    });
    await h.install('import-e.myshopify.com');
    await shopsTable.update(h.db, { id: 'import-e.myshopify.com' }, { missingAccessToken: true });
    expect(await h.call('import-e.myshopify.com', 'POST', '/api/orders/import')).toMatchObject({
      status: 400,
      body: { message: SHOPIFY_NOT_CONNECTED },
    });
    expect(await h.call(NO_SCOPE, 'GET', '/api/orders/import/wizard')).toMatchObject({
      status: 404,
      body: { message: IMPORT_MESSAGES.noRun },
    });
  });
});
