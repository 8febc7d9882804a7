import type { Knex } from 'knex';
import type { Db } from '../connection';
import { fromRow } from '../rows';

/** A jsonb value as a test reads it: assertions reach into it freely, as into a parsed request body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- json a test asserts on, never computes with
export type TestJson = any;

/** How a test narrows the rows of one table, by the rows' camelCase fields. */
export interface TestQuery<R> {
  /** Fields whose value is one of the listed ones. */
  in?: { [K in keyof R]?: readonly R[K][] };
  /** Fields whose value is none of the listed ones. */
  notIn?: { [K in keyof R]?: readonly R[K][] };
  /** Fields that are set (not null). */
  notNull?: readonly (keyof R)[];
  /** Fields that are not set (null). */
  isNull?: readonly (keyof R)[];
  /** Fields matching an SQL LIKE pattern. */
  like?: { [K in keyof R]?: string };
  /** Keys of a jsonb field equal to one of the given texts (`body->>'reason'`), or LIKE a pattern. */
  json?: { [K in keyof R]?: Record<string, string | readonly string[] | { like: string }> };
  /** Order by these fields (the database's order otherwise), ascending unless `desc`. */
  orderBy?: keyof R | readonly (keyof R)[];
  desc?: boolean;
  limit?: number;
  /** Each value once (pluck). */
  distinct?: boolean;
}

/** Field values a test writes or matches: a timestamp may also be given as an ISO string. */
export type TestValues<R> = { [K in keyof R]?: R[K] extends Date | null ? R[K] | string : R[K] };

/**
 * Typed access to one table for tests: seeding state a test is not about and reading rows back for assertions.
 * Fields are the camelCase names of the table's columns (the row mapper `fromRow`); code uses the stores.
 */
export interface TestTable<R> {
  list(db: Db, where?: TestValues<R>, query?: TestQuery<R>): Promise<R[]>;
  first(db: Db, where?: TestValues<R>, query?: TestQuery<R>): Promise<R | undefined>;
  /** The first matching row, which must exist. */
  one(db: Db, where?: TestValues<R>, query?: TestQuery<R>): Promise<R>;
  select<K extends keyof R>(
    db: Db,
    fields: readonly K[],
    where?: TestValues<R>,
    query?: TestQuery<R>,
  ): Promise<Pick<R, K>[]>;
  pluck<K extends keyof R>(db: Db, field: K, where?: TestValues<R>, query?: TestQuery<R>): Promise<R[K][]>;
  count(db: Db, where?: TestValues<R>, query?: TestQuery<R>): Promise<number>;
  /** Inserts rows and gives them back as stored. */
  insert(db: Db, rows: TestValues<R> | readonly TestValues<R>[]): Promise<R[]>;
  /** Inserts a row, or on a conflict of `keys` leaves the stored row (`ignore`) or overwrites it with `merge`. */
  upsert(db: Db, row: TestValues<R>, keys: readonly (keyof R)[], merge: TestValues<R> | 'ignore'): Promise<void>;
  update(db: Db, where: TestValues<R>, patch: TestValues<R>, query?: TestQuery<R>): Promise<number>;
  remove(db: Db, where?: TestValues<R>, query?: TestQuery<R>): Promise<number>;
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

export function testTable<R>(table: string, columns: readonly string[]): TestTable<R> {
  const byField = new Map(columns.map((c) => [camel(c), c]));
  const column = (field: PropertyKey): string => {
    const c = byField.get(String(field));
    if (!c) throw new Error(`${table} has no column for field ${String(field)}`);
    return c;
  };
  const toColumns = (values: object): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(values)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [column(k), v]),
    );
  const scoped = (db: Db, where: TestValues<R> = {}, query: TestQuery<R> = {}): Knex.QueryBuilder => {
    let q = db(table).where(toColumns(where));
    for (const [k, v] of Object.entries(query.in ?? {})) q = q.whereIn(column(k), v as Knex.Value[]);
    for (const [k, v] of Object.entries(query.notIn ?? {})) q = q.whereNotIn(column(k), v as Knex.Value[]);
    for (const k of query.notNull ?? []) q = q.whereNotNull(column(k));
    for (const k of query.isNull ?? []) q = q.whereNull(column(k));
    for (const [k, v] of Object.entries(query.like ?? {})) q = q.where(column(k), 'like', v as string);
    for (const [k, keys] of Object.entries(query.json ?? {}))
      for (const [key, v] of Object.entries(keys as Record<string, string | readonly string[] | { like: string }>)) {
        const path = [column(k), key];
        if (typeof v === 'string') q = q.whereRaw('??->>? = ?', [...path, v]);
        else if (Array.isArray(v))
          q = q.whereRaw(`??->>? in (${v.map(() => '?').join(', ')})`, [...path, ...(v as string[])]);
        else q = q.whereRaw('??->>? like ?', [...path, (v as { like: string }).like]);
      }
    const order = query.orderBy === undefined ? [] : Array.isArray(query.orderBy) ? query.orderBy : [query.orderBy];
    for (const k of order as (keyof R)[]) q = q.orderBy(column(k), query.desc ? 'desc' : 'asc');
    if (query.limit !== undefined) q = q.limit(query.limit);
    return q;
  };
  const map = (row: Record<string, unknown>): R => fromRow<R>(row, columns);
  return {
    async list(db, where, query) {
      return ((await scoped(db, where, query)) as Record<string, unknown>[]).map(map);
    },
    async first(db, where, query) {
      const row = (await scoped(db, where, query).first()) as Record<string, unknown> | undefined;
      return row && map(row);
    },
    async one(db, where, query) {
      const row = (await scoped(db, where, query).first()) as Record<string, unknown> | undefined;
      if (!row) throw new Error(`no row in ${table} for ${JSON.stringify(where ?? {})}`);
      return map(row);
    },
    async select(db, fields, where, query) {
      const rows = (await scoped(db, where, query).select(fields.map(column))) as Record<string, unknown>[];
      return rows.map((r) => fromRow(r, fields.map(column)));
    },
    async pluck(db, field, where, query) {
      const q = scoped(db, where, query);
      return (await (query?.distinct ? q.distinct(column(field)) : q).pluck(column(field))) as R[typeof field][];
    },
    async count(db, where, query) {
      const [row] = (await scoped(db, where, query).count({ n: '*' })) as { n: number | string }[];
      return Number(row?.n ?? 0);
    },
    async insert(db, rows) {
      const list = (Array.isArray(rows) ? rows : [rows]) as TestValues<R>[];
      const rows2 = (await db(table)
        .insert(list.map((r) => toColumns(r)))
        .returning('*')) as Record<string, unknown>[];
      return rows2.map(map);
    },
    async upsert(db, row, keys, merge) {
      const q = db(table).insert(toColumns(row)).onConflict(keys.map(column));
      await (merge === 'ignore' ? q.ignore() : q.merge(toColumns(merge)));
    },
    async update(db, where, patch, query) {
      return scoped(db, where, query).update(toColumns(patch));
    },
    async remove(db, where, query) {
      return scoped(db, where, query).delete();
    },
  };
}
