import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiRouter } from './app';
import { readStaff } from '@belegfluss/shared/settings';
import { seedOrder, startHarness, type Harness } from '../test/harness';
import { appTableNames } from '@belegfluss/db/testing';

/**
 * Malformed input to every route the gateway serves (read from the routers, so new routes are
 * covered without touching this file): 300 requests per route with broken path parameters,
 * queries and bodies (about 30,000 in all; FUZZ_PER_ROUTE=1000 for a longer run). None may
 * answer 5xx, and a route that rejected everything must leave the database exactly as it was.
 */
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 300);
const CONCURRENCY = 16;
let h: Harness;
const SHOP = 'fuzz-shop.myshopify.com';

beforeAll(async () => {
  // Partner and operator (its default staff user, sub 1), so the guards let the input through to validation.
  h = await startHarness({ options: { staff: readStaff({ OPERATOR_STAFF: `${SHOP}:1` }) } });
  await h.install(SHOP, { partner: true });
  await seedOrder(h.db, SHOP, { id: 8001 });
}, 60_000);
afterAll(async () => h?.stop());

function routes(): { method: string; path: string }[] {
  const { api, pub } = buildApiRouter(h.gateway.gw);
  const all = [api, ...pub].flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: layer.path as string })),
    ),
  );
  return [...new Map(all.map((r) => [`${r.method} ${r.path}`, r])).values()];
}

/** Every table's rows, hashed in the database: equal fingerprints mean nothing was written. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await appTableNames(h.db);
  // rate_limits counts the refusals themselves (document-link guesses per address): bookkeeping of bad input, not the input.
  const entries = await Promise.all(
    tables
      .filter((t) => !t.startsWith('knex_') && t !== 'rate_limits')
      .map(async (t) => {
        const { rows } = await h.db.raw(
          `select count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as hash from "${t}" x`,
        );
        return [t, `${rows[0].n}:${rows[0].hash}`] as const;
      }),
  );
  return Object.fromEntries(entries);
}

const FIELDS = [
  'plan',
  'annual',
  'coupon',
  'type',
  'email',
  'taxId',
  'vatId',
  'gateway',
  'iban',
  'bic',
  'bankName',
  'paypalEmail',
  'address',
  'status',
  'message',
  'startsAt',
  'endsAt',
  'reason',
  'subject',
  'invoiceCreate',
  'creditCreate',
  'date',
  'sortBy',
  'sortDir',
  'page',
  'pageSize',
  'search',
  'tab',
  'sort',
  'value',
  'field',
  'shop',
  'charge_id',
  '__proto__',
  'constructor',
];
const nasty = fc.constantFrom(
  '',
  ' ',
  '..',
  '%',
  '%zz',
  '%E0%A4%A',
  '\u0000',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  'undefined',
  '__proto__',
  '<script>',
  "'; drop table shops; --",
  'x'.repeat(5000),
  '🙂'.repeat(50),
);
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  nasty,
  fc.integer().map(String),
  fc.double().map(String),
);
const param = fc.oneof(text.map(encodeURIComponent), nasty);
const json = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue()),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(text, fc.boolean(), fc.integer(), fc.constant(null)), {
    minKeys: 1,
  }),
);
const input = fc.record({
  params: fc.array(param, { minLength: 4, maxLength: 4 }),
  query: fc.dictionary(
    fc.oneof(fc.constantFrom(...FIELDS), fc.string()),
    fc.oneof(text, fc.array(text, { maxLength: 3 })),
  ),
  body: fc.oneof(
    { weight: 6, arbitrary: json.map((v) => ({ raw: JSON.stringify(v), type: 'application/json' })) },
    { weight: 1, arbitrary: text.map((raw) => ({ raw, type: 'application/json' })) },
    { weight: 1, arbitrary: json.map((v) => ({ raw: JSON.stringify(v), type: 'text/plain' })) },
    { weight: 1, arbitrary: fc.constant({ raw: '{"a":'.repeat(3000), type: 'application/json' }) },
  ),
});

function url(path: string, i: { params: string[]; query: Record<string, string | string[]> }): string {
  let n = 0;
  const filled = path.replace(/:(\w+)/g, () => i.params[n++ % i.params.length] || 'x');
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(i.query)) for (const one of [v].flat()) q.append(k, one);
  const qs = q.toString();
  return `${h.url}${filled}${qs ? `?${qs}` : ''}`;
}

async function pool<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

describe('fuzzing every route', () => {
  it('finds the routes in the routers', () => {
    expect(routes().length).toBeGreaterThanOrEqual(30);
  });

  it(`sends ${PER_ROUTE} malformed requests to each route: no 5xx, and rejected input writes nothing`, async () => {
    const report: string[] = [];
    const problems: string[] = [];
    for (const [index, route] of routes().entries()) {
      const before = await fingerprint();
      const token = await h.token(SHOP); // session tokens live a minute: one per route
      const statuses = new Map<number, number>();
      const samples = fc.sample(input, { numRuns: PER_ROUTE, seed: 4711 + index });
      const failures: string[] = [];
      let accepted = 0;
      await pool(samples, async (s) => {
        const target = url(route.path, s);
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const res = await fetch(target, {
          method: route.method,
          headers: { Authorization: `Bearer ${token}`, ...(hasBody ? { 'Content-Type': s.body.type } : {}) },
          body: hasBody ? s.body.raw : undefined,
          redirect: 'manual',
        });
        const answer = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500)
          failures.push(
            `${res.status} ${route.method} ${target.slice(0, 200)} ${s.body.raw.slice(0, 200)} → ${answer.slice(0, 200)}`,
          );
        else if (res.status < 300) accepted++;
        else if (res.status >= 400 && res.headers.get('content-type')?.includes('json')) {
          const shape = JSON.parse(answer) as { error?: unknown; message?: unknown };
          if (typeof shape.error !== 'string' || typeof shape.message !== 'string')
            failures.push(`shape ${route.method} ${target.slice(0, 200)} → ${answer.slice(0, 200)}`);
        }
      });
      problems.push(...failures.slice(0, 3));
      if (accepted === 0 && JSON.stringify(await fingerprint()) !== JSON.stringify(before))
        problems.push(`${route.method} ${route.path} wrote although it rejected everything`);
      if (
        statuses.get(401) === PER_ROUTE &&
        route.path.startsWith('/api/') &&
        !route.path.startsWith('/api/plan/return') &&
        !route.path.startsWith('/api/lexoffice/callback')
      )
        problems.push(`${route.method} ${route.path}: only 401s, the input never reached the route`);
      report.push(
        `${route.method} ${route.path}: ${PER_ROUTE} requests, ${accepted} accepted, ${[...statuses].map(([k, v]) => `${k}×${v}`).join(' ')}`,
      );
    }
    console.log(report.join('\n'));
    expect(problems).toEqual([]);
  }, 600_000);
});
