import { env, DEV_DEFAULTS } from '@belegfluss/shared/config';
import { createDb, ensureDatabase, migrateLatest, pendingMigrations } from './connection';

const url = env('DATABASE_URL', DEV_DEFAULTS.databaseUrl);

/**
 * `--wait` runs nothing: it waits until another process (the migration Job of a Kubernetes release) has brought
 * the schema to this release's level. Gateways and workers start with it as an init step, so with any number of
 * replicas exactly one process migrates and none serves on an older schema. It gives up after MIGRATE_WAIT_SECONDS
 * (default 600), and the pod's restart tries again.
 */
if (process.argv.includes('--wait')) {
  const db = createDb(url, { min: 0, max: 1 });
  const deadline = Date.now() + Number(process.env.MIGRATE_WAIT_SECONDS ?? 600) * 1000;
  for (;;) {
    const pending = await pendingMigrations(db).catch((error: unknown) => [
      `(Datenbank nicht erreichbar: ${String(error)})`,
    ]);
    if (pending.length === 0) break;
    if (Date.now() > deadline) {
      console.error(`Datenbank ist nicht auf dem Stand dieses Release; es fehlen: ${pending.join(', ')}`);
      await db.destroy();
      process.exit(1);
    }
    console.log(`Warte auf die Migration (${pending.length} ausstehend) …`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  console.log('Datenbank ist auf dem Stand dieses Release.');
  await db.destroy();
} else {
  await ensureDatabase(url);
  const db = createDb(url);
  await migrateLatest(db);
  const [row] = await db('knex_migrations').count<{ count: string }[]>({ count: '*' });
  const count = row?.count ?? 0;
  console.log(`Datenbank ${new URL(url).pathname.slice(1)} ist aktuell (${count} Migration(en)).`);
  await db.destroy();
}
