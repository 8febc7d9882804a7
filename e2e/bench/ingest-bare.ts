/**
 * The floor of bench/ingest.ts, in its own process like the gateway: read the body, check the Shopify HMAC,
 * answer. Nothing else. Prints the port it listens on.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { verifyWebhookHmac } from '@belegfluss/shopify';

const secret = process.env.SHOPIFY_API_SECRET!;
const bare = new Koa();
bare.use(async (ctx) => {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const ok = verifyWebhookHmac(Buffer.concat(chunks), ctx.get('x-shopify-hmac-sha256') || undefined, secret);
  ctx.status = ok ? 200 : 401;
  ctx.body = { ok };
});
const server = bare.listen(0, '127.0.0.1');
await once(server, 'listening');
process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
