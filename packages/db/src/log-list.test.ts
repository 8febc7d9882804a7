import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing';
import { listLogs, saveShopInstall, writeLog, type Db } from './index';

let db: Db;
let drop: () => Promise<void>;
const SHOP = 'protokoll.myshopify.com';
const query = { sortBy: 'date', sortDir: 'desc', search: 'rechnung', page: 1, pageSize: 25 } as const;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await saveShopInstall(db, { shopId: SHOP, tokenEnc: 'x', scopes: ['read_orders'] });
  await writeLog(db, {
    shopId: SHOP,
    origin: 'shop',
    event: 'invoice.created',
    status: 'success',
    body: { text: 'Rechnung' },
  });
});
afterAll(async () => drop());

describe('the event log list', () => {
  it('is ended by PostgreSQL once it runs past its time limit', async () => {
    // Another transaction holds the table; the search waits on it as it would on a slow scan.
    const holder = await db.transaction();
    try {
      await holder.raw('lock table event_log in access exclusive mode');
      await expect(listLogs(db, SHOP, query, undefined, 200)).rejects.toMatchObject({ code: '57014' });
    } finally {
      await holder.rollback();
    }
    expect((await listLogs(db, SHOP, query)).items).toHaveLength(1);
  }, 20_000);

  it('leaves no time limit on the pooled connection', async () => {
    await listLogs(db, SHOP, query, undefined, 200);
    const settings = await Promise.all(
      Array.from({ length: 3 }, () => db.raw<{ rows: { statement_timeout: string }[] }>('show statement_timeout')),
    );
    expect(settings.map((r) => r.rows[0]!.statement_timeout)).toEqual(['0', '0', '0']);
  });
});
