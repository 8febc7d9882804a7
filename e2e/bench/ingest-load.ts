/**
 * The load generator of bench/ingest.ts, in its own process so it doesn't share a CPU budget with the
 * servers it measures. Every request is a distinct, correctly signed orders/create webhook of an unpaid order,
 * or with BENCH_PAID=1 an orders/paid webhook of a paid order (a German private customer with a billing address,
 * paid by hand, as the sandbox's de_b2c scenario): one its order workflow invoices at once.
 * Usage: ingest-load.ts <url> <connections> <seconds> [rate per second, 0 for none] [webhooks in all] → prints
 * autocannon's JSON result. With a number of webhooks, the load ends when they are sent, not after the seconds.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { signWebhook } from '@belegfluss/shopify';

const [url, connections, seconds, rate, amount] = process.argv.slice(2);
const secret = process.env.SHOPIFY_API_SECRET!;
const shop = process.env.BENCH_SHOP!;
const paid = process.env.BENCH_PAID === '1';
let n = 0;

const buyer = {
  first_name: 'Max',
  last_name: 'Mustermann',
  address1: 'Hauptstraße 12',
  zip: '10115',
  city: 'Berlin',
  country: 'Germany',
  country_code: 'DE',
};

/** The order of webhook `n`: unpaid, or paid with what an invoice needs (customer, billing address, shipping). */
function order(n: number, now: string) {
  const id = 9_000_000_000 + n;
  const common = {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#L${n}`,
    created_at: now,
    currency: 'EUR',
  };
  if (!paid)
    return {
      ...common,
      total_price: '11.90',
      financial_status: 'pending',
      line_items: [{ id: 1, title: 'Tasse', quantity: 1, price: '11.90', tax_lines: [{ rate: 0.19, price: '1.90' }] }],
    };
  const email = `kunde${n}@example.com`;
  return {
    ...common,
    updated_at: now,
    processed_at: now,
    email,
    financial_status: 'paid',
    gateway: 'manual',
    payment_gateway_names: ['manual'],
    source_name: 'web',
    taxes_included: true,
    total_price: '16.80',
    subtotal_price: '11.90',
    total_tax: '2.68',
    total_discounts: '0.00',
    customer: { id: 7_000_000_000 + n, email, first_name: buyer.first_name, last_name: buyer.last_name },
    billing_address: buyer,
    shipping_address: buyer,
    line_items: [
      {
        id: 1,
        title: 'Tasse',
        sku: 'MUG-001',
        quantity: 1,
        price: '11.90',
        taxable: true,
        requires_shipping: true,
        tax_lines: [{ title: 'DE MwSt', rate: 0.19, price: '1.90' }],
      },
    ],
    shipping_lines: [
      { title: 'DHL Paket', price: '4.90', tax_lines: [{ title: 'DE MwSt', rate: 0.19, price: '0.78' }] },
    ],
  };
}

const result = await autocannon({
  url: url!,
  connections: Number(connections),
  duration: Number(seconds),
  ...(Number(rate) > 0 ? { overallRate: Number(rate) } : {}),
  ...(Number(amount) > 0 ? { amount: Number(amount) } : {}),
  requests: [
    {
      method: 'POST',
      setupRequest: (req) => {
        n += 1;
        const body = JSON.stringify(order(n, new Date().toISOString()));
        return {
          ...req,
          body,
          headers: {
            'content-type': 'application/json',
            'x-shopify-topic': paid ? 'orders/paid' : 'orders/create',
            'x-shopify-shop-domain': shop,
            'x-shopify-webhook-id': randomUUID(),
            'x-shopify-event-id': randomUUID(),
            'x-shopify-triggered-at': new Date().toISOString(),
            'x-shopify-hmac-sha256': signWebhook(body, secret),
          },
        };
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    requests: result.requests.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result['2xx'],
    // The load generator's own CPU, so the bench can show it is not the bottleneck.
    cpu: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  }),
);
