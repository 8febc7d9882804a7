import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index.js';
import { json, post, startTestSandbox } from '../test-support.js';

let sb: RunningSandbox;
let auth: Record<string, string>;
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${sb.urls.lexwareApi}${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });

beforeAll(async () => {
  sb = await startTestSandbox({ knobs: { lexware: { rateLimitPerSecond: 0 } } });
  const t = await json<{ access_token: string }>(await post(`${sb.urls.control}/control/lexware/tokens`, {}));
  auth = { Authorization: `Bearer ${t.access_token}` };
});
afterAll(() => sb.stop());

const note = {
  voucherDate: '2026-11-20T10:00:00.000+01:00',
  address: { name: 'Max Mustermann', street: 'Hauptstr. 1', zip: '10115', city: 'Berlin', countryCode: 'DE' },
  lineItems: [{ type: 'custom', name: 'Bio-Baumwoll T-Shirt', quantity: 2, unitName: 'Stück' }],
  taxConditions: { taxType: 'gross' },
  shippingConditions: { shippingType: 'delivery', shippingDate: '2026-11-20T10:00:00.000+01:00' },
  title: 'Lieferschein',
  introduction: 'Lieferschein zur Bestellung #1001',
};

describe('the delivery-notes endpoint, as documented', () => {
  it('creates a draft by default and a numbered open note with finalize=true, without prices', async () => {
    const draft = await json<{ id: string }>(await post(`${sb.urls.lexwareApi}/delivery-notes`, note, auth));
    expect(
      await json<{ voucherStatus: string; voucherNumber?: string }>(await api(`/delivery-notes/${draft.id}`)),
    ).toMatchObject({ voucherStatus: 'draft' });
    // A draft has no file: 409 on /file, 406 on the deprecated /document.
    expect((await api(`/delivery-notes/${draft.id}/file`, { headers: { Accept: 'application/pdf' } })).status).toBe(
      409,
    );
    expect((await api(`/delivery-notes/${draft.id}/document`)).status).toBe(406);

    const created = await post(`${sb.urls.lexwareApi}/delivery-notes?finalize=true`, note, auth);
    expect(created.status).toBe(201);
    const { id } = await json<{ id: string }>(created);
    const read = await json<{ voucherStatus: string; voucherNumber: string; lineItems: { quantity: number }[] }>(
      await api(`/delivery-notes/${id}`),
    );
    expect(read).toMatchObject({ voucherStatus: 'open', voucherNumber: 'LS0001', lineItems: [{ quantity: 2 }] });
    const pdf = await api(`/delivery-notes/${id}/file`, { headers: { Accept: '*/*' } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await api(`/delivery-notes/${id}/file`, { headers: { Accept: 'application/xml' } })).status).toBe(406);
    // q=0 refuses the PDF even where a wildcard follows.
    expect((await api(`/delivery-notes/${id}/file`, { headers: { Accept: 'application/pdf;q=0, */*' } })).status).toBe(
      406,
    );
    // It is a sales voucher of its own kind: the voucher list shows it, the invoice endpoint does not know it.
    const list = await json<{ content: { id: string; voucherType: string }[] }>(
      await api('/voucherlist?voucherType=deliverynote&voucherStatus=open'),
    );
    expect(list.content).toEqual([expect.objectContaining({ id, voucherType: 'deliverynote' })]);
    expect((await api(`/invoices/${id}`)).status).toBe(404);
  });

  it('refuses what Lexware refuses, every violation at once', async () => {
    const res = await post(
      `${sb.urls.lexwareApi}/delivery-notes`,
      {
        ...note,
        shippingConditions: undefined,
        taxConditions: { taxType: 'photovoltaicEquipment' },
        voucherNumber: 'LS9',
        lineItems: [
          {
            type: 'custom',
            name: 'Ohne Menge',
            unitName: 'Stück',
            unitPrice: { currency: 'USD', netAmount: 1, taxRatePercentage: 19 },
          },
        ],
      },
      auth,
    );
    expect(res.status).toBe(406);
    const fields = (await json<{ details: { field: string }[] }>(res)).details.map((d) => d.field).sort();
    expect(fields).toEqual([
      'lineItems[0].quantity',
      'lineItems[0].unitPrice.currency',
      'shippingConditions',
      'taxConditions.taxType',
      'voucherNumber',
    ]);
    expect((await api('/delivery-notes/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });
});

describe('fulfilling in parts', () => {
  it('ships only the chosen quantities and says orders/partially_fulfilled until all went out', async () => {
    const shop = 'teillieferung.myshopify.com';
    await post(`${sb.urls.control}/control/shops`, { shop });
    const { order } = await json<{ order: { id: number; line_items: { id: number; quantity: number }[] } }>(
      await post(`${sb.urls.control}/control/shops/${shop}/orders`, { scenario: 'de_b2c' }),
    );
    const [shirt] = order.line_items;
    const url = `${sb.urls.control}/control/shops/${shop}/orders/${order.id}/fulfil`;
    const part = await json<{
      order: { fulfillment_status: string; fulfillments: { line_items: { id: number; quantity: number }[] }[] };
      deliveries: { topic: string }[];
    }>(await post(url, { lineItems: [{ lineItemId: shirt!.id, quantity: 1 }] }));
    expect(part.order.fulfillment_status).toBe('partial');
    expect(part.order.fulfillments[0]!.line_items.map((l) => [l.id, l.quantity])).toEqual([[shirt!.id, 1]]);
    expect((await post(url, { lineItems: [{ lineItemId: shirt!.id, quantity: 5 }] })).status).toBe(422);
    const rest = await json<{ order: { fulfillment_status: string; fulfillments: unknown[] } }>(await post(url, {}));
    expect(rest.order).toMatchObject({ fulfillment_status: 'fulfilled' });
    expect(rest.order.fulfillments).toHaveLength(2);
  });
});
