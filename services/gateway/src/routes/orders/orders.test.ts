import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDocument, seedOrder, startHarness, type Harness } from '../../../test/harness';
import { documentsTable } from '@belegfluss/db/testing';

let h: Harness;
const A = 'orders-a.myshopify.com';
let token: string;

beforeAll(async () => {
  h = await startHarness();
  await h.install(A);
  for (let i = 1; i <= 60; i++)
    await seedOrder(h.db, A, { id: 1000 + i, total: i, customer: i === 7 ? 'Hans Sonderbar' : 'Erika Muster' });
  token = await seedDocument(h.db, A, { orderId: 1001, number: 'RE0001', status: 'open' });
  await seedDocument(h.db, A, { orderId: 1001, type: 'credit', number: 'GS0001', status: 'paidoff' });
  await documentsTable.remove(h.db, { shopId: A, orderId: '1002' });
  await documentsTable.insert(h.db, {
    shopId: A,
    orderId: '1002',
    type: 'invoice',
    intentKey: 'invoice:1002',
    status: 'pending',
  }); // not yet created: no badge
});
afterAll(async () => h?.stop());

describe('GET /api/orders', () => {
  it('pages by 50, newest first, with hasPrevious/hasNext', async () => {
    const first = await h.call(A, 'GET', '/api/orders');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(50);
    expect(first.body).toMatchObject({ total: 60, page: 1, pageSize: 50, hasPrevious: false, hasNext: true });
    expect(first.body.items[0].name).toBe('#1060');
    const second = await h.call(A, 'GET', '/api/orders?page=2');
    expect(second.body.items).toHaveLength(10);
    expect(second.body).toMatchObject({ hasPrevious: true, hasNext: false });
  });

  it('joins the documents as receipts with their status and download link', async () => {
    const res = await h.call(A, 'GET', '/api/orders?sortBy=createdAt&sortDir=asc');
    const [o1, o2] = res.body.items;
    expect(
      o1.receipts.map((r: { type: string; number: string; status: string }) => [r.type, r.number, r.status]),
    ).toEqual([
      ['invoice', 'RE0001', 'open'],
      ['credit', 'GS0001', 'paidoff'],
    ]);
    expect(o1.receipts[0].pdf).toBe(`${h.settings.appUrl}/documents/${token}`);
    expect(o1.receipts[0]).not.toHaveProperty('pdfToken');
    expect(o2.receipts).toEqual([]);
    expect(o1.customer).toEqual({ name: 'Erika Muster', email: 'kunde1001@example.com' });
  });

  it('sorts by total and searches by customer, e-mail, order name and document number', async () => {
    expect((await h.call(A, 'GET', '/api/orders?sortBy=total&sortDir=asc')).body.items[0].total).toBe(1);
    expect(
      (await h.call(A, 'GET', '/api/orders?search=sonderbar')).body.items.map((o: { name: string }) => o.name),
    ).toEqual(['#1007']);
    expect(
      (await h.call(A, 'GET', '/api/orders?search=kunde1033@')).body.items.map((o: { name: string }) => o.name),
    ).toEqual(['#1033']);
    expect(
      (await h.call(A, 'GET', '/api/orders?search=RE0001')).body.items.map((o: { name: string }) => o.name),
    ).toEqual(['#1001']);
    expect((await h.call(A, 'GET', '/api/orders?search=%25')).body.total).toBe(0); // % is a character, not a wildcard
  });

  it.each([
    ['sortBy=preis', 'Unbekanntes Sortierfeld'],
    ['sortDir=up', 'Sortierrichtung ist asc oder desc'],
    ['page=0', 'Die Seite beginnt bei 1'],
    ['page=zwei', 'Die Seite muss eine Zahl sein'],
  ])('refuses ?%s with 400 and a German message', async (q, message) => {
    const res = await h.call(A, 'GET', `/api/orders?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('GET /api/orders/{id}', () => {
  it('answers one order with invoices and credits', async () => {
    const res = await h.call(A, 'GET', '/api/orders/1001');
    expect(res.status).toBe(200);
    expect(res.body.invoices).toHaveLength(1);
    expect(res.body.credits).toHaveLength(1);
    // Beside the documents: items, customer, fulfilment and the balance.
    expect(res.body.items).toEqual([{ id: 1, title: 'Tasse', sku: 'T-1', quantity: 1, price: 1 }]);
    expect(res.body.customer).toMatchObject({
      name: 'Erika Muster',
      email: 'kunde1001@example.com',
      city: 'Berlin',
      country: 'DE',
    });
    expect(res.body.fulfillmentStatus).toBe('unfulfilled');
    expect(res.body.balance).toMatchObject({ expected: 1, complete: expect.any(Boolean) });
  });

  it('shows no balance for an order whose invoice is not made yet (it waits for the payment)', async () => {
    const res = await h.call(A, 'GET', '/api/orders/1003');
    expect(res.status).toBe(200);
    expect(res.body.invoices).toHaveLength(0);
    expect(res.body.balance).toBeNull();
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    expect((await h.call(A, 'GET', '/api/orders/999999')).status).toBe(404);
    expect((await h.call(A, 'GET', '/api/orders/abc')).body.message).toBe('Ungültige Bestellnummer');
  });
});
