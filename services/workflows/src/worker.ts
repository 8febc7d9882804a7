import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Client } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker, type WorkflowBundle } from '@temporalio/worker';
import { createDb, createSecretBox } from '@belegfluss/db';
import type { Activities, ActivityDeps } from './activities';
import { createAuditActivities } from './activities/audit';
import { createBillingActivities } from './activities/billing';
import { createCorrectionActivities } from './activities/corrections';
import { createCreditNoteActivities } from './activities/credit-note';
import { createExchangeActivities } from './activities/exchange';
import { createDeliveryNoteActivities } from './activities/delivery-notes';
import { createHousekeepingActivities } from './activities/housekeeping';
import { createImportActivities } from './activities/import';
import { createInvoiceActivities } from './activities/invoice';
import { createMailActivities } from './activities/mail';
import { createMetafieldActivities } from './activities/metafields';
import { createPaidActivities } from './activities/paid';
import { createRepairActivities } from './activities/repair';
import { createRoundActivities } from './activities/rounds';
import { createTransactionActivities } from './activities/transactions';
import { createVatIdActivities } from './activities/vies';
import { createWizardActivities } from './activities/wizard';
import { createPayoutActivities } from './payouts/activities';
import { ensureSchedules } from './client';
import { backgroundTaskQueue, HOUSEKEEPING_SCHEDULE_ID } from './api';
import { readSettings, type Settings } from '@belegfluss/shared/settings';

/**
 * Where the workflow code is and how it is bundled, for every worker, test and replay alike: zod is
 * evaluated once per worker thread instead of once per workflow (see workflows/shared-modules.ts).
 */
export const workflowSource = {
  workflowsPath: fileURLToPath(new URL('./workflows/index.ts', import.meta.url)),
  bundlerOptions: { preloadModules: [fileURLToPath(new URL('./workflows/shared-modules.ts', import.meta.url))] },
};

/** Bundles the workflow code with webpack now: seconds of CPU, more on a busy machine. */
export const buildWorkflowBundle = () =>
  bundleWorkflowCode({ workflowsPath: workflowSource.workflowsPath, ...workflowSource.bundlerOptions });

/**
 * The workflow code a worker runs, also bundled once for tests that start many workers or replay many histories.
 * WORKFLOW_BUNDLE names a bundle written ahead by bundle.ts: the production image writes it at build time, so a
 * worker starts without webpack, and a test run writes it once instead of once per worker it starts.
 */
export async function bundleWorkflows(): Promise<WorkflowBundle> {
  const path = process.env.WORKFLOW_BUNDLE;
  if (!path) return buildWorkflowBundle();
  try {
    return { code: await readFile(path, 'utf8') };
  } catch (e) {
    throw new Error(`WORKFLOW_BUNDLE=${path} lässt sich nicht lesen; services/workflows/src/bundle.ts schreibt es.`, {
      cause: e,
    });
  }
}

/**
 * How many workflows the worker keeps in memory and runs at once. Each cached order workflow holds its
 * state and a sandboxed context; an evicted one replays its (short) history when its next event comes.
 * The defaults were measured with e2e/bench/backlog.ts ; the variables override them.
 *
 * The background queue has its own, fewer slots (WORKER_BACKGROUND_…): audits, imports and payout runs hold
 * activities for minutes to hours at Lexware's 2 requests/s, and a few slots keep them moving without taking
 * memory or CPU from live orders.
 */
export function workerTuning(env: NodeJS.ProcessEnv, queue: 'live' | 'background' = 'live') {
  const prefix = queue === 'live' ? 'WORKER' : 'WORKER_BACKGROUND';
  const int = (name: string, live: number, background: number) => {
    const given = env[`${prefix}_${name}`];
    return given ? Number(given) : queue === 'live' ? live : background;
  };
  return {
    maxCachedWorkflows: int('MAX_CACHED_WORKFLOWS', 250, 50),
    maxConcurrentWorkflowTaskExecutions: int('WORKFLOW_TASKS', 20, 5),
    maxConcurrentActivityTaskExecutions: int('ACTIVITY_TASKS', 100, 20),
    maxConcurrentLocalActivityExecutions: int('LOCAL_ACTIVITIES', 50, 10),
  };
}

/** The live and the background worker of one process, run and stopped together. */
export interface WorkerPair {
  live: Worker;
  background: Worker;
  /** Resolves when both have stopped; when one fails, the other is shut down and the failure is thrown. */
  run(): Promise<void>;
  shutdown(): void;
  /** RUNNING only while both poll. */
  getState(): ReturnType<Worker['getState']>;
}

