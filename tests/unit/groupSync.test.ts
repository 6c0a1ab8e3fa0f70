import { describe, expect, it } from 'vitest';
import { groupSync } from '../../src/server/db/groupSync';

/** A flush that finishes when the test says so, and counts its runs. */
function controlledFlush() {
  const finishers: Array<() => void> = [];
  const flush = () => new Promise<void>((resolve) => finishers.push(resolve));
  return { flush, runs: () => finishers.length, finish: (i: number) => finishers[i]!() };
}

describe('groupSync', () => {
  it('a write waits for a flush that started after it; writes during one flush share the next', async () => {
    const f = controlledFlush();
    const sync = groupSync(f.flush);
    const done: string[] = [];
    void sync().then(() => done.push('a'));
    expect(f.runs()).toBe(1);
    // b and c commit while a's flush runs: that flush may not hold them.
    void sync().then(() => done.push('b'));
    void sync().then(() => done.push('c'));
    expect(f.runs()).toBe(1);
    f.finish(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toEqual(['a']);
    // One more flush for both b and c.
    expect(f.runs()).toBe(2);
    f.finish(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toEqual(['a', 'b', 'c']);
    // Idle again: the next write starts its own flush at once.
    void sync();
    expect(f.runs()).toBe(3);
  });

  it('a failed flush fails the writes that waited for it, and the next write tries again', async () => {
    let fail = true;
    const sync = groupSync(async () => {
      if (fail) throw new Error('disk gone');
    });
    await expect(sync()).rejects.toThrow('disk gone');
    fail = false;
    await expect(sync()).resolves.toBeUndefined();
  });
});
