/**
 * One request at a time per resumable upload, across every instance (tus's `Locker`): two instances must never append
 * to one statement at once — a phone that lost its connection resumes at once, possibly on the other instance, while
 * the first request may still be writing its last bytes. tus's own MemoryLocker only sees its own process, and tus
 * ships no shared one but Redis's; ours keeps leases in the database the instances already share (one small table).
 *
 * A lock is a lease of LEASE_MS renewed every RENEW_MS while held, so a lock whose process died is free again within
 * seconds. A request that wants a held upload asks its holder to let go (`release_requested`); the holder learns it at
 * its next renewal and ends its request (tus's requestRelease), as MemoryLocker does within one process.
 */
import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { ResumableLockRepository } from '../repositories/resumableLocks';

const LEASE_MS = 10_000;
const RENEW_MS = 1_000;
/** Polling for a held lock, and the longest wait for it (tus's MemoryLocker waits as long). */
const RETRY_MS = 100;
const ACQUIRE_TIMEOUT_MS = 30_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

export function createResumableLocker(
  repository: ResumableLockRepository,
  timing = { leaseMs: LEASE_MS, renewMs: RENEW_MS, retryMs: RETRY_MS, acquireTimeoutMs: ACQUIRE_TIMEOUT_MS },
): Locker {
  return {
    newLock(uploadId: string): Lock {
      const holder = randomUUID();
      let renewal: NodeJS.Timeout | undefined;
      return {
        async lock(stopSignal: AbortSignal, requestRelease: RequestRelease) {
          const deadline = Date.now() + timing.acquireTimeoutMs;
          while (!(await repository.take(uploadId, holder, timing.leaseMs))) {
            if (stopSignal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
            await repository.askRelease(uploadId);
            await sleep(timing.retryMs, stopSignal);
          }
          let asked = false;
          renewal = setInterval(() => {
            repository
              .renew(uploadId, holder, timing.leaseMs)
              .then((lease) => {
                // Asked to let go, or the lease lost (this process stalled past it): the request ends as soon as it can.
                if (!asked && (lease === null || lease.releaseRequested)) {
                  asked = true;
                  return requestRelease();
                }
              })
              .catch(() => undefined);
          }, timing.renewMs);
          renewal.unref();
        },
        async unlock() {
          clearInterval(renewal);
          await repository.release(uploadId, holder);
        },
      };
    },
  };
}
