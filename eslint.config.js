// ESLint (flat config) with typescript-eslint, plus the layering rules of the architecture:
// - src/engine/core, src/domain and src/contract (the API contract) stay pure: no React, Mantine, DOM or Node I/O;
// - a feature under src/web/features never imports another feature;
// - the server's floors: routes → services → repositories, SQL (drizzle-orm, db/schema) only in repositories.
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const FEATURES_DIR = path.join('src', 'web', 'features');

/** A local rule: `features/a/**` may not import from `features/b/**`. */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: {
      description: 'features must not import each other; move shared code to web/components or domain',
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(process.cwd(), context.filename);
    const parts = file.split(path.sep);
    const at = parts.indexOf('features');
    if (!file.startsWith(FEATURES_DIR) || at < 0) return {};
    const ownFeature = parts[at + 1];
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(process.cwd(), path.resolve(path.dirname(context.filename), source));
      if (!target.startsWith(FEATURES_DIR + path.sep)) return;
      const targetFeature = target.split(path.sep)[parts.indexOf('features') + 1];
      if (targetFeature && targetFeature !== ownFeature) {
        context.report({
          node,
          message: `feature "${ownFeature}" imports feature "${targetFeature}"; move the shared piece to src/web/components or src/domain`,
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
    };
  },
};

/** Nothing is built on the CLI: it is a thin layer over src/catalogue and the server. */
const notOnTheCli = {
  group: ['**/cli/**'],
  message: 'the CLI is built on src/catalogue and the server, not the reverse',
};

/** SQL is written in repositories only: the query builder and the tables stay there. */
const sqlOutsideRepositories = {
  group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/**'],
  message: 'SQL only in repositories (src/server/repositories): ask the repository for what you need',
};

const pureImports = {
  patterns: [
    {
      group: ['react', 'react-*', 'react/*', '@mantine/*', '@tanstack/*', 'zustand', 'i18next', '@rjsf/*'],
      message: 'core and domain stay free of UI libraries',
    },
    {
      group: [
        'node:*',
        'fs',
        'fs/*',
        'path',
        'http',
        'https',
        'net',
        'child_process',
        'os',
        'pg',
        '@electric-sql/*',
        'drizzle-orm',
        'drizzle-orm/*',
        'fastify',
        '@fastify/*',
      ],
      message: 'core and domain stay free of Node I/O and the server',
    },
    {
      group: ['**/web/**', '**/server/**', '**/engine/react/**', '**/engine/widgets/**'],
      message: 'core and domain do not import the layers built on them',
    },
  ],
};

/** What code that runs in the browser (the web app, the engine's React half) may not import. */
const browserImports = [
  notOnTheCli,
  {
    group: ['**/catalogue/**', '**/server/**'],
    message: 'the browser gets flows from the server (browserFlowSource)',
    // Types only (the studio reads versions' content as the server answers it): no code comes along.
    allowTypeImports: true,
  },
];

/** The API contract names the catalogue's and the core's types: the engine and the domain stand below it. */
const belowTheContract = {
  group: ['**/contract/**', '../contract', '../../contract'],
  message: 'the engine and the domain stand below the API contract (src/contract): name the fields you read',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      '.tmp',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // A file a reader can hold: at most 500 lines of code (blank lines and comments not counted, as they cost a
    // reader little and the why beside a choice is wanted). Tests are exempt: a table of cases is long by nature.
    files: ['src/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}', 'scripts/**/*.mjs', 'e2e/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
      // And a function a reader can hold: 150 lines at most, counted the same way.
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },

  {
    // The browser journeys are tests, as exempt as tests/: a describe's body is a table of journeys.
    files: ['e2e/**/*.spec.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // The exception, written down: the database schema (declarations only, no logic) stays one file — drizzle-kit
    // reads it (drizzle.config.ts) to write the migrations, and its 55 foreign keys tie the areas' tables together,
    // so a file per area would import most of the others. Splitting it is issue 57's to weigh, not lint's to force.
    files: ['src/server/db/schema.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/engine/react/**/*.{ts,tsx}', 'src/engine/widgets/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The API contract (src/contract) is as pure: both the server and the browser import it.
    files: ['src/engine/core/**/*.ts', 'src/domain/**/*.ts', 'src/contract/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', pureImports],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'localStorage',
          'sessionStorage',
          'fetch',
          'XMLHttpRequest',
          'process',
          'require',
          'Buffer',
        ].map((name) => ({ name, message: 'core and domain stay pure: pass it in instead' })),
      ],
    },
  },
  {
    // The core and the domain stand below the API contract, too (it names their types).
    files: ['src/engine/core/**/*.ts', 'src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...pureImports.patterns, belowTheContract] }],
    },
  },
  {
    // The CLI is a thin layer over src/catalogue and the server: nothing is built on it.
    files: ['src/server/**/*.ts', 'src/catalogue/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [notOnTheCli],
        },
      ],
    },
  },
  {
    // The server's floors (docs/architecture.md): SQL only in repositories — a service reads and writes through
    // its repository (issue 57: the wallet's service wrote SQL); a route calls services, never a repository.
    files: ['src/server/services/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [notOnTheCli, sqlOutsideRepositories] }],
    },
  },
  {
    files: ['src/server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            notOnTheCli,
            sqlOutsideRepositories,
            {
              group: ['**/repositories', '**/repositories/**'],
              message:
                'a route calls its service; the service calls the repository (routes → services → repositories)',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser gets flows from the server (src/engine/react/browserFlowSource.ts), never from Node code.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...browserImports,
            {
              group: ['**/contract/**'],
              message:
                "the browser types its calls with the API contract's types; its schemas (and TypeBox) stay on the server",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The engine's browser half: as the web app, and below the API contract.
    files: ['src/engine/react/**/*.{ts,tsx}', 'src/engine/widgets/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...browserImports, belowTheContract] }] },
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    plugins: { layers: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: { 'layers/no-cross-feature-imports': 'error' },
  },
);
