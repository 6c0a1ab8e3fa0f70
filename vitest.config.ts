import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on our 2-core machines and CI's host, with
    // the main process idle once the files are transformed. Two there (issue 31, side by side on 2 cores: see
    // docs/engineering.md "Test time"); one fewer than the cores on a bigger machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          // Test files share a worker's modules instead of importing the whole server again per file: every file
          // builds its own app on its own database copy, and no server test mocks a module or changes the
          // environment, so nothing leaks between files. 2026-11-25, side by side: 212 → 175 s on the embedded
          // database, 194 → 103 s on PostgreSQL (CI runs both). SERVER_ISOLATE=on brings isolation back to chase
          // a suspected leak between files.
          isolate: process.env.SERVER_ISOLATE === 'on',
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
