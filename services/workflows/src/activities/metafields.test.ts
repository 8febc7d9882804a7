import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimIntent, completeDocument, createSecretBox, saveShopInstall } from '@belegfluss/db';
import { createTestDatabase, eventLogTable, shopsTable } from '@belegfluss/db/testing';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import type { ShopifyOrder } from '@belegfluss/shared';
import { readSettings } from '@belegfluss/shared/settings';
import { readOrderMetafields, writeOrderMetafields, type MetafieldDeps } from './metafields';
import { sandboxControl } from '../testing';

/** Real PostgreSQL and the sandbox's Shopify over HTTP: the activities exactly as the worker runs them. */
let sb: RunningSandbox;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let d: MetafieldDeps;
const settings = readSettings();
const box = createSecretBox(settings.encryptionKey);
const APP = 'https://belegfluss.example';

beforeAll(async () => {
  [sb, database] = await Promise.all([
    startSandbox({ ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 }, log: false, smtp: false }),
    createTestDatabase(),
  ]);
  d = {
    db: database.db,
    box,
    shopify: { adminUrl: sb.urls.shopifyAdmin, apiVersion: settings.shopify.apiVersion },
    appUrl: APP,
  };
});
afterAll(async () => {
  await sb?.stop();
  await database?.drop();
});

const control = sandboxControl(() => sb.urls.control);

/** A sandbox shop with an order, installed in our database with the given scopes. */
async function shopWithOrder(scopes: string[]): Promise<{ shop: string; order: ShopifyOrder; token: string }> {
  const shop = `mf-${randomBytes(3).toString('hex')}.myshopify.com`;
  await control('/shops', { shop });
  const { access_token: token } = await control<{ access_token: string }>(`/shops/${shop}/access-token`, { scopes });
  await saveShopInstall(database.db, { shopId: shop, tokenEnc: box.seal(token), scopes });
  const { order } = await control<{ order: ShopifyOrder }>(`/shops/${shop}/orders`, { scenario: 'de_b2c' });
  return { shop, order, token };
}

async function invoiceFor(shop: string, order: ShopifyOrder, number: string) {
  const doc = await claimIntent(database.db, {
    shopId: shop,
    type: 'invoice',
    intentKey: `invoice:${order.id}`,
    orderId: String(order.id),
    orderName: order.name,
  });
  return completeDocument(database.db, doc.id, {
    lexwareId: randomBytes(8).toString('hex'),
    contactId: 'contact-7',
    number,
    title: `Rechnung ${order.name}`,
    status: 'open',
    total: 10,
    voucherDate: '2026-11-21',
    pdfToken: randomBytes(16).toString('hex'),
  });
}

const sandboxMetafields = async (shop: string, order: ShopifyOrder) =>
  (
    await control<{
      metafields: Record<string, { namespace: string; key: string; value: string; type: string; updatedAt: string }[]>;
    }>(`/shops/${shop}`)
  ).metafields[order.admin_graphql_api_id!] ?? [];

const logs = (shop: string, event: string) => eventLogTable.list(database.db, { shopId: shop, event });

async function graphql(shop: string, token: string, query: string, variables: Record<string, unknown>) {
  const res = await fetch(
    `${sb.urls.shopifyAdmin.replace('{shop}', shop)}/admin/api/${settings.shopify.apiVersion}/graphql.json`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': token },
      body: JSON.stringify({ query, variables }),
    },
  );
  return (await res.json()) as { data?: unknown; errors?: unknown };
}

