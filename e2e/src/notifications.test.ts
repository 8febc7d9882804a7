import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, merchant } from './merchant';
import { startStack, type Stack } from './stack';
import {
  documentsTable,
  eventLogTable,
  notificationSendsTable,
  shopsTable,
  transferLedgerTable,
} from '@belegfluss/db/testing';

// Real Temporal, PostgreSQL, gateway, worker and the sandbox's SMTP server, which catches the
// notification mails the default sender sends to the merchant.
let stack: Stack;
const ON = 'notify-on.myshopify.com';
const OFF = 'notify-off.myshopify.com';
const inbox: Record<string, string> = { [ON]: 'inhaber@notify-on.de', [OFF]: 'inhaber@notify-off.de' };

interface Caught {
  subject: string;
  text: string;
  envelope: { to: string[] };
}
const mailTo = async (shop: string) =>
  (await (
    await fetch(`${stack.sandbox.urls.control}/control/mail?to=${encodeURIComponent(inbox[shop]!)}`)
  ).json()) as Caught[];
const subjects = async (shop: string) => (await mailTo(shop)).map((m) => m.subject).sort();
const SOON = 'Deine Belegfluss-Transfers sind bald aufgebraucht';
const NOW = 'Deine Belegfluss-Transfers sind aufgebraucht';

const patch = (shop: string, section: string, body: unknown) =>
  merchant(stack, shop).api(`/api/preferences/${section}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * The free plan's 10 transfers, `used` of them already spent earlier in this period (written
 * to the ledger the way a charge writes it), so that a few real orders cross the thresholds.
 */
async function spent(shop: string, used: number) {
  const { transfersPeriodStart: start, transfersQuota: quota } = await shopsTable.one(stack.db, { id: shop });
  expect(quota).toBe(10);
  await transferLedgerTable.insert(
    stack.db,
    Array.from({ length: used }, () => ({ shopId: shop, delta: -1, reason: 'document', periodStart: start })),
  );
}

/** A paid order; resolves once its invoice was created or refused for want of transfers. */
async function paidOrder(shop: string): Promise<'created' | 'NO_CREDITS'> {
  const m = merchant(stack, shop);
  const { order } = await m.createOrder({ scenario: 'de_b2c' });
  await m.payOrder(order.id);
  return eventually(async () => {
    const doc = await documentsTable.first(
      stack.db,
      { shopId: shop, orderId: String(order.id), type: 'invoice' },
      { notNull: ['lexwareId'] },
    );
    if (doc) return 'created' as const;
    const refused = await eventLogTable.first(
      stack.db,
      { shopId: shop, orderId: String(order.id), event: 'invoice.skipped' },
      { json: { body: { reason: 'NO_CREDITS' } } },
    );
    return refused && ('NO_CREDITS' as const);
  }, 120_000);
}

/** The shop's transfer notification outcomes in its event log, in order (the install's welcome mail aside). */
const logged = async (shop: string) =>
  (
    await eventLogTable.list(
      stack.db,
      { shopId: shop, origin: 'shop' },
      { like: { event: 'notification.%' }, json: { body: { kind: { like: 'credits%' } } }, orderBy: 'id' },
    )
  ).map((r) => `${r.event as string}:${(r.body as { kind: string }).kind}`);

beforeAll(async () => {
  stack = await startStack();
  for (const shop of [ON, OFF]) {
    const m = merchant(stack, shop);
    await m.createShop();
    await m.install();
    await m.connectLexware();
    await patch(shop, 'general', { email: inbox[shop] });
  }
  await patch(OFF, 'notifications', { creditsExhaustedSoon: false, creditsExhaustedNow: false });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

describe('transfer notifications through the whole stack', () => {
  it('crossing 20 % sends "bald aufgebraucht" once, the first refused document "aufgebraucht" once', async () => {
    await spent(ON, 8);
    expect(await paidOrder(ON)).toBe('created'); // 9 of 10 used: 10 % left
    const [soon] = await eventually(async () => {
      const l = await mailTo(ON);
      return l.length > 0 && l;
    }, 60_000);
    expect(soon).toMatchObject({ subject: SOON, envelope: { to: [inbox[ON]] } });
    expect(soon!.text).toContain('nur noch 1 von 10 Transfers');
    expect(soon!.text).toContain(`für deinen Shop ${(await shopsTable.one(stack.db, { id: ON })).name as string} sind`);

    expect(await paidOrder(ON)).toBe('created'); // the last transfer: no second warning
    expect(await paidOrder(ON)).toBe('NO_CREDITS');
    await eventually(async () => (await subjects(ON)).includes(NOW), 60_000);
    expect(await paidOrder(ON)).toBe('NO_CREDITS'); // refused again: still one mail
    await eventually(
      async () =>
        (await logged(ON)).length >= 2 &&
        (await notificationSendsTable.list(stack.db, { shopId: ON, status: 'claimed' })).length === 0,
    );

    expect(await subjects(ON)).toEqual([NOW, SOON]);
    expect((await mailTo(ON)).find((m) => m.subject === NOW)!.text).toContain('alle 10 Transfers');
    expect(await logged(ON)).toEqual([
      'notification.sent:creditsExhaustedSoon',
      'notification.sent:creditsExhaustedNow',
    ]);
    expect(
      await notificationSendsTable.list(
        stack.db,
        { shopId: ON },
        { in: { kind: ['creditsExhaustedSoon', 'creditsExhaustedNow'] }, orderBy: 'kind' },
      ),
    ).toMatchObject([
      { kind: 'creditsExhaustedNow', status: 'sent', recipient: inbox[ON], attempts: 1 },
      { kind: 'creditsExhaustedSoon', status: 'sent', recipient: inbox[ON], attempts: 1 },
    ]);
  }, 600_000);

  it('with the switches off no mail is sent, and the skip is logged', async () => {
    await spent(OFF, 9);
    expect(await paidOrder(OFF)).toBe('created'); // 10 of 10: crosses the threshold
    expect(await paidOrder(OFF)).toBe('NO_CREDITS');
    const log = await eventually(async () => {
      const l = await logged(OFF);
      return l.length >= 2 && l;
    }, 60_000);
    expect(log).toEqual(['notification.skipped:creditsExhaustedSoon', 'notification.skipped:creditsExhaustedNow']);
    expect(await mailTo(OFF)).toEqual([]);
  }, 300_000);
});
