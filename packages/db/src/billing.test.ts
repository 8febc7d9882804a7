import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing';
import {
  claimIntent,
  completeDocument,
  hasTransfers,
  markResumed,
  markWaiting,
  periodUsage,
  pruneExpiredLogs,
  purgeExpiredOauthStates,
  saveShopInstall,
  syncBillingPeriod,
  upsertOrder,
  waitingDocuments,
  type Db,
  markHandedOver,
  markWizardImported,
} from './index';
import type { ShopifyOrder } from '@belegfluss/shared';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await createTestDatabase()));
afterAll(async () => drop());
const SHOP = 'perioden.myshopify.com';
const DAY = 86_400_000;

describe('billing periods, waiting documents and housekeeping in PostgreSQL', () => {
  it('rolls a period over once, never back, and a forced rollover starts a fresh period now', async () => {
    await saveShopInstall(db, { shopId: SHOP, tokenEnc: 'x', scopes: [] });
    const installed = new Date('2026-01-31T10:00:00Z');
    await db('shops')
      .where({ id: SHOP })
      .update({
        installed_at: installed,
        transfers_period_start: installed,
        transfers_reset_at: new Date('2026-02-28T10:00:00Z'),
      });
    expect(await syncBillingPeriod(db, SHOP, new Date('2026-02-10T00:00:00Z'))).toMatchObject({
      rolled: false,
      end: new Date('2026-02-28T10:00:00Z'),
    });
    const march = await syncBillingPeriod(db, SHOP, new Date('2026-03-01T00:00:00Z'));
    expect(march).toMatchObject({
      rolled: true,
      start: new Date('2026-02-28T10:00:00Z'),
      end: new Date('2026-03-31T10:00:00Z'),
    });
    // The same instant again (a retried activity) changes nothing, and neither does an earlier clock.
    expect((await syncBillingPeriod(db, SHOP, new Date('2026-03-01T00:00:00Z'))).rolled).toBe(false);
    expect((await syncBillingPeriod(db, SHOP, new Date('2026-02-20T00:00:00Z'))).start).toEqual(
      new Date('2026-02-28T10:00:00Z'),
    );
    const forced = await syncBillingPeriod(db, SHOP, new Date('2026-03-05T12:00:00Z'), { force: true });
    expect(forced).toMatchObject({
      rolled: true,
      start: new Date('2026-03-05T12:00:00Z'),
      end: new Date('2026-03-31T10:00:00Z'),
    });
    expect((await periodUsage(db, SHOP)).filter((p) => p.resetAt)).toHaveLength(2);
  });

  it('lists waiting documents oldest order first, one per free transfer, and not again once resumed', async () => {
    const ids: string[] = [];
    for (const [n, created] of [
      [3, '2026-03-03'],
      [1, '2026-03-01'],
      [2, '2026-03-02'],
    ] as const) {
      await upsertOrder(db, SHOP, {
        id: n,
        name: `#100${n}`,
        created_at: `${created}T10:00:00Z`,
        currency: 'EUR',
        total_price: '10.00',
        tags: '',
        payment_gateway_names: [],
        line_items: [],
        refunds: [],
      } as unknown as ShopifyOrder);
      const doc = await claimIntent(db, {
        shopId: SHOP,
        type: 'invoice',
        intentKey: `invoice:${n}`,
        orderId: String(n),
        orderName: `#100${n}`,
      });
      await markWaiting(db, doc.id);
      ids[n] = doc.id;
    }
    expect((await waitingDocuments(db, SHOP, 2)).map((d) => d.orderId)).toEqual(['1', '2']);
    // An order the connect wizard imported and handed over is resumed as that import.
    await markWizardImported(db, SHOP, ['2']);
    await markHandedOver(db, SHOP, '2');
    expect((await waitingDocuments(db, SHOP, 3)).map((d) => [d.orderId, d.wizardImport])).toEqual([
      ['1', false],
      ['2', true],
      ['3', false],
    ]);
    expect(await hasTransfers(db, SHOP)).toMatchObject({ ok: true, used: 0, quota: 10 });
    await markResumed(db, ids[1]!);
    expect((await waitingDocuments(db, SHOP, 10)).map((d) => d.orderId)).toEqual(['2', '3']);
    // Refused again after the resumption: it waits again.
    await markWaiting(db, ids[1]!);
    expect((await waitingDocuments(db, SHOP, 10)).map((d) => d.orderId)).toEqual(['1', '2', '3']);
    await completeDocument(db, ids[2]!, {
      lexwareId: 'lx-2',
      contactId: null,
      number: 'RE2',
      title: null,
      status: 'open',
      total: 10,
      voucherDate: '2026-03-06',
      pdfToken: 'b'.repeat(32),
    });
    expect((await waitingDocuments(db, SHOP, 10)).map((d) => d.orderId)).toEqual(['1', '3']);
  });

  it("deletes log entries past each plan's age and expired OAuth states", async () => {
    const now = new Date();
    await db('event_log').insert([
      { shop_id: SHOP, origin: 'shop', event: 'eight.days', status: 'info', date: new Date(now.getTime() - 8 * DAY) },
      { shop_id: SHOP, origin: 'shop', event: 'six.days', status: 'info', date: new Date(now.getTime() - 6 * DAY) },
    ]);
    await db('oauth_states').insert([
      { nonce: 'old', provider: 'shopify', shop_id: SHOP, expires_at: new Date(now.getTime() - 60_000) },
      { nonce: 'fresh', provider: 'shopify', shop_id: SHOP, expires_at: new Date(now.getTime() + 60_000) },
    ]);
    expect(await pruneExpiredLogs(db, now)).toBe(1);
    expect(await db('event_log').where({ shop_id: SHOP }).pluck('event')).toEqual(['six.days']);
    await db('shops').where({ id: SHOP }).update({ plan_id: 'standard' });
    expect(await pruneExpiredLogs(db, new Date(now.getTime() + 20 * DAY))).toBe(0); // 30 days on standard
    expect(await purgeExpiredOauthStates(db, now)).toBe(1);
    expect(await db('oauth_states').pluck('nonce')).toEqual(['fresh']);
  });
});
