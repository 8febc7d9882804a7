import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopifyOrder } from '@belegfluss/shared';
import { createAdminClient } from '@belegfluss/shopify';
import { installFromSandbox, sandboxControl, seedOrder, startHarness, type Harness } from '../../../test/harness';
import { shopPreferencesTable } from '@belegfluss/db/testing';

/** The template preview fills `{METAFIELD.…}` from Shopify as the worker does for a document. */
let h: Harness;
const SHOP = 'vorschau-mf.myshopify.com';
const NO_SCOPE = 'vorschau-ohne.myshopify.com';
const TEMPLATE =
  'Hinweis: {METAFIELD.ORDER.CUSTOM.LIEFERHINWEIS} / Shop: {METAFIELD.SHOP.CUSTOM.SLOGAN} / {ORDER.NAME}';

async function shopWithMetafields(shop: string, scopes: string[]) {
  await installFromSandbox(h, shop, scopes);
  const { order } = await sandboxControl<{ order: ShopifyOrder }>(h, `/shops/${shop}/orders`, { scenario: 'de_b2c' });
  // Our copy of the order is what the preview renders; its id is Shopify's.
  await seedOrder(h.db, shop, { id: order.id, name: order.name, createdAt: order.created_at });
  const { access_token } = await sandboxControl<{ access_token: string }>(h, `/shops/${shop}/access-token`, {
    scopes: ['read_orders', 'write_orders'],
  });
  const admin = createAdminClient({
    adminUrl: h.settings.shopify.adminUrl,
    apiVersion: h.settings.shopify.apiVersion,
    shop,
    accessToken: access_token,
  });
  const shopGid = (await admin<{ shop: { id: string } }>('{ shop { id } }')).shop.id;
  const set = await admin<{ metafieldsSet: { userErrors: unknown[] } }>(
    'mutation($m: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $m) { userErrors { message } } }',
    {
      m: [
        {
          ownerId: `gid://shopify/Order/${order.id}`,
          namespace: 'custom',
          key: 'lieferhinweis',
          type: 'single_line_text_field',
          value: 'Bitte beim Nachbarn abgeben',
        },
        {
          ownerId: shopGid,
          namespace: 'custom',
          key: 'slogan',
          type: 'single_line_text_field',
          value: 'Alles aus Holz',
        },
      ],
    },
  );
  expect(set.metafieldsSet.userErrors).toEqual([]);
  await shopPreferencesTable.insert(h.db, {
    shopId: shop,
    section: 'metafields',
    value: JSON.stringify({
      read: [
        { resource: 'order', namespace: 'custom', key: 'lieferhinweis' },
        { resource: 'shop', namespace: 'custom', key: 'slogan' },
      ],
      write: [],
    }),
  });
  return order;
}

beforeAll(async () => {
  h = await startHarness({ sandbox: true });
}, 60_000);
afterAll(async () => h?.stop());

const preview = (shop: string, value: string, type = 'invoice') =>
  h.call(shop, 'GET', `/api/lexoffice/vars?${new URLSearchParams({ value, type, field: 'introduction' })}`);

describe('GET /api/lexoffice/vars with metafields', () => {
  it('fills the configured METAFIELD placeholders from Shopify', async () => {
    const order = await shopWithMetafields(SHOP, ['read_orders']);
    const res = await preview(SHOP, TEMPLATE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      value: `Hinweis: Bitte beim Nachbarn abgeben / Shop: Alles aus Holz / ${order.name}`,
      order: order.name,
    });
  });

  it('previews a mail as it is sent, with the order alone: its metafield placeholders stay as they are', async () => {
    const res = await preview(SHOP, TEMPLATE, 'mail');
    expect(res.status).toBe(200);
    expect(res.body.value).toMatch(
      /^Hinweis: \{METAFIELD\.ORDER\.CUSTOM\.LIEFERHINWEIS\} \/ Shop: \{METAFIELD\.SHOP\.CUSTOM\.SLOGAN\} \/ #/,
    );
  });

  it('leaves a placeholder whose scope is missing as it is, and still answers', async () => {
    const order = await shopWithMetafields(NO_SCOPE, ['read_orders']);
    await shopPreferencesTable.update(
      h.db,
      { shopId: NO_SCOPE, section: 'metafields' },
      {
        value: JSON.stringify({
          read: [
            { resource: 'customer', namespace: 'custom', key: 'x' },
            { resource: 'shop', namespace: 'custom', key: 'slogan' },
          ],
          write: [],
        }),
      },
    );
    const res = await preview(NO_SCOPE, '{METAFIELD.CUSTOMER.CUSTOM.X} {METAFIELD.SHOP.CUSTOM.SLOGAN}');
    expect(res).toMatchObject({
      status: 200,
      body: { value: '{METAFIELD.CUSTOMER.CUSTOM.X} Alles aus Holz', order: order.name },
    });
  });
});
