import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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

// How long each test file took in the last full run (scripts/test.sh rewrites it; commit it when it changed).
// Files start longest first, so the longest ones never start last and leave one fork idle while the other
// finishes them: on two forks the run ends about when the total work divided by two ends. A fresh clone has
// no vitest cache, whose own order (largest file first) says little about how long a file runs.
const root = import.meta.dirname;
const durationsFile = join(root, 'scripts', 'test-durations.json');
const durations: Record<string, number> = (() => {
  try {
    return JSON.parse(readFileSync(durationsFile, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
})();

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const bySize = await super.sort(files);
    // A file not seen yet counts as a middling one: neither all new files first nor last.
    const known = Object.values(durations).sort((a, b) => a - b);
    const middle = known[Math.floor(known.length / 2)] ?? 0;
    const ms = (f: TestSpecification) => durations[relative(root, f.moduleId)] ?? middle;
    return bySize
      .map((f, i) => ({ f, i }))
      .sort((a, b) => ms(b.f) - ms(a.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

// The packages and services run the files of one fork in one module graph instead of loading every module again for
// each file: loading was most of their CPU (gateway 182 → 110 CPU-s, sandbox 56 → 27 when measured alone). Their
// tests keep no state between files except their own database and servers. The front ends stay isolated (one DOM
// shared across files leaks state between them: the preferences' tests fail without isolation), and so does e2e
// (each file runs a whole stack in its own process, with the gateway's and sandbox's module-level state).
const isolate = !/^(packages|services)\//.test(relative(root, process.cwd()));

export default defineConfig({
  test: {
    pool: 'forks',
    isolate,
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    testTimeout: 60_000,
    hookTimeout: 180_000,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    reporters: reports ? ['default', 'json'] : ['default'],
    outputFile: reports ? { json: join(reports, `${name}.json`) } : undefined,
    passWithNoTests: false,
    sequence: Object.keys(durations).length ? { sequencer: LongestFirst } : {},
  },
});
