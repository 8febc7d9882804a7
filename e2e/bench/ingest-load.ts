/**
 * The load generator of bench/ingest.ts, in its own process so it doesn't share a CPU budget with the
 * servers it measures. Every request is a distinct, correctly signed orders/create webhook.
 * Usage: ingest-load.ts <url> <connections> <seconds> [rate per second, 0 for none] [webhooks in all] → prints
 * autocannon's JSON result. With a number of webhooks, the load ends when they are sent, not after the seconds.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { signWebhook } from '@belegfluss/shopify';

const [url, connections, seconds, rate, amount] = process.argv.slice(2);
const secret = process.env.SHOPIFY_API_SECRET!;
const shop = process.env.BENCH_SHOP!;
let n = 0;

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
        const id = 9_000_000_000 + n;
        const body = JSON.stringify({
          id,
          admin_graphql_api_id: `gid://shopify/Order/${id}`,
          name: `#L${n}`,
          created_at: new Date().toISOString(),
          currency: 'EUR',
          total_price: '11.90',
          financial_status: 'pending',
          line_items: [
            { id: 1, title: 'Tasse', quantity: 1, price: '11.90', tax_lines: [{ rate: 0.19, price: '1.90' }] },
          ],
        });
        return {
          ...req,
          body,
          headers: {
            'content-type': 'application/json',
            'x-shopify-topic': 'orders/create',
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
