import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { bundleWorkflows } from '../worker';
import { quietTemporal } from '../testing';

/**
 * Histories of every tagged release, replayed against today's workflow code: a change that would break a workflow
 * a release started fails here, not in production.
 *
 * The rule (README, "Releasing the worker"): a release is a git tag, and its histories live in `histories/<tag>/`,
 * recorded from that tag's code with `npm run record-histories -w @belegfluss/workflows -- --release <tag>` and
 * never recorded again. Code no tagged release has run changes freely, without `patched()`; behaviour a tagged
 * release ran changes only behind `patched(id)`, so that release's histories still replay. A release's folder goes
 * once no run it started can still be open (an order is quiet for 30 days before it ends).
 */
const dir = new URL('./histories/', import.meta.url);
const releases = readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && /^v\d+\.\d+\.\d+$/.test(e.name))
  .map((e) => e.name);
const historiesOf = (release: string) =>
  readdirSync(new URL(`${release}/`, dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => `${release}/${f}`);
const files = releases.flatMap(historiesOf);

/**
 * The paths each release's recording covers (record-histories.ts): a path, once recorded, stays in every later
 * release, so a release without one of them was recorded incompletely.
 */
const PATHS_SINCE: Record<string, string[]> = {
  'v1.0.0': [
    'paid-invoice',
    'refund-before-invoice',
    'refund-after-invoice',
    'transactions-after-lexware-payment',
    'mail-documents',
    'einvoice-invoice',
    'delivery-notes',
    'historical-order',
    'audit-repair',
    'every-step',
    'historical-import',
  ],
};

/** The ids of the `patched()` markers a history recorded. */
function markersOf(file: string): string[] {
  type Marker = { markerName?: string; details?: Record<string, { payloads?: { data?: string }[] }> };
  const history = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as {
    events: { markerRecordedEventAttributes?: Marker }[];
  };
  return history.events
    .map((e) => e.markerRecordedEventAttributes)
    .filter((m): m is Marker => m?.markerName === 'core_patch')
    .flatMap((m) => Object.values(m.details ?? {}).flatMap((d) => d.payloads ?? []))
    .map((p) => (JSON.parse(Buffer.from(p.data ?? '', 'base64').toString('utf8')) as { id: string }).id);
}

describe('replay of the tagged releases’ workflow histories', () => {
  // Bundled once for every history, as the worker bundles it (preloaded modules included).
  let bundle: WorkflowBundle;
  beforeAll(async () => {
    quietTemporal();
    bundle = await bundleWorkflows();
  });

  it('has a folder of histories for every release it knows the paths of', () => {
    expect(releases).toEqual(expect.arrayContaining(Object.keys(PATHS_SINCE)));
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(releases)('%s has a history for every path recorded since its first release', (release) => {
    const paths = Object.entries(PATHS_SINCE)
      .filter(([since]) => releases.indexOf(since) <= releases.indexOf(release))
      .flatMap(([, names]) => names);
    expect(historiesOf(release)).toEqual(expect.arrayContaining(paths.map((p) => `${release}/${p}.json`)));
  });

  // A patch whose every tagged release already took the new branch guards nothing: delete it and its old branch.
  it('has patched() only where a tagged release ran the code before it', () => {
    const code = readdirSync(new URL('./', import.meta.url)).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const ids = new Set(
      code.flatMap((f) =>
        [...readFileSync(new URL(f, import.meta.url), 'utf8').matchAll(/\bpatched\('([^']+)'\)/g)].map((m) => m[1]!),
      ),
    );
    const unguarded = [...ids].filter((id) =>
      releases.every((r) => historiesOf(r).every((f) => markersOf(f).includes(id))),
    );
    expect(unguarded).toEqual([]);
  });

  it.each(files)('%s replays deterministically', async (file) => {
    quietTemporal();
    const history = historyFromJSON(JSON.parse(readFileSync(new URL(file, dir), 'utf8')));
    await expect(Worker.runReplayHistory({ workflowBundle: bundle }, history, file)).resolves.toBeUndefined();
  });
});
