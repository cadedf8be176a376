import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { layersPlugin } from './scripts/lint/layers.js';
import { apiPathsRule } from './scripts/lint/api-paths.js';
import { routePathsRule } from './scripts/lint/route-paths.js';
import { moduleStateRule } from './scripts/lint/module-state.js';

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', '.tsbuild/', 'server/db/migrations/'],
  },
  ...tseslint.configs.recommended,
  {
    plugins: {
      project: {
        rules: { ...layersPlugin.rules, 'route-paths': routePathsRule, 'api-paths': apiPathsRule },
      },
    },
    rules: {
      'project/layers': 'error',
      'project/route-paths': 'error',
      'project/api-paths': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // What an app holds in memory is made by buildApp and passed down (server/app-state.ts).
    files: ['server/**/*.ts'],
    plugins: { server: { rules: { 'module-state': moduleStateRule } } },
    rules: { 'server/module-state': 'error' },
  },
  {
    // What must hold is stated where it must (domain/assert.ts: assert, ensure): a bare `!` only
    // silences the type checker, and a broken invariant then runs on with undefined.
    files: ['workers/**/*.ts', 'server/trading/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // Command-line programs talk on stdout.
    files: ['scripts/**', 'tests/**', '*.config.*', 'server/operator/cli.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Server test files share one module cache (vitest.config.ts, isolate: false): a module mock
    // would apply or not depending on which file ran first in the worker, and leak into the rest.
    files: ['tests/server/**', 'server/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message:
            'Server tests share modules: pass a seam (a parameter, a table of functions) and restore it.',
        })),
      ],
    },
  },
);
