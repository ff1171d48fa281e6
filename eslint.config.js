import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench-results/**',
      // generated from the OpenAPI document (npm run openapi:types)
      'examples/partner/api-types.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Every package a file imports (statically, with import(), as types or in a re-export) is
    // declared in the package.json nearest to it: its workspace's, or the root's for scripts/ and
    // the root's config files. Otherwise an import can resolve through what npm hoisted for
    // another workspace, and break when that one stops declaring it. An import that resolves to
    // nothing installed is tsc's to report.
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { includeTypes: true, includeInternal: true },
      ],
    },
  },
  {
    // What the API and the packages run in production comes from "dependencies" alone.
    files: ['apps/api/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { includeTypes: true, includeInternal: true, devDependencies: false },
      ],
    },
  },
  {
    // Orders move only through the order mover the composition root built (decision 030), so
    // no caller can make a move without its payout hook and its announcement.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/modules/orders/order-mover.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/order-transition.ts'],
              importNames: ['moveOrder'],
              message: 'Move orders through the OrderMover (services.ts builds it once).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**', '**/cli/**', 'e2e/**', '**/*.test.ts', '**/test/**', '**/bench/**'],
    rules: { 'no-console': 'off' },
  },
);
