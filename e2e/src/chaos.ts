import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase, lexwareConnectionsTable, shopsTable, webhookInboxTable } from '@belegfluss/db/testing';
import { readSettings, type Settings } from '@belegfluss/shared/settings';
import { startSandboxProcess } from './sandbox-process';
import { startBalancer } from './balancer';
import { eventually, merchant } from './merchant';
import { freePort } from './ports';
import { spawnWorker, TEMPORAL_DEV_FLAGS, workerEnv } from './stack';

/**
 * Every part of the stack fails while orders drain: a gateway is killed with -9, the Temporal dev server
 * restarts with its data file kept, PostgreSQL restarts (when allowed: it is shared with other test runs), a
 * worker is killed again and again; meanwhile Shopify sends half its webhooks twice and out of order, and
 * Lexware answers 429/500/504 (504s after the write too). With `gateways` or `workers` above one it runs scaled
 * out, as an installation that outgrew one host does: that many gateway and worker processes against the one
 * Temporal and PostgreSQL, the gateways behind nginx (the app's one address), each kill hitting the next in turn.
 */
export interface ChaosOptions {
  orders: number;
  workerKills: number;
  gatewayKills: number;
  temporalRestarts: number;
  /** `pg_ctlcluster --skip-systemctl-redirect <version> main restart`: only where no one else uses the server. */
  postgresRestarts: number;
  /** Time between two disruptions. */
  intervalMs: number;
  /** Gateway processes behind one nginx (1: the app's URL is the gateway itself). */
  gateways?: number;
  /** Worker processes polling the same task queues. */
  workers?: number;
  log?: (line: string) => void;
}

