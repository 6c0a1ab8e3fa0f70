// Runs the API server — built JavaScript, dist/server/main.js (scripts/buildServer.mjs) — and starts it again
// when it stops on its own — a crash, `kill -9`, the out-of-memory killer — so one fault never leaves the service
// down. `npm start` (scripts/start.mjs) runs the server through this; `node scripts/supervise.mjs` runs it without
// the web build check (the server's build check stays).
//
// - A restart waits a growing pause (RESTART_DELAYS_MS: 0.5 s, then 1, 2, 5, 10, 30 s) and says so on stderr with
//   how the server stopped; once the server has stayed up STABLE_MS, the next restart waits the shortest pause again.
// - A server that never became ready (bad configuration, a port in use, a database it cannot open) is not
//   restarted: its own one-line error says what to fix, and this exits with its code.
// - Ctrl-C / SIGTERM are passed on to the server, which shuts down cleanly; then this exits.
//
// The server tells this it is ready over the IPC channel (`process.send({ type: 'ready' })` in main.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, serverEntry } from './buildServer.mjs';

export const RESTART_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];
export const STABLE_MS = 60_000;

const root = path.resolve(import.meta.dirname, '..');
const shown = path.relative(root, serverEntry);

const say = (line) => process.stderr.write(`supervisor: ${line}\n`);

/** Starts the server and keeps it running until this process is told to stop. */
export function supervise() {
  let child = null;
  let stopping = false;
  let everReady = false;
  let restarts = 0;
  let pending = null;

  const start = () => {
    pending = null;
    const startedAt = Date.now();
    child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
      cwd: root,
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    const pid = child.pid;
    child.on('message', (message) => {
      if (message && message.type === 'ready') {
        if (everReady) say(`the server is back (pid ${pid})`);
        else say(`the server is running (pid ${pid}, ${shown}); it is restarted if it stops`);
        everReady = true;
      }
    });
    child.on('exit', (code, signal) => {
      child = null;
      if (stopping) return process.exit(code ?? 0);
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      if (!everReady) process.exit(code ?? 1);
      if (Date.now() - startedAt >= STABLE_MS) restarts = 0;
      const delay = RESTART_DELAYS_MS[Math.min(restarts, RESTART_DELAYS_MS.length - 1)];
      restarts += 1;
      say(`the server (pid ${pid}) stopped (${how}); restarting in ${delay / 1000} s (restart ${restarts})`);
      pending = setTimeout(start, delay);
    });
  };

  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      stopping = true;
      if (pending) {
        clearTimeout(pending);
        process.exit(0);
      }
      if (child) child.kill(signal);
      else process.exit(0);
    });

  start();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServerIfStale();
  supervise();
}
