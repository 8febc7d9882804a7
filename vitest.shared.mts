import { defineConfig } from 'vitest/config';

// One vitest setup for every package. Temporal's worker and the native core bridge
// do not survive worker threads well, so every test file runs in its own fork.
export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
