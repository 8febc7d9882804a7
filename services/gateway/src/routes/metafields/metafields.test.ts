import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/harness';

let h: Harness;
const FULL = 'meta-full.myshopify.com';
const READ_ONLY = 'meta-read.myshopify.com';

beforeAll(async () => {
  h = await startHarness();
  await h.install(FULL, { plan_id: 'premium', shopify_scopes: ['read_orders', 'write_orders', 'read_customers'] });
  await h.install(READ_ONLY, { plan_id: 'premium' });
});
afterAll(async () => h?.stop());

describe('GET /api/metafields', () => {
  it('lists resources with their scopes, the writable values and the placeholders of the read entries', async () => {
    const saved = await h.call(FULL, 'PATCH', '/api/preferences/metafields', {
      read: [
        { resource: 'order', namespace: 'custom', key: 'po_number' },
        { resource: 'order', namespace: 'custom', key: 'po_number' },
      ],
      write: [{ value: 'invoice_pdf_save', namespace: 'belegfluss', key: 'invoice_pdf' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.value.read).toHaveLength(1); // the duplicate is ignored
    const res = await h.call(FULL, 'GET', '/api/metafields');
    expect(res.status).toBe(200);
    expect(res.body.placeholders).toEqual([
      { resource: 'order', namespace: 'custom', key: 'po_number', placeholder: '{METAFIELD.ORDER.CUSTOM.PO_NUMBER}' },
    ]);
    expect(res.body.resources).toContainEqual({
      id: 'product',
      label: 'Produkt',
      scope: 'read_products',
      granted: false,
    });
    expect(res.body.resources).toContainEqual({
      id: 'customer',
      label: 'Kunde',
      scope: 'read_customers',
      granted: true,
    });
    expect(res.body.writable).toHaveLength(19);
    expect(res.body.writable[0]).toMatchObject({
      id: 'contact_id',
      category: 'Kontakt',
      type: 'single_line_text_field',
    });
    expect(res.body.writeScope).toEqual({ scope: 'write_orders', granted: true });
  });

  it('refuses a resource whose scope is missing, in German, and writes nothing', async () => {
    const res = await h.call(READ_ONLY, 'PATCH', '/api/preferences/metafields', {
      read: [{ resource: 'product', namespace: 'custom', key: 'care' }],
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'MISSING_SCOPE', field: 'read.0.resource' });
    expect(res.body.message).toContain('Fehlende Shopify-Berechtigung: „Produkte lesen“');
    const write = await h.call(READ_ONLY, 'PATCH', '/api/preferences/metafields', {
      write: [{ value: 'invoice_id', namespace: 'belegfluss', key: 'invoice_id' }],
    });
    expect(write.status).toBe(422);
    expect((await h.call(READ_ONLY, 'GET', '/api/metafields')).body).toMatchObject({ read: [], write: [] });
  });

  it('refuses a sixth entry with the spec text', async () => {
    const read = Array.from({ length: 6 }, (_, i) => ({ resource: 'order', namespace: 'custom', key: `k${i}` }));
    const res = await h.call(FULL, 'PATCH', '/api/preferences/metafields', { read });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Du kannst maximal 5 Metafelder hinzufügen');
  });
});

describe('GET /api/metafields/links', () => {
  it('answers 20 snippets in 4 groups that read the written PDF link', async () => {
    const res = await h.call(FULL, 'GET', '/api/metafields/links?invoiceText=Deine%20Rechnung&style=link');
    expect(res.status).toBe(200);
    expect(res.body.ready).toBe(true);
    expect(res.body.groups).toHaveLength(4);
    const templates = res.body.groups.flatMap((g: { templates: unknown[] }) => g.templates);
    expect(templates).toHaveLength(20);
    expect(templates[0].code).toContain('order.metafields.belegfluss.invoice_pdf.value');
    expect(templates[0].code).toContain('Deine Rechnung');
    expect(templates[0].preview).toMatch(/href="http[^"]+\/documents\/[0-9a-f]{32}\/download"/);
  });

  it('is not ready without a PDF link entry, and checks its input', async () => {
    const res = await h.call(READ_ONLY, 'GET', '/api/metafields/links');
    expect(res.body).toMatchObject({ ready: false, writeScopeGranted: false });
    const bad = await h.call(FULL, 'GET', '/api/metafields/links?color=red');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'VALIDATION',
      field: 'color',
      message: 'Bitte gib eine Farbe wie #1a1a1a ein',
    });
  });
});
