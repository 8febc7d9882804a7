import { fileURLToPath } from 'node:url';
import { createServer, type Server } from 'node:http';
import { Client, Connection } from '@temporalio/client';
import pino from 'pino';
import { createDb, createSecretBox } from '@belegfluss/db';
import { readSettings, type Settings } from '@belegfluss/shared/settings';
import { createApp } from './app';
import { isShopifyWebhook, shopifyWebhookListener } from './routes/webhooks/shopify';
import { createWebhookBodies } from './webhook-bodies';
import { signalDelivery } from './deliveries';
import type { GatewayContext } from './context';
import { createRateLimits } from './rate-limit';
import { createBackground } from './background';
import { createDispatcher, startRelay } from './signal';
import { createInstalledShops } from './installed-shops';
import { createInboxWriter } from './inbox-writer';
import { DEFAULT_WEBHOOK_MAX_BODIES, publicKeyLoader, readGatewayOptions, type GatewayOptions } from './config';
import { startWebhookRegistrar } from './webhook-subscriptions';
import { createTemporalCalls } from './temporal-calls';

/**
 * What every route needs. Without a Temporal connection the client connects when first used, which is how
 * the route list (print-routes.ts) builds the app without a running Temporal.
 */
export function createGatewayContext(
  settings: Settings,
  options: GatewayOptions,
  connection?: Connection,
): GatewayContext {
  const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
  const db = createDb(settings.databaseUrl);
  const base = {
    db,
    box: createSecretBox(settings.encryptionKey),
    temporal: new Client({ connection, namespace: settings.temporalNamespace }),
    settings,
    options,
    lexwareEventKey: publicKeyLoader(options),
    log,
    installedShops: createInstalledShops(db),
    inbox: createInboxWriter(db),
    webhookBodies: createWebhookBodies(options.webhookMaxBodies ?? DEFAULT_WEBHOOK_MAX_BODIES),
  };
  return {
    ...base,
    dispatcher: createDispatcher(base, (d) => signalDelivery(base, d)),
    limits: createRateLimits(base.db),
    background: createBackground(),
  };
}

/** Starts the gateway on `port` (0 picks a free one); tests call this directly. */
export async function startGateway(
  settings: Settings,
  port: number,
  options: GatewayOptions = readGatewayOptions(),
): Promise<{ url: string; gw: GatewayContext; close(): Promise<void> }> {
  const calls = createTemporalCalls();
  const connection = await Connection.connect({ address: settings.temporalAddress, interceptors: calls.interceptors });
  const gw = createGatewayContext(settings, options, connection);
  // Shopify's webhooks go around Koa (routes/webhooks/shopify.ts); everything else through it.
  const koa = createApp(gw).callback();
  const webhook = shopifyWebhookListener(gw);
  const server: Server = await new Promise((resolve, reject) => {
    const s = createServer((req, res) => {
      if (isShopifyWebhook(req)) webhook(req, res);
      else void koa(req, res);
    });
    // A port already taken fails the start at once (an uncaught error event left the caller waiting).
    s.once('error', reject);
    s.listen(port, '0.0.0.0', () => {
      s.off('error', reject);
      resolve(s);
    });
  });
  // A client that promises a body and never sends it lets go of the connection after 30 s, not Node's 300 s.
  server.requestTimeout = 30_000;
  // Proxies in front (nginx, the front ends' preview servers) reuse idle connections. Node closes them
  // after 5 s, so a request sent just then met a reset and the merchant saw a 502/504. Idle connections
  // now outlive the proxies' own idle limits (nginx: 60 s; Node's agent: 5 s), so the proxy always closes first.
  server.keepAliveTimeout = 65_000;
  const stopRelay = startRelay(gw, gw.dispatcher);
  const stopRegistrar = startWebhookRegistrar(gw);
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    gw,
    async close() {
      stopRelay();
      await stopRegistrar();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await gw.dispatcher.close();
      await gw.background.settle();
      // A handler whose client went away may still await Temporal (and then its database): its call ends first.
      await calls.settle();
      await gw.db.destroy();
      await connection.close();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const settings = readSettings();
  const port = Number(process.env.PORT ?? new URL(settings.appUrl).port ?? 8080);
  const gateway = await startGateway(settings, port);
  console.log(`Gateway läuft auf ${gateway.url}`);
  const stop = () => void gateway.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
export { readGatewayOptions } from './config';
