import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, merchant } from './merchant';
import { openAllFeatures, startStack, type Stack } from './stack';
import { documentsTable, eventLogTable, shopsTable, webhookInboxTable } from '@belegfluss/db/testing';

/**
 * Metafields end to end: the real worker on the real Temporal dev server, the
 * gateway, PostgreSQL and the sandbox's Shopify and Lexware. Values are read back from
 * the sandbox's Shopify Admin GraphQL, as a merchant's theme or notification would.
 */
let stack: Stack;
const shop = 'metafelder.myshopify.com';
const m = () => merchant(stack, shop);
let merchantToken: string;

beforeAll(async () => {
  stack = await startStack();
  await m().createShop();
  await m().install();
  await m().connectLexware();
  await openAllFeatures(stack, shop);
  // The merchant's own token, to set their metafields and to look at what the app wrote.
  merchantToken = (
    await m().json<{ access_token: string }>(`${stack.sandbox.urls.control}/control/shops/${shop}/access-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: ['write_orders', 'read_products'] }),
    })
  ).access_token;
}, 120_000);
afterAll(async () => stack?.stop());

async function shopify<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const url = `${stack.sandbox.urls.shopifyAdmin.replace('{shop}', shop)}/admin/api/${stack.settings.shopify.apiVersion}/graphql.json`;
  const res = await m().json<{ data: T; errors?: unknown }>(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': merchantToken },
    body: JSON.stringify({ query, variables }),
  });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data;
}

/** The merchant's own order metafield, as a theme app or Flow would set it. */
const setPoNumber = (ownerId: string, value: string) =>
  shopify('mutation s($m: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $m) { userErrors { message } } }', {
    m: [{ ownerId, namespace: 'custom', key: 'po_number', type: 'single_line_text_field', value }],
  });

interface Metafield {
  key: string;
  value: string;
  type: string;
  updatedAt: string;
}
const written = async (orderGid: string): Promise<Record<string, Metafield>> => {
  const data = await shopify<{ order: { metafields: { nodes: Metafield[] } } }>(
    'query q($id: ID!) { order(id: $id) { metafields(first: 20, namespace: "belegfluss") { nodes { key value type updatedAt } } } }',
    { id: orderGid },
  );
  return Object.fromEntries(data.order.metafields.nodes.map((n) => [n.key, n]));
};

const patch = (section: string, body: unknown) =>
  m().api(`/api/preferences/${section}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const logs = (event: string, orderId?: number) =>
  eventLogTable.list(
    stack.db,
    { shopId: shop, event, ...(orderId ? { orderId: String(orderId) } : {}) },
    { orderBy: 'id' },
  );
const invoiceOf = (orderId: number) =>
  eventually(
    async () =>
      await documentsTable.first(
        stack.db,
        { shopId: shop, type: 'invoice', orderId: String(orderId) },
        { notNull: ['lexwareId'] },
      ),
    90_000,
  );

async function paidOrder() {
  const { order } = await m().createOrder({ scenario: 'de_b2c' });
  return order as typeof order & { admin_graphql_api_id: string };
}

const WRITE = [
  { value: 'invoice_number', namespace: 'belegfluss', key: 'invoice_number' },
  { value: 'invoice_pdf_save', namespace: 'belegfluss', key: 'invoice_pdf' },
  { value: 'invoice_json', namespace: 'belegfluss', key: 'invoice' },
  { value: 'credits_number', namespace: 'belegfluss', key: 'credit_numbers' },
];

describe('metafields', () => {
  it('reads a metafield into the invoice title and writes the invoice to the order, once', async () => {
    await patch('metafields', { read: [{ resource: 'order', namespace: 'custom', key: 'po_number' }], write: WRITE });
    await patch('invoices', { invoiceLayout: { title: 'Rechnung {METAFIELD.ORDER.CUSTOM.PO_NUMBER}' } });
    const order = await paidOrder();
    await setPoNumber(order.admin_graphql_api_id, 'PO-4711');
    await m().payOrder(order.id);

    const invoice = await invoiceOf(order.id);
    const lexware = await m().json<{ id: string; title: string }[]>(
      `${stack.sandbox.urls.control}/control/lexware/invoices`,
    );
    expect(lexware.find((i) => i.id === invoice.lexwareId)?.title).toBe('Rechnung PO-4711');

    const values = await eventually(async () => {
      const v = await written(order.admin_graphql_api_id);
      return v.invoice_number && v;
    });
    // Lexware's create answers only the id: the metafield write learned the number, and the row keeps it.
    const { number } = (await documentsTable.first(stack.db, { lexwareId: invoice.lexwareId })) as {
      number: string | null;
    };
    expect(number).toMatch(/^RE\d+/);
    expect(values.invoice_number).toMatchObject({ type: 'single_line_text_field', value: number });
    expect(values.invoice_pdf).toMatchObject({
      type: 'url',
      value: `${stack.settings.appUrl}/documents/${invoice.pdfToken}/download`,
    });
    expect(JSON.parse(values.invoice!.value)).toMatchObject({ number, id: invoice.lexwareId });
    expect(values.credit_numbers).toBeUndefined(); // no credit note yet
    // The link a notification would carry opens the PDF.
    const pdf = await fetch(values.invoice_pdf!.value);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    // Later events for the same order (fulfilment, the same webhook again) write nothing more.
    const fulfil = await m().json<{ deliveries: { webhookId: string }[] }>(
      `${stack.sandbox.urls.control}/control/shops/${shop}/orders/${order.id}/fulfil`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' },
    );
    await fetch(
      `${stack.sandbox.urls.control}/control/shops/${shop}/webhooks/${fulfil.deliveries[0]!.webhookId}/redeliver`,
      { method: 'POST' },
    );
    await eventually(async () => {
      const rows = await webhookInboxTable.list(
        stack.db,
        { shopId: shop },
        { in: { webhookId: fulfil.deliveries.map((d) => d.webhookId) } },
      );
      return (
        rows.length === fulfil.deliveries.length && rows.every((r) => r.status !== 'received' && r.status !== 'started')
      );
    }, 60_000);
    expect(await logs('metafields.written', order.id)).toHaveLength(1);
    expect((await written(order.admin_graphql_api_id)).invoice_number?.updatedAt).toBe(
      values.invoice_number!.updatedAt,
    );

    // A refund makes a credit note: only its new value is written, the invoice's stay untouched.
    await m().json(`${stack.sandbox.urls.control}/control/shops/${shop}/orders/${order.id}/refund`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'full' }),
    });
    const after = await eventually(async () => {
      const v = await written(order.admin_graphql_api_id);
      return v.credit_numbers && v;
    }, 90_000);
    const credit = await documentsTable.one(stack.db, { shopId: shop, type: 'credit', orderId: String(order.id) });
    expect(JSON.parse(after.credit_numbers!.value)).toEqual([credit.number]);
    expect(after.invoice_number?.updatedAt).toBe(values.invoice_number!.updatedAt);
    // The log row is written just after Shopify took the values: wait for it rather than race it.
    const log = await eventually(async () => {
      const l = await logs('metafields.written', order.id);
      return l.length >= 2 && l;
    }, 30_000);
    expect(log.map((l) => l.body.keys)).toEqual([
      ['belegfluss.invoice_number', 'belegfluss.invoice_pdf', 'belegfluss.invoice'],
      ['belegfluss.credit_numbers'],
    ]);
  }, 240_000);

  it('writes and reads nothing once the entries are removed', async () => {
    await patch('metafields', { read: [], write: [] });
    const order = await paidOrder();
    await setPoNumber(order.admin_graphql_api_id, 'PO-9');
    await m().payOrder(order.id);
    const invoice = await invoiceOf(order.id);
    const lexware = await m().json<{ id: string; title: string }[]>(
      `${stack.sandbox.urls.control}/control/lexware/invoices`,
    );
    expect(lexware.find((i) => i.id === invoice.lexwareId)?.title).toBe('Rechnung'); // the placeholder is empty now
    expect(await written(order.admin_graphql_api_id)).toEqual({});
    expect(await logs('metafields.written', order.id)).toHaveLength(0);
  }, 180_000);

  it('logs MISSING_SCOPE when write_orders is not granted, and still makes the invoice', async () => {
    await patch('metafields', { write: WRITE });
    // The shop was re-authorised without write_orders (a merchant can decline scopes).
    await shopsTable.update(stack.db, { id: shop }, { shopifyScopes: ['read_orders', 'read_customers'] });
    const order = await paidOrder();
    await m().payOrder(order.id);
    await invoiceOf(order.id);
    const [failed] = await eventually(async () => {
      const rows = await logs('metafields.write.failed', order.id);
      return rows.length > 0 && rows;
    }, 60_000);
    expect(failed).toMatchObject({ status: 'warning', origin: 'shopify' });
    expect(failed!.body).toMatchObject({ reason: 'MISSING_SCOPE', scope: 'write_orders' });
    expect(await written(order.admin_graphql_api_id)).toEqual({});
  }, 180_000);
});
