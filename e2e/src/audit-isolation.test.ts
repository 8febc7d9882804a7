import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completenessAuditsTable, documentsTable, shopsTable } from '@belegfluss/db/testing';
import { lastClosedMonth } from '@belegfluss/shared';
import { eventually, merchant } from './merchant';
import { openAllFeatures, startStack, type Stack } from './stack';
import { invoiceByHand } from './lexware-by-hand';

/**
 * One shop's audits must not delay another shop's invoice. The busy shop asks for its last 24 closed months,
 * the first of them full of vouchers made by hand in Lexware Office (each read one by one at 2 requests a
 * second); meanwhile another shop's order is paid. The worker has only 4 live activity slots here, so audits
 * that ran on the live queue would hold every one of them, as enough audits hold the production worker's 100.
 */
let stack: Stack;
const busy = 'pruefdauer.myshopify.com';
const other = 'eilbestellung.myshopify.com';
const AUDITED = 24;
/** Vouchers made by hand in the first audited month. */
const HAND_MADE = 60;

/** The month `n` months before `month` (YYYY-MM). */
function monthsBefore(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
const last = lastClosedMonth(new Date().toISOString());
const months = Array.from({ length: AUDITED }, (_, i) => monthsBefore(last, i));

const control = (path: string, body: unknown) =>
  fetch(`${stack.sandbox.urls.control}/control${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const organizations = async () =>
  (await (await fetch(`${stack.sandbox.urls.control}/control/lexware/organizations`)).json()) as { id: string }[];

async function askAudit(month: string): Promise<{ status: number; message?: string }> {
  const res = await fetch(`${stack.gatewayUrl}/api/audits`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await merchant(stack, busy).token()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ month }),
  });
  const { message } = (await res.json()) as { message?: string };
  return { status: res.status, message };
}

/** An invoice typed into the busy shop's Lexware Office by hand in the first audited month, then copied. */
async function handMadeVouchers(organizationId: string): Promise<void> {
  const { access_token } = (await (await control('/lexware/tokens', { organizationId })).json()) as {
    access_token: string;
  };
  const id = await invoiceByHand(stack, access_token, { voucherDate: `${months[0]}-10T10:00:00.000+01:00` });
  for (let i = 1; i < HAND_MADE; i++) expect((await control(`/lexware/vouchers/${id}/duplicate`, {})).status).toBe(201);
}

const busyReports = async () => (await completenessAuditsTable.list(stack.db, { shopId: busy })).length;

beforeAll(async () => {
  process.env.WORKER_ACTIVITY_TASKS = '4';
  stack = await startStack();
  const before = new Set((await organizations()).map((o) => o.id));
  for (const shop of [busy, other]) {
    await merchant(stack, shop).createShop();
    await merchant(stack, shop).install();
    await merchant(stack, shop).connectLexware();
    await openAllFeatures(stack, shop);
    if (shop === busy) await handMadeVouchers((await organizations()).find((o) => !before.has(o.id))!.id);
  }
  // The busy shop has run Belegfluss for two years.
  await shopsTable.update(
    stack.db,
    { id: busy },
    { installedAt: new Date(`${monthsBefore(last, AUDITED)}-15T12:00:00Z`) },
  );
});
afterAll(async () => {
  await stack?.stop();
});

describe('audits on their own task queue', () => {
  it('refuses months outside the shop’s closed months with a German message', async () => {
    const current = monthsBefore(last, -1);
    for (const month of [current, monthsBefore(last, AUDITED + 1), '0000-01']) {
      const answer = await askAudit(month);
      expect(answer.status, month).toBe(400);
      expect(answer.message).toContain('Prüfen lassen sich nur abgeschlossene Monate');
    }
    expect(await busyReports()).toBe(0);
  });

  it('invoices another shop’s paid order while one shop runs its audits of 24 months, one at a time', async () => {
    const started: string[] = [];
    const refused = new Set<string>();
    const unexpected: string[] = [];
    const auditing = (async () => {
      for (const month of months)
        await eventually(async () => {
          const answer = await askAudit(month);
          if (answer.status === 409) refused.add(answer.message ?? '');
          else if (answer.status === 202) started.push(month);
          else unexpected.push(`${month}: ${answer.status} ${answer.message ?? ''}`);
          return answer.status !== 409;
        }, 900_000);
    })();
    const seen = async () => JSON.stringify({ started, refused: [...refused], unexpected });
    await eventually(async () => started.length > 0, 30_000, seen);
    const paid = await merchant(stack, other).createOrder({ scenario: 'de_b2c', paid: true });
    await eventually(
      async () =>
        (
          await documentsTable.list(
            stack.db,
            { shopId: other, orderId: String(paid.order.id), type: 'invoice' },
            { notNull: ['lexwareId'] },
          )
        ).length === 1,
      300_000,
    );
    // Before the audits end: not even the first one, the month full of hand-made vouchers, has its report yet.
    expect(await busyReports(), 'audit reports when the other shop’s invoice was made').toBe(0);

    await auditing;
    expect(unexpected).toEqual([]);
    expect(started).toEqual(months);
    // The shop asked while its audit ran, and heard why it has to wait.
    expect([...refused]).toEqual([
      'Für diesen Shop läuft bereits eine Prüfung. Bitte warte, bis sie fertig ist, und starte dann die nächste.',
    ]);
    await eventually(async () => (await busyReports()) === AUDITED, 300_000);
  }, 1_800_000);
});
