import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentByIntent } from '@belegfluss/db';
import { closingIntentKey, lastClosedMonth } from '@belegfluss/shared';
import { eventually, merchant } from './merchant';
import { openAllFeatures, startStack, type Stack } from './stack';
import { documentsTable, eventLogTable, shopsTable } from '@belegfluss/db/testing';

/**
 * The completeness audit: a month of orders, invoiced by the workflows, then the faults
 * a bookkeeper can cause in Lexware Office by hand. The audit finds exactly those, no more.
 */
let stack: Stack;
const shop = 'monatspruefung.myshopify.com';
const m = () => merchant(stack, shop);
/** The month of 200 orders; AUDIT_ORDERS makes it smaller for a quick local run. */
const ORDERS = Number(process.env.AUDIT_ORDERS ?? 200);
// Only a closed month can be audited: the orders are placed on its last day, refunds and repairs come today.
const month = lastClosedMonth(new Date().toISOString());
const [year, monthNumber] = month.split('-').map(Number) as [number, number];
const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
const placedAt = `${month}-${lastDay}T12:00:00+01:00`;

const control = (path: string, init: RequestInit = {}) =>
  fetch(`${stack.sandbox.urls.control}/control${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
const json = async <T>(path: string, init?: RequestInit) => (await (await control(path, init)).json()) as T;

interface Report {
  status: string;
  report: {
    orders: number;
    counts: Record<string, number>;
    findings: {
      kind: string;
      orderName: string;
      label: string;
      key: string;
      repair: string | null;
      lexwareId?: string;
      refundId?: string;
    }[];
  } | null;
}
async function audit(): Promise<NonNullable<Report['report']>> {
  await m().api('/api/audits', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ month }),
  });
  // Shopify answers the month in pages of 5 orders under its GraphQL cost budget: 200 orders take minutes.
  const done = await eventually(async () => {
    const r = await m().api<Report>(`/api/audits/${month}`);
    return r.status === 'done' ? (r.report ?? undefined) : undefined;
  }, 900_000);
  return done;
}

beforeAll(async () => {
  stack = await startStack();
  await m().createShop();
  await m().install();
  await m().connectLexware();
  await openAllFeatures(stack, shop);
  // Installed before the month, so its orders count as live ones.
  await shopsTable.update(stack.db, { id: shop }, { installedAt: new Date(`${month}-01T00:00:00+01:00`) });
  // Room for the month's invoices and credit notes: transfers are not what this test is about.
  await shopsTable.update(stack.db, { id: shop }, { transfersQuota: 3000 });
});
afterAll(async () => {
  await stack?.stop();
});

describe('the completeness audit of a month', () => {
  it('finds exactly the injected faults', async () => {
    const created = await json<{ order: { id: number; name: string } }[]>(`/shops/${shop}/orders`, {
      method: 'POST',
      body: JSON.stringify({ scenario: 'de_b2c', paid: true, count: ORDERS, createdAt: placedAt, webhooks: true }),
    });
    const orders = created.map((c) => c.order);
    await eventually(
      async () =>
        (await documentsTable.list(stack.db, { shopId: shop, type: 'invoice' }, { notNull: ['lexwareId'] })).length ===
        ORDERS,
      // Lexware takes 2 requests a second per connection: 200 orders with their contacts take minutes.
      900_000,
    );
    // Two refunds, each with its credit note.
    for (const o of orders.slice(10, 12))
      await control(`/shops/${shop}/orders/${o.id}/refund`, {
        method: 'POST',
        body: JSON.stringify({ mode: 'amount', amount: 5 }),
      });
    await eventually(
      async () =>
        (await documentsTable.list(stack.db, { shopId: shop, type: 'credit' }, { notNull: ['lexwareId'] })).length ===
        2,
      60_000,
    ).catch(async (error: unknown) => {
      throw new Error(
        `${String(error)}: ${JSON.stringify(await eventLogTable.select(stack.db, ['event', 'body'], { shopId: shop, origin: 'credit' }))}`,
      );
    });

    const clean = await audit();
    expect(clean.orders).toBe(ORDERS);
    expect(clean.findings).toEqual([]);

    const lexId = async (orderId: number, type: 'invoice' | 'credit') =>
      (await documentsTable.one(stack.db, { shopId: shop, orderId: String(orderId), type })).lexwareId!;
    // Two invoices deleted, one copied by hand, one total changed, one credit note gone.
    const lostInvoices = [await lexId(orders[0]!.id, 'invoice'), await lexId(orders[1]!.id, 'invoice')];
    const wrongInvoice = await lexId(orders[3]!.id, 'invoice');
    const lostCredit = await lexId(orders[10]!.id, 'credit');
    for (const o of orders.slice(0, 2))
      expect((await control(`/lexware/vouchers/${await lexId(o.id, 'invoice')}`, { method: 'DELETE' })).status).toBe(
        204,
      );
    expect(
      (await control(`/lexware/vouchers/${await lexId(orders[2]!.id, 'invoice')}/duplicate`, { method: 'POST' }))
        .status,
    ).toBe(201);
    expect(
      (
        await control(`/lexware/vouchers/${await lexId(orders[3]!.id, 'invoice')}`, {
          method: 'PATCH',
          body: JSON.stringify({ totalGrossAmount: 1.23 }),
        })
      ).status,
    ).toBe(200);
    expect(
      (await control(`/lexware/vouchers/${await lexId(orders[10]!.id, 'credit')}`, { method: 'DELETE' })).status,
    ).toBe(204);

    const found = await audit();
    const duplicateOf = found.findings.find((f) => f.kind === 'duplicate')!.lexwareId!;
    const refundOf10 = found.findings.find((f) => f.kind === 'missing_credit')!.refundId!;
    const pairs = found.findings.map((f) => [f.kind, f.orderName]).sort();
    expect(pairs).toEqual(
      [
        ['duplicate', orders[2]!.name],
        ['missing_credit', orders[10]!.name],
        ['missing_invoice', orders[0]!.name],
        ['missing_invoice', orders[1]!.name],
        ['total_mismatch', orders[3]!.name],
      ].sort(),
    );
    expect(found.counts).toEqual({
      missing_invoice: 2,
      missing_credit: 1,
      duplicate: 1,
      total_mismatch: 1,
      unlinked_credit: 0,
      unknown_order: 0,
    });

    const csv = await fetch(`${stack.gatewayUrl}/api/audits/${month}/csv`, {
      headers: { Authorization: `Bearer ${await m().token()}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines.some((l) => l.startsWith(`Rechnung fehlt;${orders[0]!.name}`))).toBe(true);

    const bad = await fetch(`${stack.gatewayUrl}/api/audits`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await m().token()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ month: '2026-13' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Bitte wähle einen Monat im Format JJJJ-MM.');

    // One click repairs all five: nothing happens before the merchant confirms the credit notes.
    const repair = async (payload: unknown) =>
      fetch(`${stack.gatewayUrl}/api/audits/${month}/repair`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await m().token()}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
    const unconfirmed = await repair({ all: true });
    expect(unconfirmed.status).toBe(409);
    expect(((await unconfirmed.json()) as { error: string }).error).toBe('CONFIRM_REQUIRED');
    const unknown = await repair({ keys: ['duplicate:1:erfunden'] });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toContain('Diesen Befund gibt es');
    expect(found.findings.every((f) => f.repair !== null)).toBe(true);
    const started = await repair({ all: true, confirm: true });
    expect(started.status).toBe(202);
    expect(await started.json()).toMatchObject({ requested: 5, manual: 0 });

    // Each order's workflow makes what was missing and closes what was wrong, under its usual rules.
    const intent = (key: string) => documentByIntent(stack.db, shop, key);
    await eventually(async () => {
      const [first, second, wrong, closedCopy, closedWrong] = await Promise.all([
        intent(`invoice:${orders[0]!.id}`),
        intent(`invoice:${orders[1]!.id}`),
        intent(`invoice:${orders[3]!.id}`),
        intent(closingIntentKey(duplicateOf)),
        intent(closingIntentKey(wrongInvoice)),
      ]);
      const credit = await intent(`credit:${refundOf10}`);
      return (
        first?.lexwareId &&
        first.lexwareId !== lostInvoices[0] &&
        second?.lexwareId &&
        second.lexwareId !== lostInvoices[1] &&
        wrong?.lexwareId &&
        wrong.lexwareId !== wrongInvoice &&
        closedCopy?.lexwareId &&
        closedWrong?.lexwareId &&
        credit?.lexwareId &&
        credit.lexwareId !== lostCredit
      );
    }, 300_000);
    const repairs = await eventLogTable.list(stack.db, { shopId: shop, event: 'audit.repair' });
    expect(repairs.length).toBeGreaterThanOrEqual(5);

    // The second audit of the month is clean: the closed invoices and their credit notes count as settled.
    const again = await audit();
    expect(again.findings).toEqual([]);
  }, 1_800_000);
});
