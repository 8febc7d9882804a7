import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { bundleWorkflows } from '../worker';
import { quietTemporal } from '../testing';

/**
 * Recorded histories of real runs, replayed against today's workflow code. A change
 * that would break running workflows (without patched()) fails here, not in production.
 * Record them with `npm run record-histories -w @belegfluss/workflows` (see histories/README.md).
 */
const dir = new URL('./histories/', import.meta.url);

describe('replay of recorded order workflow histories', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  // Bundled once for every history, as the worker bundles it (preloaded modules included).
  let bundle: WorkflowBundle;
  beforeAll(async () => {
    quietTemporal();
    bundle = await bundleWorkflows();
  });

  it('has recorded histories to replay', () => expect(files.length).toBeGreaterThan(0));

  // One history per path (histories/README.md); npm run record-histories -w @belegfluss/workflows makes them.
  it('has a history for every path', () => {
    const paths = [
      'paid-invoice',
      'refund-before-invoice',
      'refund-after-invoice',
      'transactions-after-lexware-payment',
      'mail-documents',
      'historical-import',
      'einvoice-invoice',
      'delivery-notes',
      'historical-order',
      'historical-import-bulk-export',
      'audit-repair',
      'order-baseline',
    ];
    expect(files).toEqual(expect.arrayContaining(paths.map((p) => `${p}.json`)));
  });

  // A patch whose new branch no history takes is not proven to replay: record one (histories/README.md).
  it('has a history taking every patched() branch', () => {
    const code = readdirSync(new URL('./', import.meta.url)).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const ids = new Set(
      code.flatMap((f) =>
        [...readFileSync(new URL(f, import.meta.url), 'utf8').matchAll(/(?:\bp|orderP)atched\('([^']+)'\)/g)].map(
          (m) => m[1]!,
        ),
      ),
    );
    type Marker = { markerName?: string; details?: Record<string, { payloads?: { data?: string }[] }> };
    const markers = (f: string) =>
      (
        JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { events: { markerRecordedEventAttributes?: Marker }[] }
      ).events
        .map((e) => e.markerRecordedEventAttributes)
        .filter((m): m is Marker => m?.markerName === 'core_patch');
    const recorded = new Set(
      files
        .flatMap(markers)
        .flatMap((m) => Object.values(m.details ?? {}).flatMap((d) => d.payloads ?? []))
        .map((p) => (JSON.parse(Buffer.from(p.data ?? '', 'base64').toString('utf8')) as { id: string }).id),
    );
    expect([...ids].filter((id) => !recorded.has(id))).toEqual([]);
    expect(ids.size).toBeGreaterThan(10);
  });

  it.each(files)('%s replays deterministically', async (file) => {
    quietTemporal();
    const history = historyFromJSON(JSON.parse(readFileSync(new URL(file, dir), 'utf8')));
    await expect(Worker.runReplayHistory({ workflowBundle: bundle }, history, file)).resolves.toBeUndefined();
  });
});
