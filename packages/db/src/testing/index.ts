import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, migrateLatest, type Db } from '../connection';

/**
 * A fresh, migrated database per test file, on the real PostgreSQL server.
 * TEST_DATABASE_URL (default: the local server) names the server to use.
 */
/** A fresh, migrated database on the shared test server, or on `server` (a test's own PostgreSQL it may restart). */
export async function createTestDatabase(server?: string): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const base = new URL(server ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `belegfluss_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = createDb(url.toString());
  await migrateLatest(db);
  return {
    db,
    url: url.toString(),
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
