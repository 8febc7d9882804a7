import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../vitest.shared.mts';

// An end-to-end file's beforeAll starts a whole stack (Temporal, gateway, worker, sandbox), often the built front
// ends and Chromium too, while the other packages' tests run beside it: on a loaded two-core machine that can
// take longer than the shared three minutes. The limit is a bound, never a wait.
// Three files at a time rather than two: the longest files (the wizard's import, the completeness audit, the payout
// chaos) spend most of their time waiting on Lexware's 2 requests a second and on Temporal timers, and a third fork
// lets a file that needs the CPU run beside them. VITEST_MAX_WORKERS overrides it.
export default mergeConfig(
  shared,
  defineConfig({ test: { hookTimeout: 300_000, maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3) } }),
);