function pairOf(live: Worker, background: Worker): WorkerPair {
  const both = [live, background];
  const shutdown = () => {
    for (const w of both) if (w.getState() === 'RUNNING') w.shutdown();
  };
  return {
    live,
    background,
    async run() {
      const ends = await Promise.allSettled(
        both.map((w) =>
          w.run().catch((error: unknown) => {
            shutdown();
            throw error;
          }),
        ),
      );
      const failed = ends.find((e): e is PromiseRejectedResult => e.status === 'rejected');
      if (failed) throw failed.reason;
    },
    shutdown,
    getState: () => both.map((w) => w.getState()).find((s) => s !== 'RUNNING') ?? 'RUNNING',
  };
}

/**
 * Creates the worker process's two workers on one connection and one workflow bundle: the live queue
 * (orders, billing, housekeeping) and the background queue (audits, imports, payout runs), each with its
 * own slots. Tests pass their own connection and settings.
 */
/** The order workflow's activities, one factory per capability; the type says none is missing. */
export function orderActivities(deps: ActivityDeps): Activities {
  return {
    ...createRoundActivities(deps),
    ...createInvoiceActivities(deps),
    ...createCreditNoteActivities(deps),
    ...createExchangeActivities(deps),
    ...createCorrectionActivities(deps),
    ...createDeliveryNoteActivities(deps),
    ...createRepairActivities(deps),
    ...createPaidActivities(deps),
    ...createMailActivities(deps),
    ...createTransactionActivities(deps),
    ...createMetafieldActivities(deps),
    ...createVatIdActivities(deps),
  };
}

/**
 * Creates the worker process's two workers on one connection and one workflow bundle: the live queue
 * (orders, billing, housekeeping) and the background queue (audits, imports, payout runs), each with its
 * own slots. Tests pass their own connection and settings.
 */
export async function createOrderWorker(settings: Settings, connection: NativeConnection) {
  const db = createDb(settings.databaseUrl);
  const deps: ActivityDeps = {
    db,
    box: createSecretBox(settings.encryptionKey),
    lexware: settings.lexware,
    shopify: settings.shopify,
    appUrl: settings.appUrl,
    mail: settings.mail,
    documentFiles: settings.documentFiles,
    vies: settings.vies,
    // Billing and housekeeping start and signal other workflows; the worker's connection serves as a client too.
    temporal: new Client({ connection, namespace: settings.temporalNamespace }),
    taskQueue: settings.taskQueue,
    payouts: settings.payouts,
  };
  const workflowBundle = await bundleWorkflows();
  // The historical and the wizard's import run their steps on both queues, beside the order's.
  const orderAndImport = {
    ...orderActivities(deps),
    ...createImportActivities(deps),
    ...createWizardActivities(deps),
  };
  const live = await Worker.create({
    connection,
    namespace: settings.temporalNamespace,
    taskQueue: deps.taskQueue,
    workflowBundle,
    ...workerTuning(process.env),
    activities: {
      ...orderAndImport,
      ...createBillingActivities(deps),
      ...createHousekeepingActivities(deps),
    },
  });
  const background = await Worker.create({
    connection,
    namespace: settings.temporalNamespace,
    taskQueue: backgroundTaskQueue(deps.taskQueue),
    workflowBundle,
    ...workerTuning(process.env, 'background'),
    activities: {
      ...orderAndImport,
      ...createPayoutActivities(deps),
      ...createAuditActivities(deps),
    },
  });
  return { worker: pairOf(live, background), db, temporal: deps.temporal };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const settings = readSettings();
  const connection = await NativeConnection.connect({ address: settings.temporalAddress });
  const { worker, db, temporal } = await createOrderWorker(settings, connection);
  const made = await ensureSchedules(temporal, settings.taskQueue);
  if (made.length > 0) console.log(`Schedules angelegt: ${made.join(', ')}`);
  // A new deployment: housekeeping runs once now, so every installed shop gets its billing workflow today.
  if (made.includes(HOUSEKEEPING_SCHEDULE_ID)) await temporal.schedule.getHandle(HOUSEKEEPING_SCHEDULE_ID).trigger();
  // Graceful: shutdown() stops polling and lets running activities finish before run() resolves.
  const stop = () => worker.shutdown();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // The container's health check (HEALTH_PORT, 8081 by default): 200 while both workers poll their task queues.
  const health = createServer((_req, res) => {
    const state = worker.getState();
    res.statusCode = state === 'RUNNING' ? 200 : 503;
    res.end(`${state}\n`);
  }).listen(Number(process.env.HEALTH_PORT ?? 8081));
  console.log(
    `Worker läuft (Task-Queues ${settings.taskQueue} und ${backgroundTaskQueue(settings.taskQueue)}, Temporal ${settings.temporalAddress})`,
  );
  await worker.run();
  health.close();
  await db.destroy();
  await connection.close();
}
