import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore, germanDay, germanDayBounds, type ImportRangeView } from '@belegfluss/shared';
import type { Browser, Page } from 'playwright-core';
import { eventually, merchant } from './merchant';
import { spawnWorker, startStack, type Stack } from './stack';
import { launchChromium, screenshot, serveFrontends } from './frontends';
import { documentsTable, orderImportsTable, ordersTable, transferLedgerTable } from '@belegfluss/db/testing';

/**
 * The paid historical import as a merchant meets it, against the Temporal
 * dev server and the sandbox: three backdated days with 40 orders, the Standard plan and the
 * import bought through the sandbox's billing pages, two days imported while the worker is
 * killed once. Exactly those days' invoices exist, with their totals and transfers charged.
 * Then a range of three more days chosen in Chromium's dialog, queued and run one day after
 * another through another worker kill, and a range stopped while its first day runs.
 */
let stack: Stack;
const shop = 'alte-bestellungen.myshopify.com';
const m = () => merchant(stack, shop);
const workers: ChildProcess[] = [];
/** The German calendar day `n` days before today. */
const day = (n: number) => daysBefore(germanDay(new Date().toISOString()), n);
const DAYS = [day(12), day(11), day(10)];
const COUNTS = [14, 13, 13];
type Order = { id: number; name: string; total_price: string };
const orders: Order[][] = [[], [], []];
/** The range chosen in the dialog, and the range stopped while its first day runs. */
const RANGE = [day(20), day(19), day(18)];
// Counts of their own, so each day's line in the card is told from the others.
const RANGE_COUNTS = [3, 2, 4];
const rangeOrders: Order[][] = [[], [], []];
const STOPPED = { from: day(9), to: day(1), orders: 3 };
let frontends: Awaited<ReturnType<typeof serveFrontends>> | undefined;
let browser: Browser | undefined;

