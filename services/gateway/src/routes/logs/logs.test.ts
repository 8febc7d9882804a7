import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpiredLogs, writeLog } from '@belegfluss/db';
import { readStaff } from '@belegfluss/shared/settings';
import { startHarness, type Harness } from '../../../test/harness';
import { eventLogTable, shopsTable } from '@belegfluss/db/testing';

let h: Harness;
const A = 'logs-a.myshopify.com';

beforeAll(async () => {
  h = await startHarness({ options: { staff: readStaff({ SUPPORT_STAFF: `${A}:9` }) } });
  await h.install(A); // free plan: logMaxAge 7 days
  await writeLog(h.db, {
    shopId: A,
    origin: 'invoice',
    event: 'invoice.created',
    status: 'success',
    orderId: '1',
    orderName: '#1001',
    body: { number: 'RE0001' },
  });
  await writeLog(h.db, {
    shopId: A,
    origin: 'invoice',
    event: 'invoice.failed',
    status: 'critical',
    orderId: '2',
    orderName: '#1002',
    body: { message: 'Adresse fehlt', stack: 'LexwareError: 400\n    at createInvoice' },
  });
  await writeLog(h.db, {
    shopId: A,
    origin: 'contact',
    event: 'contact.created',
    status: 'success',
    orderId: '1',
    orderName: '#1001',
  });
  await writeLog(h.db, { shopId: A, origin: 'webhook', event: 'webhook.received', status: 'info' });
  await eventLogTable.insert(h.db, {
    shopId: A,
    origin: 'shop',
    event: 'old.entry',
    status: 'info',
    date: new Date(Date.now() - 8 * 86_400_000),
  });
});
afterAll(async () => h?.stop());

const events = (body: { items: { event: string }[] }) => body.items.map((e) => e.event);

describe('GET /api/shop/logs', () => {
  it('answers 25 a page, newest first, with the names the screens read', async () => {
    const res = await h.call(A, 'GET', '/api/shop/logs');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 25, hasPrevious: false, hasNext: false });
    expect(events(res.body)).toEqual(['webhook.received', 'contact.created', 'invoice.failed', 'invoice.created']);
    expect(res.body.items[1]).toMatchObject({
      _key: expect.any(String),
      order: '1',
      orderName: '#1001',
      origin: 'contact',
    });
  });

  it('shows no entry older than the plan keeps them (free: 7 days); the daily job deletes them, not the read', async () => {
    expect(await eventLogTable.list(h.db, { shopId: A, event: 'old.entry' })).toHaveLength(1);
    expect(await pruneExpiredLogs(h.db, new Date())).toBe(1);
    expect(await eventLogTable.list(h.db, { shopId: A, event: 'old.entry' })).toHaveLength(0);
  });

  it('keeps them longer on a bigger plan', async () => {
    await shopsTable.update(h.db, { id: A }, { planId: 'standard' });
    await eventLogTable.insert(h.db, {
      shopId: A,
      origin: 'shop',
      event: 'older.entry',
      status: 'info',
      date: new Date(Date.now() - 20 * 86_400_000),
    });
    const res = await h.call(A, 'GET', '/api/shop/logs?sortBy=date&sortDir=asc');
    expect(events(res.body)[0]).toBe('older.entry');
    expect(res.body.maxAge).toBe(30);
  });

  it('filters by origin, status, order and search', async () => {
    expect(events((await h.call(A, 'GET', '/api/shop/logs?origin=invoice')).body)).toEqual([
      'invoice.failed',
      'invoice.created',
    ]);
    expect(events((await h.call(A, 'GET', '/api/shop/logs?origin=invoice,contact&status=success')).body)).toEqual([
      'contact.created',
      'invoice.created',
    ]);
    expect(events((await h.call(A, 'GET', '/api/shop/logs?order=1')).body)).toEqual([
      'contact.created',
      'invoice.created',
    ]);
    expect(events((await h.call(A, 'GET', '/api/shop/logs?order=%231002')).body)).toEqual(['invoice.failed']);
    expect(events((await h.call(A, 'GET', '/api/shop/logs?search=adresse')).body)).toEqual(['invoice.failed']);
  });

  it('pages with hasPrevious and hasNext', async () => {
    const p1 = await h.call(A, 'GET', '/api/shop/logs?pageSize=2');
    expect(p1.body).toMatchObject({ hasPrevious: false, hasNext: true });
    const p3 = await h.call(A, 'GET', '/api/shop/logs?pageSize=2&page=3');
    expect(p3.body).toMatchObject({ hasPrevious: true, hasNext: false });
    expect(p3.body.items).toHaveLength(1);
  });

  it('finds entries by the German sentence a merchant reads, not only by code', async () => {
    await writeLog(h.db, {
      shopId: A,
      origin: 'credit',
      event: 'credit.skipped',
      status: 'info',
      orderId: '3',
      orderName: '#1003',
      body: { reason: 'SKIP_POS' },
    });
    expect(events((await h.call(A, 'GET', '/api/shop/logs?search=Kassenbestellung')).body)).toEqual(['credit.skipped']);
    expect(events((await h.call(A, 'GET', '/api/shop/logs?search=Kontakt%20in%20Lexware')).body)).toEqual([
      'contact.created',
    ]);
    await eventLogTable.remove(h.db, { shopId: A, event: 'credit.skipped' });
  });

  it('shows the stack trace of a critical entry to listed staff only, not to a shop with view_dashboard', async () => {
    const merchant = (await h.call(A, 'GET', '/api/shop/logs?status=critical')).body.items[0];
    expect(merchant.body).toEqual({ message: 'Adresse fehlt' });
    expect(merchant.stack).toBeUndefined();
    await shopsTable.update(h.db, { id: A }, { permissions: ['view_dashboard'] });
    expect((await h.call(A, 'GET', '/api/shop/logs?status=critical')).body.items[0].stack).toBeUndefined();
    await shopsTable.update(h.db, { id: A }, { permissions: [] });
    const staff = (await h.call({ shop: A, userId: '9' }, 'GET', '/api/shop/logs?status=critical')).body.items[0];
    expect(staff.stack).toContain('at createInvoice');
    expect(staff.body.stack).toBeUndefined();
  });

  it.each([
    ['origin=bank', 'Unbekannte Herkunft'],
    ['status=fatal', 'Unbekannter Status'],
    ['pageSize=500', 'Höchstens 100 Einträge je Seite'],
    ['pageSize=100000', 'Höchstens 100 Einträge je Seite'],
    ['sortBy=id', 'Unbekanntes Sortierfeld'],
  ])('refuses ?%s with 400', async (q, message) => {
    const res = await h.call(A, 'GET', `/api/shop/logs?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers a search that runs past its time limit with a German 503, not a hanging request', async () => {
    // Another transaction holds the log's table: the search waits as on a slow scan, until PostgreSQL ends it.
    const holder = await h.db.transaction();
    try {
      await holder.raw('lock table event_log in access exclusive mode');
      const res = await h.call(A, 'GET', '/api/shop/logs?search=rechnung');
      expect(res).toMatchObject({
        status: 503,
        body: {
          error: 'QUERY_TIMEOUT',
          message:
            'Die Suche hat zu lange gedauert. Bitte grenze sie ein (z. B. nach Herkunft, Status oder Bestellung) und versuche es erneut.',
        },
      });
    } finally {
      await holder.rollback();
    }
    expect((await h.call(A, 'GET', '/api/shop/logs?search=rechnung')).status).toBe(200);
  }, 30_000);
});
