import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { layersRule } from './eslint-rules/layers.js';

const local = { rules: { layers: layersRule, 'module-layers': layersRule } };
const testFiles = ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/test/**'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X } from 'm'` still loads m (verbatimModuleSyntax): a page would download
      // a module, zod and all, for a type.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Fastify plugins and handlers are async by contract even when their body awaits nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Plain JavaScript config and scripts are not part of a TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Served as is to browsers.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // A feature never imports another feature (docs/architecture.md, import rules): code two features share
  // lives in components/ or lib/. Import paths are matched as written, so each folder depth gets
  // the number of `../` that climbs to features/.
  ...[0, 1, 2].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth + 1}}([^.]|\\.\\./features/)`,
              message:
                'A feature must not import another feature; move what they share to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Only config.ts reads the environment (docs/architecture.md, configuration).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts.' },
      ],
    },
  },
  // Numbers, money and dates are written by format-number.ts, money.ts and format-date.ts, not
  // Intl: a page's first Intl formatter loads the browser's locale data (docs/performance.md,
  // "Figures without Intl").
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    ignores: [
      ...testFiles,
      'packages/contract/src/format-number.ts',
      'packages/contract/src/money.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Intl',
          property: 'NumberFormat',
          message: 'Write figures with formatCount/formatNumber (format-number.ts) or formatUsd.',
        },
        {
          object: 'Intl',
          property: 'DateTimeFormat',
          message: 'Write dates with dateFormat (format-date.ts) or useDateFormat (local-time.ts).',
        },
        // Intl under another name, in the browser's language rather than the shop's English.
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message:
            'Write dates with useDateFormat (local-time.ts), figures with formatCount or formatUsd.',
        })),
      ],
    },
  },
  // Imports only go down (docs/architecture.md, layers). Tests may reach any layer.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: testFiles,
    plugins: { local },
    rules: {
      'local/layers': [
        'error',
        {
          root: 'apps/web/src',
          layers: [
            { name: 'lib', paths: ['lib'] },
            { name: 'components', paths: ['components'] },
            { name: 'features', paths: ['features'] },
            { name: 'app', paths: ['app'] },
            { name: 'entry', paths: ['main', 'entry-server', 'boot'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: testFiles,
    plugins: { local },
    rules: {
      'local/layers': [
        'error',
        {
          root: 'apps/server/src',
          layers: [
            {
              name: 'foundation',
              paths: [
                'config',
                'http-error',
                'paging',
                'csv',
                'async-storage',
                'log-redaction',
                'call-health',
                'adapters',
                'db',
                'cache',
              ],
            },
            { name: 'auth and stock', paths: ['auth', 'stock'] },
            { name: 'mail', paths: ['mail'] },
            { name: 'plugins', paths: ['plugins'] },
            { name: 'modules', paths: ['modules'] },
            { name: 'wiring', paths: ['app', 'server', 'cli', 'seed'] },
          ],
        },
      ],
    },
  },
  // The server's module folders in one order too, bottom first: a module uses only those below it
  // (docs/architecture.md, "Layers"); behaviour that would run up is handed over by app.ts.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: testFiles,
    plugins: { local },
    rules: {
      'local/module-layers': [
        'error',
        {
          root: 'apps/server/src/modules',
          layers: [
            'tool-images',
            'tools',
            'reviews',
            'contact',
            'newsletter',
            'health',
            'security-txt',
            'shop-terms',
            'overview',
            'accounting',
            'cart',
            'quick-order',
            'projects',
            'address-book',
            'credit',
            'company',
            'admin-catalogue',
            'tool-csv',
            'supply',
            'seo',
            'orders',
            'invoices',
            'order-timeline',
            'order-export',
            'checkout',
            'quotes',
            'users',
            'payments',
            'refunds',
            'receivables',
          ].map((name) => ({ name, paths: [name] })),
        },
      ],
    },
  },
);
