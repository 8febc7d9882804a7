import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// One vitest setup for every package. Temporal's worker and its native core bridge
// want processes, not worker threads, so every test file runs in its own fork.
// scripts/test.sh sets BELEGFLUSS_TEST_REPORTS to collect one JSON report per package.
const reports = process.env.BELEGFLUSS_TEST_REPORTS;
const name = (JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { name: string }).name.replace('@belegfluss/', '');

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    reporters: reports ? ['default', 'json'] : ['default'],
    outputFile: reports ? { json: join(reports, `${name}.json`) } : undefined,
    passWithNoTests: false,
  },
});
