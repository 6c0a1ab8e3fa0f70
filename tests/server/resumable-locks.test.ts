/**
 * One request at a time per resumable upload, across instances (services/resumableLocks.ts): two lockers on one
 * database stand for two instances. A held upload is handed over when its holder lets go (and its holder is asked
 * to), taken over when its holder's process died (its lease runs out), and refused after the wait's limit.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@tus/server';
import { createResumableLockRepository } from '../../src/server/repositories/resumableLocks';
import { createResumableLocker } from '../../src/server/services/resumableLocks';
import { createTestDatabase } from './setup/database';

const database = await createTestDatabase();
afterAll(() => database.close());
const repository = createResumableLockRepository(database.db);
const timing = { leaseMs: 400, renewMs: 50, retryMs: 20, acquireTimeoutMs: 1500 };
// Two instances' lockers.
const one = createResumableLocker(repository, timing);
const two = createResumableLocker(repository, timing);
const never = () => new AbortController().signal;

describe('resumable upload locks across instances', () => {
  it('a second instance waits for the upload, asks its holder to let go, and gets it once let go', async () => {
    const held = one.newLock('upload-a');
    let asked = 0;
    await held.lock(never(), () => {
      asked += 1;
      // The holder's request ends (as tus ends it) and gives the lock back.
      setTimeout(() => void held.unlock(), 30);
    });
    const order: string[] = [];
    const waiting = two
      .newLock('upload-a')
      .lock(never(), () => undefined)
      .then(() => order.push('second has it'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    order.push('first still has it');
    await waiting;
    expect(order).toEqual(['first still has it', 'second has it']);
    expect(asked).toBe(1);
  });

  it('one upload held does not hold another', async () => {
    await one.newLock('upload-b').lock(never(), () => undefined);
    const started = Date.now();
    await two.newLock('upload-c').lock(never(), () => undefined);
    expect(Date.now() - started).toBeLessThan(200);
  });

  it('a holder whose process died (no more renewals) loses the upload when its lease runs out', async () => {
    // Taken and never renewed: the process that took it is gone.
    expect(await repository.take('upload-d', 'a-dead-process', timing.leaseMs)).toBe(true);
    const started = Date.now();
    await two.newLock('upload-d').lock(never(), () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(timing.leaseMs - 50);
  });

  it('a holder that never lets go: the wait ends with tus’s lock timeout; a stopped request stops waiting', async () => {
    await one.newLock('upload-e').lock(never(), () => undefined); // renews and ignores the request to let go
    await expect(two.newLock('upload-e').lock(never(), () => undefined)).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    const started = Date.now();
    await expect(two.newLock('upload-e').lock(stop.signal, () => undefined)).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('unlocking gives back only the holder’s own lease', async () => {
    const mine = one.newLock('upload-f');
    await mine.lock(never(), () => undefined);
    await two.newLock('upload-f').unlock(); // not its holder: nothing changes
    expect(await repository.take('upload-f', 'someone-else', timing.leaseMs)).toBe(false);
    await mine.unlock();
    expect(await repository.take('upload-f', 'someone-else', timing.leaseMs)).toBe(true);
  });
});
