import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing';
import { saveShopInstall, type Db } from '../index';
import { up } from './20261127_903_credit_notes_paidoff';

let db: Db;
let drop: () => Promise<void>;
const S = 'gutschrift.myshopify.com';
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await saveShopInstall(db, { shopId: S, tokenEnc: 'x', scopes: [] });
});
afterAll(async () => drop());

describe('credit notes stored as open', () => {
  it('read as Lexware has them, settled, while invoices and drafts stay as they are', async () => {
    const row = (type: string, status: string, lexwareId: string | null) => ({
      shop_id: S,
      type,
      status,
      lexware_id: lexwareId,
      order_id: '1',
      intent_key: `${type}:${lexwareId ?? status}`,
    });
    await db('documents').insert([
      row('credit', 'open', 'lx-c1'),
      row('credit', 'draft', 'lx-c2'),
      row('invoice', 'open', 'lx-i1'),
      row('credit', 'pending', null),
    ]);
    await up(db);
    const statuses = Object.fromEntries(
      (await db('documents').where({ shop_id: S }).select('intent_key', 'status')).map(
        (r: { intent_key: string; status: string }) => [r.intent_key, r.status],
      ),
    );
    expect(statuses).toEqual({
      'credit:lx-c1': 'paidoff',
      'credit:lx-c2': 'draft',
      'invoice:lx-i1': 'open',
      'credit:pending': 'pending',
    });
  });
});
