import { describe, expect, it } from 'vitest';
import { MetafieldPreferencesSchema, WRITABLE_METAFIELD_INFO, WRITABLE_METAFIELDS } from '../preferences/metafields';
import {
  changedMetafields,
  documentLinks,
  metafieldInputs,
  metafieldValue,
  readableEntries,
  type OrderDocuments,
} from './metafields';

const APP = 'https://app.example.de';
const TOKEN = 'a'.repeat(32);
const docs: OrderDocuments = {
  contactId: 'contact-1',
  invoices: [{ lexwareId: 'inv-1', number: 'RE0001', title: 'Rechnung #1001', pdfToken: TOKEN }],
  credits: [{ lexwareId: 'cn-1', number: 'GS0001', title: 'Gutschrift', pdfToken: null }],
};

describe('metafield values written to an order', () => {
  it('describes every writable value with category, label, type and example', () => {
    expect(WRITABLE_METAFIELDS).toHaveLength(19);
    for (const id of WRITABLE_METAFIELDS) expect(WRITABLE_METAFIELD_INFO[id].label).toBeTruthy();
    expect(WRITABLE_METAFIELD_INFO.invoice_pdf_save.type).toBe('url');
    expect(WRITABLE_METAFIELD_INFO.credits_number).toMatchObject({ category: 'Gutschriften', type: 'json' });
  });

  it('fills single values from the latest invoice and lists from every document', () => {
    expect(metafieldValue('contact_id', docs, APP)).toBe('contact-1');
    expect(metafieldValue('invoice_number', docs, APP)).toBe('RE0001');
    expect(metafieldValue('invoice_pdf_view', docs, APP)).toBe(`${APP}/documents/${TOKEN}`);
    expect(metafieldValue('invoice_pdf_save', docs, APP)).toBe(`${APP}/documents/${TOKEN}/download`);
    expect(JSON.parse(metafieldValue('invoice_json', docs, APP)!)).toEqual({
      number: 'RE0001',
      id: 'inv-1',
      title: 'Rechnung #1001',
      pdf_save: documentLinks(APP, TOKEN).save,
      pdf_view: documentLinks(APP, TOKEN).view,
    });
    expect(JSON.parse(metafieldValue('credits_number', docs, APP)!)).toEqual(['GS0001']);
    expect(JSON.parse(metafieldValue('credits_pdf_save', docs, APP)!)).toEqual([]);
  });

  it('leaves out what does not exist yet, and gives the same input for the same documents', () => {
    const entries = [
      { value: 'invoice_number' as const, namespace: 'belegfluss', key: 'invoice_number' },
      { value: 'credits_id' as const, namespace: 'belegfluss', key: 'credit_ids' },
    ];
    const none = metafieldInputs(
      entries,
      { contactId: null, invoices: [], credits: [] },
      { ownerId: 'gid://shopify/Order/1', appUrl: APP },
    );
    expect(none).toEqual([]);
    const a = metafieldInputs(entries, docs, { ownerId: 'gid://shopify/Order/1', appUrl: APP });
    expect(a).toEqual([
      {
        ownerId: 'gid://shopify/Order/1',
        namespace: 'belegfluss',
        key: 'invoice_number',
        type: 'single_line_text_field',
        value: 'RE0001',
      },
      { ownerId: 'gid://shopify/Order/1', namespace: 'belegfluss', key: 'credit_ids', type: 'json', value: '["cn-1"]' },
    ]);
    expect(metafieldInputs(entries, docs, { ownerId: 'gid://shopify/Order/1', appUrl: APP })).toEqual(a);
    expect(changedMetafields(a, a)).toEqual([]);
    expect(changedMetafields(a, [{ namespace: 'belegfluss', key: 'invoice_number', value: 'RE0000' }])).toEqual(a);
  });

  it('splits read entries by the granted scopes; write_X grants read_X', () => {
    const r = readableEntries(
      [
        { resource: 'order', namespace: 'custom', key: 'po' },
        { resource: 'product', namespace: 'custom', key: 'care' },
        { resource: 'customer', namespace: 'custom', key: 'vip' },
      ],
      ['write_orders', 'read_customers'],
    );
    expect(r.allowed.map((e) => e.resource)).toEqual(['order', 'customer']);
    expect(r.missing).toEqual([
      { entry: { resource: 'product', namespace: 'custom', key: 'care' }, scope: 'read_products' },
    ]);
  });
});

describe('metafield preferences', () => {
  it('ignores a duplicate read entry and limits both lists to 5', () => {
    const e = { resource: 'order', namespace: 'custom', key: 'po' };
    expect(MetafieldPreferencesSchema.parse({ read: [e, { ...e, key: ' po ' }] }).read).toHaveLength(1);
    const many = Array.from({ length: 6 }, (_, i) => ({ ...e, key: `k${i}` }));
    expect(MetafieldPreferencesSchema.safeParse({ read: many }).error?.issues[0]?.message).toBe(
      'Du kannst maximal 5 Metafelder hinzufügen',
    );
  });

  it('checks namespace and key lengths with the German messages', () => {
    const issues =
      MetafieldPreferencesSchema.safeParse({ write: [{ value: 'invoice_id', namespace: 'ab', key: 'x'.repeat(65) }] })
        .error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual(['Mindestens 3 Zeichen', 'Maximal 64 Zeichen']);
  });

  it('refuses two values in the same metafield', () => {
    const r = MetafieldPreferencesSchema.safeParse({
      write: [
        { value: 'invoice_id', namespace: 'belegfluss', key: 'doc' },
        { value: 'invoice_number', namespace: 'belegfluss', key: 'doc' },
      ],
    });
    expect(r.error?.issues[0]?.message).toBe('belegfluss.doc wird schon für einen anderen Wert verwendet');
  });
});
