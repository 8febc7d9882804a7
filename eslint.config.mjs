import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/*.config.*', '**/*.mts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Workflow code must stay deterministic: no Node built-ins, no I/O.
    files: ['services/workflows/src/workflows/**/*.ts'],
    ignores: ['**/*.test.ts'], // tests run in Node, outside the workflow sandbox
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['node:*'], message: 'Workflows must not use Node built-ins.' },
          { group: ['fs', 'path', 'http', 'https', 'crypto', 'os', 'child_process', 'net', 'dns', 'stream', 'util', 'events', 'timers'], message: 'Workflows must not use Node built-ins.' },
          { group: ['@belegfluss/db', '@belegfluss/lexoffice', '@belegfluss/shopify', 'pino', 'nodemailer', 'knex', 'pg'], message: 'Workflows never touch the database or the network; use activities.' },
        ],
      }],
    },
  },
);
