import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing';
import { saveShopInstall, type Db } from '../index';
import { up } from './20261127_901_one_b2b_net_setting';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  for (const shopId of ['an.myshopify.com', 'aus.myshopify.com', 'ohne.myshopify.com'])
    await saveShopInstall(db, { shopId, tokenEnc: 'x', scopes: [] });
});
afterAll(async () => drop());

const sections = async (shopId: string) =>
  Object.fromEntries(
    (await db('shop_preferences').where({ shop_id: shopId }).select('section', 'value')).map(
      (r: { section: string; value: unknown }) => [r.section, r.value],
    ),
  );

describe('one switch for net invoices to business customers', () => {
  it('keeps the net B2B invoices of a shop that had the e-invoice switch on, in the invoice format', async () => {
    await db('shop_preferences').insert([
      { shop_id: 'an.myshopify.com', section: 'contacts', value: { eInvoiceNet: true, leitwegSource: 'none' } },
      { shop_id: 'an.myshopify.com', section: 'invoices', value: { b2bAsNet: false, asNet: false } },
      { shop_id: 'aus.myshopify.com', section: 'contacts', value: { eInvoiceNet: false } },
      { shop_id: 'aus.myshopify.com', section: 'invoices', value: { b2bAsNet: true } },
      { shop_id: 'ohne.myshopify.com', section: 'contacts', value: { eInvoiceNet: true } },
    ]);
    await up(db);
    await up(db);
    expect(await sections('an.myshopify.com')).toEqual({
      contacts: { leitwegSource: 'none' },
      invoices: { b2bAsNet: true, asNet: false },
    });
    expect(await sections('aus.myshopify.com')).toEqual({ contacts: {}, invoices: { b2bAsNet: true } });
    expect(await sections('ohne.myshopify.com')).toEqual({ contacts: {}, invoices: { b2bAsNet: true } });
  });
});
