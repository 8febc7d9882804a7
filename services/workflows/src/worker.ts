import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createDb, createSecretBox } from '@belegfluss/db';
import { createActivities } from './activities';
import { readSettings, type Settings } from '@belegfluss/shared/settings';

export const workflowsPath = fileURLToPath(new URL('./workflows/index.ts', import.meta.url));

/** Creates the order worker; tests pass their own connection and settings. */
export async function createOrderWorker(settings: Settings, connection: NativeConnection) {
  const db = createDb(settings.databaseUrl);
  const worker = await Worker.create({
    connection,
    namespace: settings.temporalNamespace,
    taskQueue: settings.taskQueue,
    workflowsPath,
    activities: createActivities({ db, box: createSecretBox(settings.encryptionKey), lexoffice: settings.lexoffice, shopify: settings.shopify, appUrl: settings.appUrl, mail: settings.mail }),
  });
  return { worker, db };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const settings = readSettings();
  const connection = await NativeConnection.connect({ address: settings.temporalAddress });
  const { worker, db } = await createOrderWorker(settings, connection);
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
