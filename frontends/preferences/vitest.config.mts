import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.mts';

export default mergeConfig(
  shared,
  defineConfig({
    test: { environment: 'jsdom', setupFiles: ['../kit/src/test-setup.ts'], passWithNoTests: true },
  }),
);