export interface ChaosFigures {
  orders: number;
  documents: number;
  missing: number;
  duplicates: number;
  unsettledWebhooks: number;
  /** 429s of Lexware's own rate limit (2 requests per second per connection), apart from injected faults. */
  rateLimited: number;
  gateways: number;
  workers: number;
  drainSeconds: number;
  disruptions: Record<string, number>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const SETTLED = ['successful', 'skipped', 'unprocessable', 'failed'];

async function healthy(url: string): Promise<boolean> {
  return fetch(url).then(
    (r) => r.ok,
    () => false,
  );
}

export async function runChaos(o: ChaosOptions): Promise<ChaosFigures> {
  const log = o.log ?? (() => undefined);
  const cli = process.env.TEMPORAL_CLI_PATH;
  if (!cli) throw new Error('TEMPORAL_CLI_PATH is not set: run through npm test or npm run bench.');
  const dataDir = mkdtempSync(join(tmpdir(), 'belegfluss-chaos-'));
  const database = await createTestDatabase();
  const gatewayCount = o.gateways ?? 1;
  const workerCount = o.workers ?? 1;
  const temporalPort = await freePort();
  const gatewayPorts = await Promise.all(Array.from({ length: gatewayCount }, () => freePort()));
  const balancerPort = gatewayCount > 1 ? await freePort() : gatewayPorts[0]!;
  const temporalAddress = `127.0.0.1:${temporalPort}`;
  const temporalArgs = [
    'server',
    'start-dev',
    '--db-filename',
    join(dataDir, 'temporal.db'),
    '--port',
    String(temporalPort),
    '--headless',
    '--log-level',
    'error',
    ...['ShopDomain', 'OrderName', 'DocumentStatus'].flatMap((a) => ['--search-attribute', `${a}=Keyword`]),
    ...TEMPORAL_DEV_FLAGS,
  ];
  let temporal: ChildProcess | undefined;
  const startTemporal = async () => {
    temporal = spawn(cli, temporalArgs, { stdio: 'ignore' });
    await eventually(
      async () =>
        run(cli, ['operator', 'cluster', 'health', '--address', temporalAddress]).then(
          () => true,
          () => false,
        ),
      60_000,
    );
  };
  await startTemporal();

  const appUrl = `http://127.0.0.1:${balancerPort}`;
  const balancer = gatewayCount > 1 ? await startBalancer(balancerPort, gatewayPorts) : undefined;
  // Shopify retries a failed delivery for hours; a few growing delays cover the gateway's short deaths. The sandbox
  // runs in its own process, as the services it stands in for do, so it counts Lexware's rate limit at its own door.
  const sandbox = await startSandboxProcess({
    ports: { control: 0, shopify: 0, lexware: 0, paypal: 0, smtp: 0, smtps: 0 },
    appUrl,
    log: false,
    webhookRetryDelaysMs: [1000, 2000, 4000, 8000, 15000, 30000, 60000],
    lexwareEventRetryDelaysMs: [500, 2000],
  });
  const base = readSettings();
  const settings: Settings = {
    ...base,
    databaseUrl: database.url,
    temporalAddress,
    taskQueue: `chaos-${Math.random().toString(36).slice(2)}`,
    appUrl,
    shopify: { ...base.shopify, adminUrl: sandbox.urls.shopifyAdmin },
    lexware: {
      ...base.lexware,
      apiUrl: sandbox.urls.lexwareApi,
      oauth: {
        ...base.lexware.oauth,
        oauthUrl: sandbox.urls.lexwareOauth,
        redirectUri: `${appUrl}/api/lexoffice/callback`,
      },
    },
    mail: { ...base.mail, smtpUrl: `smtp://belegfluss:belegfluss@127.0.0.1:${sandbox.urls.smtp!.port}` },
  };
  const gateways: (ChildProcess | undefined)[] = [];
  const startGateway = async (i: number) => {
    gateways[i] = spawn(process.execPath, ['--import', 'tsx', `${root}/services/gateway/src/main.ts`], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...workerEnv(settings),
        PORT: String(gatewayPorts[i]),
        LOG_LEVEL: 'silent',
        LEXWARE_EVENT_PUBLIC_KEY_URL: `${sandbox.urls.control}/control/lexware/public-key`,
      },
    });
    await eventually(() => healthy(`http://127.0.0.1:${gatewayPorts[i]}/healthz`), 60_000);
  };
  for (let i = 0; i < gatewayCount; i++) await startGateway(i);
  const workers = Array.from({ length: workerCount }, () => spawnWorker(settings));
  const gone = (p: ChildProcess) => p.exitCode !== null || p.signalCode !== null;
  const disruptions: Record<string, number> = {
    workerKills: 0,
    gatewayKills: 0,
    temporalRestarts: 0,
    postgresRestarts: 0,
    workerExits: 0,
    gatewayExits: 0,
  };
  /** A process that gave up while Temporal or PostgreSQL was away is started again, as a supervisor would; counted apart. */
  const supervise = async () => {
    for (const [i, worker] of workers.entries())
      if (gone(worker)) {
        workers[i] = spawnWorker(settings);
        disruptions.workerExits!++;
      }
    for (const [i, gateway] of gateways.entries())
      if (gateway && gone(gateway)) {
        disruptions.gatewayExits!++;
        await startGateway(i);
      }
  };

  const db = database.db;
  const control = sandbox.urls.control;
  const shops = Array.from(
    { length: Math.min(20, Math.max(1, Math.ceil(o.orders / 10))) },
    (_, i) => `chaos-${i + 1}.myshopify.com`,
  );
  const endpoints = { controlUrl: control, gatewayUrl: appUrl };
  try {
    for (const shop of shops) {
      await merchant(endpoints, shop).createShop();
      await merchant(endpoints, shop).install();
      await merchant(endpoints, shop).connectLexware();
    }
    await shopsTable.update(db, {}, { planId: 'business', transfersQuota: 100_000 }, { in: { id: shops } });
    await fetch(`${control}/control/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        shopify: { duplicateRate: 0.5, outOfOrder: true },
        lexware: { rate429: 0.1, rate500: 0.1, rate504: 0.1, write504: true },
      }),
    });

    const started = performance.now();
    const perShop = shops.map((_, i) => Math.floor(o.orders / shops.length) + (i < o.orders % shops.length ? 1 : 0));
    await Promise.all(
      shops.map(async (shop, i) => {
        for (let left = perShop[i]!; left > 0; left -= 500) {
          await merchant(endpoints, shop).createOrder({ scenario: 'de_b2c', paid: true, count: Math.min(500, left) });
        }
      }),
    );

    // The disruptions, spread over the drain in a shuffled order.
    const plan = [
      ...Array<string>(o.workerKills).fill('worker'),
      ...Array<string>(o.gatewayKills).fill('gateway'),
      ...Array<string>(o.temporalRestarts).fill('temporal'),
      ...Array<string>(o.postgresRestarts).fill('postgres'),
    ].sort(() => Math.random() - 0.5);
    for (const what of plan) {
      await new Promise((r) => setTimeout(r, o.intervalMs));
      log(`chaos: ${what}`);
      if (what === 'worker') {
        const i = disruptions.workerKills! % workerCount;
        workers[i]!.kill('SIGKILL');
        workers[i] = spawnWorker(settings);
        disruptions.workerKills!++;
      } else if (what === 'gateway') {
        const i = disruptions.gatewayKills! % gatewayCount;
        const dying = gateways[i]!;
        const exited = new Promise((r) => dying.once('exit', r));
        dying.kill('SIGKILL');
        await exited; // its port must be free before the next one binds it
        await startGateway(i);
        disruptions.gatewayKills!++;
      } else if (what === 'temporal') {
        temporal?.kill('SIGINT');
        await new Promise((r) => temporal?.once('exit', r));
        await startTemporal();
        disruptions.temporalRestarts!++;
      } else {
        const version = (await run('pg_lsclusters', ['-h'])).stdout.trim().split(/\s+/)[0]!;
        await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart']);
        disruptions.postgresRestarts!++;
      }
      await supervise();
    }
    await fetch(`${control}/control/knobs`, { method: 'DELETE' });

    const orgs = new Map(
      (await lexwareConnectionsTable.select(db, ['shopId', 'organizationId'], {}, { in: { shopId: shops } })).map(
        (r) => [r.shopId as string, r.organizationId as string],
      ),
    );
    const count = async () => {
      let documents = 0,
        missing = 0,
        duplicates = 0;
      for (const [i, shop] of shops.entries()) {
        const invoices = (await (
          await fetch(`${control}/control/lexware/invoices?organizationId=${orgs.get(shop)}`)
        ).json()) as { remark?: string }[];
        const perOrder = new Map<string, number>();
        for (const inv of invoices) {
          const ref = /Bestellung (#\d+)/.exec(inv.remark ?? '')?.[1] ?? '?';
          perOrder.set(ref, (perOrder.get(ref) ?? 0) + 1);
        }
        documents += invoices.length;
        duplicates += [...perOrder.values()].reduce((s, n) => s + n - 1, 0);
        missing += perShop[i]! - perOrder.size;
      }
      const unsettledWebhooks = Number(await webhookInboxTable.count(db, {}, { notIn: { status: SETTLED } }));
      return { documents, missing, duplicates, unsettledWebhooks };
    };
    let last = await count();
    await eventually(
      async () => {
        await supervise();
        last = await count();
        return last.missing <= 0 && last.unsettledWebhooks === 0;
      },
      Math.max(600_000, o.orders * 2_000),
    ).catch(() => undefined);
    const drainSeconds = Math.round((performance.now() - started) / 100) / 10;
    const stats = (await (await fetch(`${control}/control/lexware/stats`)).json()) as Record<
      string,
      { rateLimited?: number }
    >;
    const rateLimited = Object.values(stats).reduce((sum, s) => sum + (s.rateLimited ?? 0), 0);
    return {
      orders: o.orders,
      ...last,
      rateLimited,
      gateways: gatewayCount,
      workers: workerCount,
      drainSeconds,
      disruptions,
    };
  } finally {
    for (const worker of workers) worker.kill('SIGKILL');
    for (const gateway of gateways) gateway?.kill('SIGKILL');
    await balancer?.stop();
    temporal?.kill('SIGKILL');
    await sandbox.stop();
    await database.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const describeFigures = (f: ChaosFigures) =>
  `chaos with ${f.gateways} gateway(s) and ${f.workers} worker(s): ${f.orders} orders, ${f.documents} invoices, ${f.missing} missing, ` +
  `${f.duplicates} duplicates, ${f.unsettledWebhooks} webhooks unsettled, ${f.rateLimited} rate-limit 429s, ` +
  `drained in ${f.drainSeconds} s; ${Object.entries(f.disruptions)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`;