const post = (path: string) => m().api<Record<string, unknown>>(path, { method: 'POST' });
const call = async (path: string, method = 'GET') => {
  const res = await fetch(`${stack.gatewayUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${await m().token()}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const sandboxInvoices = async () =>
  (await (await fetch(`${stack.sandbox.urls.control}/control/lexware/invoices`)).json()) as {
    id: string;
    remark?: string;
    totalPrice: { totalGrossAmount: number };
  }[];

/** Approves a charge on the sandbox's billing page, then follows Shopify's redirect back to the gateway. */
async function approve(confirmationUrl: string): Promise<void> {
  const page = await fetch(confirmationUrl);
  expect(await page.text()).toContain('Genehmigen');
  const decided = await fetch(confirmationUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'decision=approve',
  });
  const back = await fetch(decided.headers.get('location')!, { redirect: 'manual' });
  expect(back.status).toBe(302);
}

beforeAll(async () => {
  stack = await startStack({ worker: false });
  workers.push(spawnWorker(stack.settings));
  await m().json(`${stack.sandbox.urls.control}/control/shops`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ shop, createdAt: new Date(Date.now() - 30 * 86_400_000).toISOString() }),
  });
  await m().install();
  await m().connectLexware();
  const backdated = (d: string, n: number) =>
    m().createOrder({
      scenario: 'de_b2c',
      createdAt: new Date(Date.parse(germanDayBounds(d).from) + (8 * 60 + n * 90) * 60_000).toISOString(),
      paid: true,
    });
  await Promise.all([
    ...RANGE.map(async (d, i) => {
      rangeOrders[i] = await Promise.all(
        Array.from({ length: RANGE_COUNTS[i]! }, async (_, n) => (await backdated(d, n)).order),
      );
    }),
    ...Array.from({ length: STOPPED.orders }, (_, n) => backdated(STOPPED.from, n)),
  ]);
  await Promise.all(
    DAYS.map(async (d, i) => {
      const { from } = germanDayBounds(d);
      // Spread over the day, from just after midnight to late evening (German time); all at once, setting up is not what is proven.
      orders[i] = await Promise.all(
        Array.from({ length: COUNTS[i]! }, async (_, n) => {
          const createdAt = new Date(Date.parse(from) + (5 + n * 100) * 60_000).toISOString();
          return (await m().createOrder({ scenario: n % 3 === 0 ? 'multi_rate' : 'de_b2c', createdAt, paid: true }))
            .order;
        }),
      );
    }),
  );
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await frontends?.stop();
  for (const w of workers) w.kill('SIGKILL');
  await stack?.stop();
});

describe('the historical import, one day at a time', () => {
  it('is bought through the billing pages on the Standard plan', async () => {
    const plan = await m().api<{ confirmationUrl: string }>('/api/plan', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan: 'standard', annual: false }),
    });
    await approve(plan.confirmationUrl);
    await eventually(async () => (await m().api<{ plan: { id: string } }>('/api/shop')).plan.id === 'standard');
    const purchase = await m().api<{ confirmationUrl: string; purchase: { price: number } }>(
      '/api/plan/purchase/orderImport',
      { method: 'POST' },
    );
    expect(purchase.purchase.price).toBe(129);
    await approve(purchase.confirmationUrl);
    const view = await m().api<{ plan: { purchase: string[]; credits: { quota: number } } }>('/api/shop');
    expect(view.plan.purchase).toContain('orderImport');
    expect(view.plan.credits.quota).toBe(300 * 5);
  });

  it('imports two of the days: exactly their invoices, with the right totals and transfers, though the worker dies on the way', async () => {
    const dialog = await m().api<{ first: string; last: string; days: unknown[] }>('/api/orders/import/days');
    expect(dialog.first <= DAYS[0]!).toBe(true);
    expect(dialog.days).toEqual([]);
    await post(`/api/orders/import?date=${DAYS[0]}`);
    await post(`/api/orders/import?date=${DAYS[1]}`);
    expect(await call(`/api/orders/import?date=${DAYS[0]}`, 'POST')).toMatchObject({ status: 409 });

    // Kill the worker while invoices are being made, then start a new one.
    await eventually(async () => (await sandboxInvoices()).length >= 3, 120_000);
    workers[0]!.kill('SIGKILL');
    workers.push(spawnWorker(stack.settings));

    const wanted = [...orders[0]!, ...orders[1]!];
    const docs = await eventually(async () => {
      const rows = await documentsTable.list(stack.db, { shopId: shop, type: 'invoice' }, { notNull: ['lexwareId'] });
      return rows.length >= wanted.length && rows;
    }, 300_000);
    expect(docs.map((d) => Number(d.orderId)).sort()).toEqual(wanted.map((o) => o.id).sort());

    // In Lexware: one invoice per order of the two days, none for the third, each with its order's total.
    const invoices = await sandboxInvoices();
    expect(invoices).toHaveLength(wanted.length);
    for (const order of wanted) {
      const mine = invoices.filter((i) => i.remark?.includes(`Bestellung ${order.name}`));
      expect(mine, order.name).toHaveLength(1);
      expect(mine[0]!.totalPrice.totalGrossAmount).toBe(Number(order.total_price));
    }
    expect(await transferLedgerTable.list(stack.db, { shopId: shop, reason: 'document' })).toHaveLength(wanted.length);
    expect((await m().api<{ plan: { credits: { used: number } } }>('/api/shop')).plan.credits.used).toBe(wanted.length);

    // The third day is untouched: not read, no documents.
    const third = orders[2]!.map((o) => String(o.id));
    expect(await ordersTable.list(stack.db, { shopId: shop }, { in: { orderId: third } })).toEqual([]);
    expect(await documentsTable.list(stack.db, { shopId: shop }, { in: { orderId: third } })).toEqual([]);

    const after = await m().api<{ days: { day: string; status: string; orders: number; invoices: number }[] }>(
      '/api/orders/import/days',
    );
    expect(after.days).toEqual(
      [0, 1].map((i) => ({
        day: DAYS[i],
        status: 'completed',
        orders: COUNTS[i],
        invoices: COUNTS[i],
        waiting: 0,
        estimate: null,
        stoppedOnPlan: null,
      })),
    );
    expect(await call(`/api/orders/import?date=${DAYS[1]}`, 'POST')).toMatchObject({ status: 409 });
    expect((await sandboxInvoices()).length).toBe(wanted.length);
  }, 420_000);
});

type Dialog = {
  days: { day: string; status: string; orders: number; invoices: number; waiting: number }[];
  range: ImportRangeView | null;
};
const dialogData = () => m().api<Dialog>('/api/orders/import/days');
const german = (d: string) => d.split('-').reverse().join('.');

/** Shows the month of `d` in the dialog's calendar and clicks that day. */
async function pickDay(page: Page, d: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  const monthName = new Date(`${d}T12:00:00Z`).toLocaleDateString('de-DE', { month: 'long', year: 'numeric' });
  for (let i = 0; i < 24 && !(await dialog.getByText(monthName, { exact: false }).count()); i++)
    await dialog.locator('button[aria-label^="Vormonat anzeigen"]').click();
  await dialog
    .locator('table button:not([disabled])')
    .filter({ hasText: new RegExp(`^${Number(d.slice(8))}$`) })
    .first()
    .click();
}

describe('the historical import of a range of days', () => {
  it('is chosen in the dialog, which says the transfer boost first; the days run one after another and each gets its invoices', async () => {
    frontends = await serveFrontends({ gatewayUrl: stack.gatewayUrl, sandboxUrl: stack.sandbox.urls.control });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' });
    await page.goto(`${frontends.urls.shell}/orders?shop=${shop}`);
    await page.getByText('Importierte Tage').waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Zeitraum auswählen' }).click();
    const dialog = page.getByRole('dialog');
    // Before the start: the purchase's raise (5 × the Standard quota for 30 days) and what happens past it.
    await dialog.getByText(/das 5-fache deines Monatskontingents: 1\.500 statt 300 Übertragungen/).waitFor();
    await dialog.getByText(/Bestellungen darüber hinaus erhalten vorerst keine Rechnung/).waitFor();
    await pickDay(page, RANGE[0]!);
    await pickDay(page, RANGE[2]!);
    await dialog.getByText(new RegExp(`${german(RANGE[0]!)} bis .*${german(RANGE[2]!)} \\(3 Tage\\)`)).waitFor();
    console.log('dialog:', await screenshot(page, 'import-range-dialog'));
    await dialog.getByRole('button', { name: '3 Tage importieren' }).click();
    await page.getByText(/von 3 Tagen, \d+ Rechnung(en)? bisher · läuft/).waitFor({ timeout: 60_000 });

    // The worker dies while the range's first invoices are made; the queue goes on with a new one.
    await eventually(async () => ((await dialogData()).range?.invoices ?? 0) >= 1, 180_000);
    console.log('progress:', await screenshot(page, 'import-range-progress'));
    workers.at(-1)!.kill('SIGKILL');
    workers.push(spawnWorker(stack.settings));

    const total = RANGE_COUNTS.reduce((a, b) => a + b, 0);
    const done = await eventually(async () => {
      const data = await dialogData();
      return data.range?.status === 'completed' && data.range.invoices >= total && data;
    }, 420_000);
    expect(done.range).toMatchObject({ total: 3, daysDone: 3, invoices: total, current: null });
    for (const [i, d] of RANGE.entries()) {
      expect(done.days.find((x) => x.day === d)).toMatchObject({
        status: 'completed',
        orders: RANGE_COUNTS[i],
        invoices: RANGE_COUNTS[i],
        waiting: 0,
      });
      // Each day shows its own invoices in the card.
      await page
        .getByText(`${RANGE_COUNTS[i]} Bestellungen eingelesen, ${RANGE_COUNTS[i]} Rechnungen · abgeschlossen`)
        .first()
        .waitFor({ timeout: 60_000 });
    }
    await page.getByText('3 von 3 Tagen').first().waitFor({ timeout: 60_000 });
    console.log('done:', await screenshot(page, 'import-range-done'));

    // Exactly one invoice per order of the range, each with its order's total.
    const invoices = await sandboxInvoices();
    for (const order of rangeOrders.flat()) {
      const mine = invoices.filter((i) => i.remark?.includes(`Bestellung ${order.name}`));
      expect(mine, order.name).toHaveLength(1);
      expect(mine[0]!.totalPrice.totalGrossAmount).toBe(Number(order.total_price));
    }
  }, 720_000);

  it('stops: the running day finishes, the days not started are not started', async () => {
    const started = await call(`/api/orders/import/range?from=${STOPPED.from}&to=${STOPPED.to}`, 'POST');
    expect(started).toMatchObject({ status: 202, body: { days: 9 } });
    // Overlapping the running range: refused in German, nothing queued.
    expect(await call(`/api/orders/import/range?from=${day(3)}&to=${day(2)}`, 'POST')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('überschneidet sich mit dem laufenden Import') },
    });
    await eventually(async () => (await dialogData()).range?.current === STOPPED.from, 180_000);
    expect(await call('/api/orders/import/range/stop', 'POST')).toMatchObject({ status: 202 });

    const stopped = await eventually(async () => {
      const data = await dialogData();
      return data.range?.status === 'stopped' && data;
    }, 300_000);
    expect(stopped.range!.total).toBe(9);
    expect(stopped.range!.daysDone).toBeLessThan(9);
    // The day that ran finished with its orders read; no later day of the range was claimed.
    expect(stopped.days.find((d) => d.day === STOPPED.from)).toMatchObject({ status: 'completed', orders: 3 });
    const claimed = stopped.days.filter((d) => d.day >= STOPPED.from && d.day <= STOPPED.to);
    expect(claimed).toHaveLength(stopped.range!.daysDone);
    const rows = await orderImportsTable.list(stack.db, { shopId: shop });
    expect(rows.length).toBe(stopped.days.length);
    // Its invoices still come: the stop only leaves the days not started alone.
    await eventually(
      async () => (await dialogData()).days.find((d) => d.day === STOPPED.from)?.invoices === STOPPED.orders,
      180_000,
    );
  }, 600_000);
});
