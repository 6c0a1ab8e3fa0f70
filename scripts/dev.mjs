// `npm run dev`: the API server (restarted on change by tsx watch, a catalogue or translation change
// included: the server makes the flows' new versions at start) on API_PORT, and the Vite dev server (hot
// reload) on DEV_PORT with the API behind its proxy.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '8081';
const devPort = process.env.DEV_PORT ?? '5173';
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const children = [
  spawn(
    bin('tsx'),
    [
      'watch',
      '--clear-screen=false',
      '--include',
      'schemas/**',
      '--include',
      'locales/**',
      'src/server/main.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', PUBLIC_URL: `http://localhost:${devPort}` },
    },
  ),
  // The module runner loads vite.config.ts quietly (see start.mjs).
  spawn(bin('vite'), ['--configLoader', 'runner', '--port', devPort, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
