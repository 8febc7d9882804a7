import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.mts';

export default mergeConfig(
  shared,
  defineConfig({
    test: { environment: 'jsdom', setupFiles: ['./src/test-setup.ts'] },
  }),
);
