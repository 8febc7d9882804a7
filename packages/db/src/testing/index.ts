import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';
import { PLANS } from '@belegfluss/shared';
import { createDb, migrateLatest, type Db } from '../connection';

/** Any number the project's tests agree on: it serialises building the migrated template across test processes. */
const TEMPLATE_LOCK = 7_313_001;

/**
 * A name for the schema the migrations make: it changes whenever a migration's source or the plans change, so a
 * template built from older migrations is never copied.
 */
async function schemaName(): Promise<string> {
  const dir = new URL('../migrations/', import.meta.url);
  const hash = createHash('sha256');
  for (const file of (await readdir(dir)).sort()) hash.update(file).update(await readFile(new URL(file, dir)));
  hash.update(JSON.stringify(PLANS));
  return `belegfluss_template_${hash.digest('hex').slice(0, 16)}`;
}

const withDatabase = (base: URL, name: string) => Object.assign(new URL(base), { pathname: `/${name}` }).toString();

/**
 * The migrated schema as a template database on `base`'s server, built once per schema: copying it is a file copy,
 * where running every migration again costs each test file about a second of two cores that the suite shares.
 * It is built under another name and renamed when complete, so a process killed halfway leaves no broken template.
 */
async function migratedTemplate(base: URL, admin: pg.Client): Promise<string> {
  const name = await schemaName();
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const db = createDb(withDatabase(base, building));
    try {
      await migrateLatest(db);
    } finally {
      await db.destroy();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

/**
 * A fresh, migrated database per test file on the real PostgreSQL server (TEST_DATABASE_URL, default the local one),
 * or on `server`: a test's own PostgreSQL it may restart. It is a copy of the migrated template (migratedTemplate).
 */
export async function createTestDatabase(server?: string): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const base = new URL(server ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `belegfluss_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${await migratedTemplate(base, admin)}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(base, name);
  const db = createDb(url);
  return {
    db,
    url,
    async drop() {
      await db.destroy();
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Rows a test seeds as they are, for state the test is not about (code writes through the stores only).
 * `table` is a table of the migrations; the rows use its column names.
 */
export async function insertTestRows(
  db: Db,
  table: string,
  rows: Record<string, unknown> | Record<string, unknown>[],
): Promise<void> {
  await db(table).insert(rows);
}

/** Sets columns of a shop's row directly (a plan, a quota) for a test. */
export async function updateTestShop(db: Db, shopId: string, columns: Record<string, unknown>): Promise<void> {
  await db('shops').where({ id: shopId }).update(columns);
}

export * from './table';
export * from './tables';
export * from './queries';
