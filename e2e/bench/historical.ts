/**
 * The paid historical import at size: 2,000 orders over 20 days before the
 * installation, one import workflow per day, through the whole stack. Prints invoices per
 * second against the 2 requests/s bound of the Lexware connection, and how long a live order
 * paid during the import waits for its invoice (live orders come first). Asserts nothing.
 * BENCH_HISTORICAL_ORDERS and BENCH_HISTORICAL_DAYS size it.
 */
import { germanDay } from '@belegfluss/shared';
import { eventually, merchant } from '../src/merchant';
import { startStack } from '../src/stack';
import { documentsTable, purchasesTable, shopsTable } from '@belegfluss/db/testing';

const ORDERS = Number(process.env.BENCH_HISTORICAL_ORDERS ?? 2000);
const DAYS = Number(process.env.BENCH_HISTORICAL_DAYS ?? 20);
const shop = 'bench-historie.myshopify.com';

const stack = await startStack();
const control = stack.sandbox.urls.control;
const m = merchant(stack, shop);
const post = (url: string, body: unknown) =>
  m.json(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const invoiceCount = async () =>
  Number(await documentsTable.count(stack.db, { shopId: shop, type: 'invoice' }, { notNull: ['lexwareId'] }));

await post(`${control}/control/shops`, {
  shop,
  createdAt: new Date(Date.now() - (DAYS + 30) * 86_400_000).toISOString(),
});
// The orders exist before the installation; their days are the ones to import.
const days: string[] = [];
for (let d = 0; d < DAYS; d++) {
  const at = new Date(Date.now() - (DAYS + 5 - d) * 86_400_000);
  days.push(germanDay(at.toISOString()));
  const count = Math.floor(ORDERS / DAYS) + (d < ORDERS % DAYS ? 1 : 0);
  await post(`${control}/control/shops/${shop}/orders`, {
    scenario: 'de_b2c',
    createdAt: at.toISOString(),
    count,
    paid: true,
  });
}
await m.install();
await m.connectLexware();
await shopsTable.update(stack.db, { id: shop }, { planId: 'business', transfersQuota: 3000 });
await purchasesTable.insert(stack.db, {
  shopId: shop,
  feature: 'orderImport',
  price: 379,
  status: 'active',
  activatedAt: new Date(),
});
await fetch(`${control}/control/lexware/stats`, { method: 'DELETE' });

const started = performance.now();
for (const day of days) await m.api(`/api/orders/import?date=${day}`, { method: 'POST' });
let firstAt = 0;
await eventually(async () => (await invoiceCount()) > 0 && (firstAt = performance.now()), 10 * 60_000);

// A live order while the import runs: its invoice should not wait behind the backlog.
await eventually(async () => (await invoiceCount()) >= Math.min(20, ORDERS / 4), 30 * 60_000);
const { order } = await m.createOrder({ scenario: 'de_b2c' });
const paidAt = performance.now();
await m.payOrder(order.id);
await eventually(
  async () => documentsTable.first(stack.db, { shopId: shop, orderId: String(order.id) }, { notNull: ['lexwareId'] }),
  30 * 60_000,
);
const liveSeconds = (performance.now() - paidAt) / 1000;

let last = -1;
await eventually(
  async () => {
    const count = await invoiceCount();
    if (count !== last) process.stdout.write(`\r  ${(last = count)}/${ORDERS + 1} invoices`);
    return count >= ORDERS + 1;
  },
  4 * 60 * 60_000,
);
const seconds = (performance.now() - started) / 1000;
process.stdout.write('\n');

const stats = (await (await fetch(`${control}/control/lexware/stats`)).json()) as Record<
  string,
  { requests: number; byStatus: Record<string, number> }
>;
const requests = Object.values(stats).reduce((s, x) => s + x.requests, 0);
const r429 = Object.values(stats).reduce((s, x) => s + (x.byStatus['429'] ?? 0), 0);
const invoices = (await (await fetch(`${control}/control/lexware/invoices`)).json()) as unknown[];
const perInvoice = requests / (ORDERS + 1);
console.log(`historical import: ${ORDERS} orders over ${DAYS} days, one workflow per day, one Lexware connection`);
console.log(
  `  time                           ${seconds.toFixed(1)} s (first invoice after ${((firstAt - started) / 1000).toFixed(1)} s)`,
);
console.log(
  `  invoices created               ${invoices.length} (expected ${ORDERS + 1}, duplicates ${Math.max(0, invoices.length - ORDERS - 1)})`,
);
console.log(
  `  invoices/s                     ${((ORDERS + 1) / seconds).toFixed(2)}  (bound: 2 req/s ÷ ${perInvoice.toFixed(2)} calls per invoice = ${(2 / perInvoice).toFixed(2)})`,
);
console.log(`  requests/s                     ${(requests / seconds).toFixed(2)}  (limit 2), 429 answers ${r429}`);
console.log(`  live order paid mid-import     invoice after ${liveSeconds.toFixed(1)} s`);
await stack.stop();
process.exit(0);
