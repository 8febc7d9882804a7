import { env, DEV_DEFAULTS } from '@belegfluss/shared/config';
import { createDb, ensureDatabase, migrateLatest } from './connection';

const url = env('DATABASE_URL', DEV_DEFAULTS.databaseUrl);
await ensureDatabase(url);
const db = createDb(url);
await migrateLatest(db);
const [row] = await db('knex_migrations').count<{ count: string }[]>({ count: '*' });
const count = row?.count ?? 0;
console.log(`Datenbank ${new URL(url).pathname.slice(1)} ist aktuell (${count} Migration(en)).`);
await db.destroy();
