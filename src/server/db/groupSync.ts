/**
 * Durability of the embedded database on a machine that loses power (issue 14, finding 14).
 *
 * PGlite runs PostgreSQL on Emscripten's Node file layer, which never calls fsync: an acknowledged write is in
 * the operating system's cache, so it survives the server process dying (a crash, `kill -9`) but not the
 * machine stopping (a power cut, a kernel panic), which can lose the last seconds of writes. With `DB_SYNC=on`
 * (the default in production) a state-changing API answer is sent only after the data directory's file system
 * has been flushed (`sync --file-system`, syncfs(2)), which covers the WAL and the data files alike.
 *
 * Flushes are shared (group commit): a write waits for the first flush that *starts* after its commit, and
 * every write waiting then shares that one flush, so a burst of writes costs one or two flushes, not one each.
 */
import { execFile } from 'node:child_process';

/**
 * Shares runs of `flush` among callers: each call resolves after a run that started after the call.
 * @param flush - makes everything written so far durable
 */
export function groupSync(flush: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = () => {
    const run = flush().finally(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    // A flush already under way may have started before this write: wait for the one after it.
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

/** Flushes the file system that holds `directory` (coreutils `sync -f`, i.e. syncfs(2)). */
export function syncFileSystem(directory: string): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile('sync', ['--file-system', directory], (error) =>
      error ? reject(new Error(`sync --file-system ${directory} failed: ${error.message}`)) : resolve(),
    ),
  );
}
