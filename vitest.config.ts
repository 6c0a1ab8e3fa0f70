import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The CLI tests start processes (2–4 s each: the catalogue checks load recheck; several on a busy
          // shared machine, and some tests start four).
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
          // esbuild (compiling a flow as the server does) does not run in jsdom: it runs once, in Node, first.
          globalSetup: ['tests/component/setup/catalogue.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One migrated database is made once and copied per test file (see tests/server/setup).
          globalSetup: ['tests/server/setup/global.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
