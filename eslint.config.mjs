import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Boundaries: services depend on packages, never on each other, and packages never on a service.
 * The sandbox (and, for the gateway's integration harness in services/gateway/test, the worker) may only be imported by tests.
 */
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];
const service = (name) => ({
  group: [`@belegfluss/${name}`, `@belegfluss/${name}/*`],
  message: `Services depend on packages, never on another service (@belegfluss/${name}).`,
});
const anyService = {
  group: ['**/services/**'],
  message: 'Nothing imports a service by path; put shared code in a package.',
};
const SERVICES = ['gateway', 'workflows', 'sandbox'];
const boundary = (own, allowInTests = []) => [
  {
    files: [`${own}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [anyService, ...SERVICES.filter((s) => !own.endsWith(`/${s}`)).map(service)] },
      ],
    },
  },
  ...(allowInTests.length
    ? [
        {
          files: TESTS.map((t) => `${own}/${t}`),
          rules: {
            'no-restricted-imports': [
              'error',
              {
                patterns: [
                  anyService,
                  ...SERVICES.filter((s) => !own.endsWith(`/${s}`) && !allowInTests.includes(s)).map(service),
                ],
              },
            ],
          },
        },
      ]
    : []),
];
/** Workflow code must stay deterministic: no Node built-ins, no I/O. */
const DETERMINISM = [
  { group: ['node:*'], message: 'Workflows must not use Node built-ins.' },
  {
    group: [
      'fs',
      'path',
      'http',
      'https',
      'crypto',
      'os',
      'child_process',
      'net',
      'dns',
      'stream',
      'util',
      'events',
      'timers',
    ],
    message: 'Workflows must not use Node built-ins.',
  },
  {
    group: ['@belegfluss/db', '@belegfluss/lexware', '@belegfluss/shopify', 'pino', 'nodemailer', 'knex', 'pg'],
    message: 'Workflows never touch the database or the network; use activities.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/*.config.*', '**/*.mts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    // The type-aware rules read the same three programs as `npm run typecheck`, each built once for the whole run
    // (a program per package would type the shared code again for every package that imports it).
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.server.json', './tsconfig.web.json', './e2e/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...boundary('services/gateway/src', ['sandbox', 'workflows']),
  // The gateway's test harness lives beside src (test/), so no runtime file can reach it: it starts the sandbox and the worker.
  {
    files: ['services/gateway/test/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [anyService, service('gateway')] }] },
  },
  ...boundary('services/workflows/src', ['sandbox']),
  ...boundary('services/sandbox/src'),
  ...boundary('packages/*/src', ['sandbox']),
  {
    // SQL lives in the stores of packages/db: nothing else builds a query (tests seed and read as they like).
    files: ['services/*/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['packages/db/**', ...TESTS],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.name=/^(db|trx|knex)$/][arguments.0.type='Literal']",
          "CallExpression[callee.property.name=/^(db|trx)$/][arguments.0.type='Literal']",
          "CallExpression[callee.property.name='raw']",
        ].map((selector) => ({ selector, message: 'SQL lives in a store in packages/db; call a store function.' })),
      ],
    },
  },
  {
    files: ['services/workflows/src/workflows/**/*.ts'],
    ignores: ['**/*.test.ts'], // tests run in Node, outside the workflow sandbox
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [anyService, ...['gateway', 'sandbox'].map(service), ...DETERMINISM] },
      ],
      // Each workflow evaluates its imports anew: values come from the narrow entry, types from anywhere.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@belegfluss/shared',
              allowTypeImports: true,
              message:
                "Workflow code imports values from '@belegfluss/shared/workflow' (each workflow evaluates them).",
            },
          ],
        },
      ],
    },
  },
);
