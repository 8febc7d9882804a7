import { readFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import proto from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { createTestDatabase, shopsTable } from '@belegfluss/db/testing';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '@belegfluss/sandbox';
import { readGatewayOptions, startGateway } from '@belegfluss/gateway';
import { createOrderWorker, quietTemporal, SEARCH_ATTRIBUTES } from '@belegfluss/workflows';
import { readSettings, type Settings } from '@belegfluss/shared/settings';
import type { AppConfig } from '@belegfluss/shopify';
import { reservePort } from './ports';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process';

/** The sandbox's SMTP server under a name a merchant can enter as own sender (`.test` names only; production pins none). */
export const SMTP_TEST_HOST = 'smtp.sandbox.test';
const TEST_HOSTS = `${SMTP_TEST_HOST}=127.0.0.1`;

/** What a stack's sandbox offers wherever it runs: in the test's process, or in its own (a bench's). */
export type StackSandbox = Pick<RunningSandbox, 'urls' | 'stop'>;

export interface Stack<S extends StackSandbox = RunningSandbox> {
  settings: Settings;
  sandbox: S;
  gatewayUrl: string;
  temporal: TestWorkflowEnvironment;
  db: Awaited<ReturnType<typeof createTestDatabase>>['db'];
  /** Stops the in-process gateway early (a bench then starts one in its own process on the same port). */
  closeGateway(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The Temporal server settings production runs with (deploy/temporal-dynamic-config.yaml: task queue fairness
 * across shops), as start-dev flags, so tests and benches see the same dispatching.
 */
export const TEMPORAL_DEV_FLAGS = readFileSync(
  new URL('../../deploy/temporal-dynamic-config.yaml', import.meta.url),
  'utf8',
)
  .split('\n')
  .reduce<{ key?: string; flags: string[] }>(
    ({ key, flags }, line) => {
      const name = /^([A-Za-z][^:]*):$/.exec(line)?.[1];
      const value = /^\s+- value: (.+)$/.exec(line)?.[1];
      return {
        key: name ?? key,
        flags: value && key ? [...flags, '--dynamic-config-value', `${key}=${value}`] : flags,
      };
    },
    { flags: [] },
  ).flags;

/**
 * The whole back end for one test file, all real: the Temporal dev server (from the
 * project's venv), a fresh PostgreSQL database, the sandbox, the gateway and the worker.
 */
export interface StackOptions {
  worker?: boolean;
  temporalArgs?: string[];
  /** another shopify.app.toml than the project's, for sandbox and gateway alike */
  appConfig?: AppConfig;
  timeSkipping?: boolean;
  /** A PostgreSQL server of the test's own (see private-postgres.ts), instead of the shared one. */
  postgresUrl?: string;
  /** The sandbox in a process of its own (sandbox-process.ts): benches, so their own work does not delay it. */
  sandboxProcess?: boolean;
}

export function startStack(opts: StackOptions & { sandboxProcess: true }): Promise<Stack<SandboxProcess>>;
export function startStack(opts?: StackOptions & { sandboxProcess?: false }): Promise<Stack>;
export async function startStack(opts: StackOptions = {}): Promise<Stack<StackSandbox>> {
  const temporalCli = process.env.TEMPORAL_CLI_PATH;
  if (!temporalCli) throw new Error('TEMPORAL_CLI_PATH is not set: run the tests with `npm test`.');
  const testServer = process.env.TEMPORAL_TEST_SERVER_PATH;
  if (opts.timeSkipping && !testServer)
    throw new Error('TEMPORAL_TEST_SERVER_PATH is not set: run the tests with `npm test`.');
  quietTemporal();
  const database = await createTestDatabase(opts.postgresUrl);
  // The time-skipping server lets months pass in seconds (env.sleep) for billing periods and payout runs.
  const temporal = opts.timeSkipping
    ? await TestWorkflowEnvironment.createTimeSkipping({
        server: { executable: { type: 'existing-path', path: testServer! } },
      })
    : await TestWorkflowEnvironment.createLocal({
        server: {
          executable: { type: 'existing-path', path: temporalCli },
          searchAttributes: SEARCH_ATTRIBUTES,
          extraArgs: [...TEMPORAL_DEV_FLAGS, ...(opts.temporalArgs ?? [])],
        },
      });
  if (opts.timeSkipping) {
    // The time-skipping server takes no search-attribute flag; its operator service registers them (all keywords).
    const KEYWORD = proto.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;
    await temporal.connection.operatorService.addSearchAttributes({
      namespace: 'default',
      searchAttributes: Object.fromEntries(SEARCH_ATTRIBUTES.map((k) => [k.name, KEYWORD])),
    });
  }
  const reserved = await reservePort();
  const gatewayPort = reserved.port;
  const appUrl = `http://127.0.0.1:${gatewayPort}`;
  const sandboxOptions: SandboxOptions = {
    ports: { control: 0, shopify: 0, lexware: 0, paypal: 0, smtp: 0, smtps: 0 },
    appUrl,
    log: false,
    // Shopify retries a webhook 8 times over 4 hours, and Lexware retries its events too. A test cannot wait that long,
    // but three tries within two seconds lose a webhook whenever a loaded two-core machine keeps the gateway from
    // answering for a few seconds, which no real shop would see. About a minute of retries keeps that loss out of the
    // tests while still failing a delivery far sooner than the real services do.
    webhookRetryDelaysMs: [500, 1000, 2000, 4000, 8000, 15000, 30000],
    lexwareEventRetryDelaysMs: [500, 2000, 5000, 10000, 20000],
    ...(opts.appConfig ? { appConfig: opts.appConfig } : {}),
  };
  const sandbox: StackSandbox = opts.sandboxProcess
    ? await startSandboxProcess(sandboxOptions)
    : await startSandbox(sandboxOptions);
  const base = readSettings();
  const settings: Settings = {
    ...base,
    databaseUrl: database.url,
    temporalAddress: temporal.address,
    taskQueue: `e2e-${Math.random().toString(36).slice(2)}`,
    appUrl,
    shellUrl: 'http://127.0.0.1:3000',
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
    // The sandbox's SMTP server is the default sender; it takes any login.
    mail: {
      ...base.mail,
      smtpUrl: `smtp://belegfluss:belegfluss@127.0.0.1:${sandbox.urls.smtp!.port}`,
      outboundTestHosts: TEST_HOSTS,
    },
    payouts: { ...base.payouts, paypal: { ...base.payouts.paypal, apiUrl: sandbox.urls.paypal } },
    // An order waiting for VIES asks again within a second, so tests wait on the sandbox's knob, not on a clock.
    vies: { url: sandbox.urls.vies, retrySeconds: 1 },
  };
  await reserved.release();
  const gateway = await startGateway(settings, gatewayPort, {
    ...readGatewayOptions(),
    lexwareEventPublicKeyUrl: `${sandbox.urls.control}/control/lexware/public-key`,
    ...(opts.appConfig ? { appConfig: opts.appConfig } : {}),
  });
  const inProcess = opts.worker === false ? undefined : await createOrderWorker(settings, temporal.nativeConnection);
  const running = inProcess?.worker.run();
  let gatewayClosed: Promise<void> | undefined;
  const closeGateway = () => (gatewayClosed ??= gateway.close());
  return {
    settings,
    sandbox,
    gatewayUrl: gateway.url,
    temporal,
    db: database.db,
    closeGateway,
    async stop() {
      if (inProcess) {
        inProcess.worker.shutdown();
        await running;
        await inProcess.db.destroy();
      }
      await closeGateway();
      await sandbox.stop();
      await temporal.teardown();
      await database.drop();
    },
  };
}

/**
 * Puts a shop on a plan with every gated feature, as after Shopify approved it: tests of
 * those features run on it, plan-gating.test.ts covers the locks themselves. The quota stays.
 */
export async function openAllFeatures(stack: Pick<Stack, 'db'>, shop: string): Promise<void> {
  await shopsTable.update(stack.db, { id: shop }, { planId: 'business' });
}

/** A worker in its own process (node --import tsx, so SIGKILL hits the worker itself), to be killed like a crashed host. */
export function spawnWorker(settings: Settings): ChildProcess {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  return spawn(process.execPath, ['--import', 'tsx', `${root}/services/workflows/src/worker.ts`], {
    cwd: root,
    env: workerEnv(settings),
    stdio: 'ignore',
  });
}

/** The environment a separate worker process needs to join this stack. */
export function workerEnv(settings: Settings): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: settings.databaseUrl,
    TEMPORAL_ADDRESS: settings.temporalAddress,
    TEMPORAL_TASK_QUEUE: settings.taskQueue,
    APP_URL: settings.appUrl,
    LEXWARE_API_URL: settings.lexware.apiUrl,
    LEXWARE_OAUTH_URL: settings.lexware.oauth.oauthUrl,
    SHOPIFY_ADMIN_URL: settings.shopify.adminUrl,
    SMTP_URL: settings.mail.smtpUrl,
    OUTBOUND_TEST_HOSTS: settings.mail.outboundTestHosts,
    PAYPAL_API_URL: settings.payouts.paypal.apiUrl,
    VIES_URL: settings.vies.url,
    VIES_RETRY_SECONDS: String(settings.vies.retrySeconds),
    // Any free port for the health check: the default 8081 may be taken by another stack on this machine,
    // and a worker that can't listen would die before it polls.
    HEALTH_PORT: '0',
  };
}
