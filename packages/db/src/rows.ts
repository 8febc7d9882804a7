import type { Db } from './connection';

type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
/** A row's columns under their camelCase names, typed by the columns the caller lists. */
export type RowOf<C extends string> = { [K in C as Camel<K>]: unknown };

const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * The one row mapper: snake_case columns to camelCase fields, each value as the driver gives it
 * (pg already parses dates, json and booleans). Stores narrow the result with their own interface.
 */
export function fromRow<T>(row: Record<string, unknown>, columns: readonly string[] = Object.keys(row)): T {
  return Object.fromEntries(columns.map((k) => [camel(k), row[k]])) as T;
}

/** A timestamp as the API gives it: ISO 8601; a missing one stays null. */
export function isoOf(d: Date): string;
export function isoOf(d: Date | null | undefined): string | null;
export function isoOf(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}

/** Runs `work` in one database transaction (a store called with the transaction joins it). */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction((trx) => work(trx));
}

/**
 * Runs `work` in the caller's transaction when given one, else in a transaction of its own. Knex would nest a
 * savepoint in the caller's: two more round trips that change nothing, since a failure rolls back the caller's
 * transaction anyway.
 */
export function joinTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : inTransaction(db, work);
}

/** True when the database answers (the health checks). */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.raw('select 1');
}
