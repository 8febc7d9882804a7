import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Worker } from '@temporalio/worker';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { workflowsPath } from '../worker';
import { quietTemporal } from '../testing';

/**
 * Recorded histories of real runs, replayed against today's workflow code. A change
 * that would break running workflows (without patched()) fails here, not in production.
 * Record them with `npm run record-histories -w @belegfluss/workflows` (see histories/README.md).
 */
const dir = new URL('./histories/', import.meta.url);

describe('replay of recorded order workflow histories', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

  it('has recorded histories to replay', () => expect(files.length).toBeGreaterThan(0));

  // One history per path (histories/README.md); npm run record-histories -w @belegfluss/workflows makes them.
  it('has a history for every path', () => {
    const paths = ['paid-invoice', 'refund-before-invoice', 'refund-after-invoice', 'transactions-after-lexware-payment', 'mail-documents', 'historical-import'];
    expect(files).toEqual(expect.arrayContaining(paths.map((p) => `${p}.json`)));
  });

  it.each(files)('%s replays deterministically', async (file) => {
    quietTemporal();
    const history = historyFromJSON(JSON.parse(readFileSync(new URL(file, dir), 'utf8')));
    await expect(Worker.runReplayHistory({ workflowsPath }, history, file)).resolves.toBeUndefined();
  });
});
