import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// One vitest setup for every package. Temporal's worker and its native core bridge
// want processes, not worker threads, so every test file runs in its own fork.
// Two files at a time even on two cores (vitest's default there is one): most test time is spent
// waiting on Lexware's rate limit, Temporal timers and child processes, not on the CPU, and each
// file has its own database, ports and Temporal server. VITEST_MAX_WORKERS overrides it.
// scripts/test.sh sets BELEGFLUSS_TEST_REPORTS to collect one JSON report per package.
const reports = process.env.BELEGFLUSS_TEST_REPORTS;
const name = (JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { name: string }).name.replace(
  '@belegfluss/',
  '',
);

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    testTimeout: 60_000,
    hookTimeout: 180_000,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    reporters: reports ? ['default', 'json'] : ['default'],
    outputFile: reports ? { json: join(reports, `${name}.json`) } : undefined,
    passWithNoTests: false,
  },
});
