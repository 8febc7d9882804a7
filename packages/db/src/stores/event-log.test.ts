import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing';
import { saveShopInstall, writeLog, writeLogs, type Db, type LogEntryInput } from '../index';

let db: Db;
let drop: () => Promise<void>;
const S = 'umsatz.myshopify.com';
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await saveShopInstall(db, { shopId: S, tokenEnc: 'x', scopes: [] });
});
afterAll(async () => drop());

const skipped = (orderId: string, reason: string): LogEntryInput => ({
  shopId: S,
  origin: 'transaction',
  event: 'transaction.skipped',
  status: 'info',
  orderId,
  orderName: `#${orderId}`,
  body: { reason },
});
const count = async (reason: string) =>
  Number(
    (
      await db('event_log')
        .where({ shop_id: S, event: 'transaction.skipped' })
        .whereRaw(`body->>'reason' = ?`, [reason])
        .count<{ count: string }[]>({ count: '*' })
    )[0]!.count,
  );

describe('the log of a merchant’s own switch', () => {
  it('says once a day that transactions are off, not once per payment', async () => {
    await writeLog(db, skipped('1', 'DISABLED_TRANSACTION_CREATE'));
    await writeLog(db, skipped('2', 'DISABLED_TRANSACTION_CREATE'));
    await writeLogs(db, [skipped('3', 'DISABLED_TRANSACTION_CREATE'), skipped('4', 'DISABLED_TRANSACTION_CREATE')]);
    expect(await count('DISABLED_TRANSACTION_CREATE')).toBe(1);
    // A change of the settings is news: the next skip is logged again.
    await db('shop_preferences').insert({ shop_id: S, section: 'transactions', value: { transactionCreate: false } });
    await writeLog(db, skipped('7', 'DISABLED_TRANSACTION_CREATE'));
    await writeLog(db, skipped('8', 'DISABLED_TRANSACTION_CREATE'));
    expect(await count('DISABLED_TRANSACTION_CREATE')).toBe(2);
  });

  it('keeps every skip that is news for its order', async () => {
    await writeLogs(db, [skipped('5', 'MISSING_SCOPE'), skipped('6', 'MISSING_SCOPE')]);
    expect(await count('MISSING_SCOPE')).toBe(2);
  });
});
