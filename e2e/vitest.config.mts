import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../vitest.shared.mts';

// An end-to-end file's beforeAll starts a whole stack (Temporal, gateway, worker, sandbox), often the built front
// ends and Chromium too, while the other packages' tests run beside it: on a loaded two-core machine that can
// take longer than the shared three minutes. The limit is a bound, never a wait.
export default mergeConfig(shared, defineConfig({ test: { hookTimeout: 300_000 } }));