describe('writeOrderMetafields', () => {
  const entries = [
    { value: 'invoice_number' as const, namespace: 'belegfluss', key: 'invoice_number' },
    { value: 'invoice_pdf_save' as const, namespace: 'belegfluss', key: 'invoice_pdf' },
    { value: 'contact_id' as const, namespace: 'belegfluss', key: 'contact' },
    { value: 'credits_number' as const, namespace: 'belegfluss', key: 'credit_numbers' },
  ];

  it('writes the document values to the order once; a retry writes nothing', async () => {
    const { shop, order } = await shopWithOrder(['read_orders', 'write_orders']);
    const doc = await invoiceFor(shop, order, 'RE0815');
    expect(await writeOrderMetafields(d, shop, order, entries)).toBe('written');
    const first = await sandboxMetafields(shop, order);
    expect(Object.fromEntries(first.map((m) => [m.key, [m.type, m.value]]))).toEqual({
      invoice_number: ['single_line_text_field', 'RE0815'],
      invoice_pdf: ['url', `${APP}/documents/${doc.pdfToken}/download`],
      contact: ['single_line_text_field', 'contact-7'],
    });
    // The same activity again, as after a killed worker: Shopify already has every value.
    await new Promise((r) => setTimeout(r, 5));
    expect(await writeOrderMetafields(d, shop, order, entries)).toBe('unchanged');
    expect((await sandboxMetafields(shop, order)).map((m) => m.updatedAt)).toEqual(first.map((m) => m.updatedAt));
    const written = await logs(shop, 'metafields.written');
    expect(written).toHaveLength(1);
    expect(written[0]!.body.keys).toEqual([
      'belegfluss.invoice_number',
      'belegfluss.invoice_pdf',
      'belegfluss.contact',
    ]);
  });

  it('does nothing without entries', async () => {
    const { shop, order } = await shopWithOrder(['read_orders', 'write_orders']);
    await invoiceFor(shop, order, 'RE0816');
    expect(await writeOrderMetafields(d, shop, order, [])).toBe('disabled');
    expect(await sandboxMetafields(shop, order)).toEqual([]);
  });

  it('logs MISSING_SCOPE without write_orders and writes nothing', async () => {
    const { shop, order } = await shopWithOrder(['read_orders']);
    await invoiceFor(shop, order, 'RE0817');
    expect(await writeOrderMetafields(d, shop, order, entries)).toBe('MISSING_SCOPE');
    const [log] = await logs(shop, 'metafields.write.failed');
    expect(log).toMatchObject({ status: 'warning', orderId: String(order.id) });
    expect(log!.body).toMatchObject({ reason: 'MISSING_SCOPE', scope: 'write_orders' });
    expect(await sandboxMetafields(shop, order)).toEqual([]);
  });
});

describe('readOrderMetafields', () => {
  it('reads shop, order, customer and product values, and logs MISSING_SCOPE for a resource it may not read', async () => {
    const { shop, order } = await shopWithOrder(['read_orders', 'write_orders', 'read_customers']);
    // The merchant's own data, set with a token that may write everywhere.
    const { access_token: admin } = await control<{ access_token: string }>(`/shops/${shop}/access-token`, {
      scopes: ['write_orders', 'write_customers', 'write_products'],
    });
    const productId = `gid://shopify/Product/${(order.line_items[0] as unknown as { product_id: number }).product_id}`;
    const shopGid = ((await graphql(shop, admin, '{ shop { id } }', {})).data as { shop: { id: string } }).shop.id;
    const set = await graphql(
      shop,
      admin,
      'mutation m($m: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $m) { userErrors { message } } }',
      {
        m: [
          {
            ownerId: order.admin_graphql_api_id,
            namespace: 'custom',
            key: 'po_number',
            type: 'single_line_text_field',
            value: 'PO-4711',
          },
          {
            ownerId: shopGid,
            namespace: 'custom',
            key: 'motto',
            type: 'single_line_text_field',
            value: 'Fair gehandelt',
          },
          {
            ownerId: (order.customer as unknown as { admin_graphql_api_id: string }).admin_graphql_api_id,
            namespace: 'custom',
            key: 'tier',
            type: 'single_line_text_field',
            value: 'Gold',
          },
          { ownerId: productId, namespace: 'custom', key: 'care', type: 'single_line_text_field', value: '30 °C' },
        ],
      },
    );
    expect(set).toEqual({ data: { metafieldsSet: { userErrors: [] } }, extensions: expect.anything() });

    const values = await readOrderMetafields(d, shop, order, [
      { resource: 'order', namespace: 'custom', key: 'po_number' },
      { resource: 'shop', namespace: 'custom', key: 'motto' },
      { resource: 'customer', namespace: 'custom', key: 'tier' },
      { resource: 'product', namespace: 'custom', key: 'care' },
      { resource: 'order', namespace: 'custom', key: 'missing' },
    ]);
    expect(values).toEqual([
      { resource: 'order', namespace: 'custom', key: 'po_number', value: 'PO-4711' },
      { resource: 'shop', namespace: 'custom', key: 'motto', value: 'Fair gehandelt' },
      { resource: 'customer', namespace: 'custom', key: 'tier', value: 'Gold' },
    ]);
    const [log] = await logs(shop, 'metafields.read.failed');
    expect(log!.body).toMatchObject({
      reason: 'MISSING_SCOPE',
      scope: 'read_products',
      resource: 'product',
      key: 'care',
    });

    // With read_products granted, the product's value comes from the order's line items.
    await shopsTable.update(
      database.db,
      { id: shop },
      { shopifyScopes: ['read_orders', 'write_orders', 'read_products'] },
    );
    const { access_token: withProducts } = await control<{ access_token: string }>(`/shops/${shop}/access-token`, {
      scopes: ['read_orders', 'write_orders', 'read_products'],
    });
    await shopsTable.update(database.db, { id: shop }, { shopifyTokenEnc: box.seal(withProducts) });
    expect(
      await readOrderMetafields(d, shop, order, [{ resource: 'product', namespace: 'custom', key: 'care' }]),
    ).toEqual([{ resource: 'product', namespace: 'custom', key: 'care', value: '30 °C' }]);
  });
});
