import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Client } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { createDb, createSecretBox } from '@belegfluss/db';
import { createActivities } from './activities';
import { createBillingActivities } from './activities/billing';
import { createHousekeepingActivities } from './activities/housekeeping';
import { createAuditActivities } from './activities/audit';
import { createPayoutActivities } from './payouts/activities';
import { ensureSchedules } from './client';
import { HOUSEKEEPING_SCHEDULE_ID } from './api';
import { readSettings, type Settings } from '@belegfluss/shared/settings';

/**
 * Where the workflow code is and how it is bundled, for every worker, test and replay alike: zod is
 * evaluated once per worker thread instead of once per workflow (see workflows/shared-modules.ts).
 */
export const workflowSource = {
  workflowsPath: fileURLToPath(new URL('./workflows/index.ts', import.meta.url)),
  bundlerOptions: { preloadModules: [fileURLToPath(new URL('./workflows/shared-modules.ts', import.meta.url))] },
};

/** The same code bundled once, for tests that start many workers or replay many histories. */
export const bundleWorkflows = () =>
  bundleWorkflowCode({ workflowsPath: workflowSource.workflowsPath, ...workflowSource.bundlerOptions });

/**
 * How many workflows the worker keeps in memory and runs at once. Each cached order workflow holds its
 * state and a sandboxed context; an evicted one replays its (short) history when its next event comes.
 * The defaults were measured with e2e/bench/backlog.ts (see issue 17's note); the variables override them.
 */
export function workerTuning(env: NodeJS.ProcessEnv) {
  const int = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
  return {
    maxCachedWorkflows: int('WORKER_MAX_CACHED_WORKFLOWS', 250),
    maxConcurrentWorkflowTaskExecutions: int('WORKER_WORKFLOW_TASKS', 20),
    maxConcurrentActivityTaskExecutions: int('WORKER_ACTIVITY_TASKS', 100),
    maxConcurrentLocalActivityExecutions: int('WORKER_LOCAL_ACTIVITIES', 50),
  };
}

/** Creates the order worker; tests pass their own connection and settings. */
export async function createOrderWorker(settings: Settings, connection: NativeConnection) {
  const db = createDb(settings.databaseUrl);
  const box = createSecretBox(settings.encryptionKey);
  // Billing and housekeeping start and signal other workflows; the worker's connection serves as a client too.
  const temporal = new Client({ connection, namespace: settings.temporalNamespace });
  const taskQueue = settings.taskQueue;
  const worker = await Worker.create({
    connection,
    namespace: settings.temporalNamespace,
    taskQueue,
    ...workflowSource,
    ...workerTuning(process.env),
    activities: {
      ...createActivities({
        db,
        box,
        lexware: settings.lexware,
        shopify: settings.shopify,
        appUrl: settings.appUrl,
        mail: settings.mail,
        documentFiles: settings.documentFiles,
      }),
      ...createBillingActivities({ db, box, shopify: settings.shopify, temporal, taskQueue }),
      ...createHousekeepingActivities({ db, temporal, taskQueue, documentFiles: settings.documentFiles }),
      ...createPayoutActivities({ db, payouts: settings.payouts }),
      ...createAuditActivities({ db, box, shopify: settings.shopify, lexware: settings.lexware }),
    },
  });
  return { worker, db, temporal };
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
  // The container's health check (HEALTH_PORT, 8081 by default): 200 while the worker polls its task queue.
  const health = createServer((_req, res) => {
    const state = worker.getState();
    res.statusCode = state === 'RUNNING' ? 200 : 503;
    res.end(`${state}\n`);
  }).listen(Number(process.env.HEALTH_PORT ?? 8081));
  console.log(`Worker läuft (Task-Queue ${settings.taskQueue}, Temporal ${settings.temporalAddress})`);
  await worker.run();
  health.close();
  await db.destroy();
  await connection.close();
}
