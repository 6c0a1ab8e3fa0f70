/**
 * Session replay in the browser (shell spec §1; src/web/sessionReplay.ts): what it records, when, and what it sends —
 * with rrweb's own recorder on a page holding a typed IBAN, a code and an IBAN shown as text.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { record } from '@rrweb/record';
import type { ReplayChunk } from '../../src/contract/sessionReplay';
import {
  createReplaySession,
  SendRefused,
  startSessionReplay,
  type Record as RecordFn,
} from '../../src/web/sessionReplay';
import { LOCAL_FLAGS, writeFlag } from '../../src/web/localFlags';
import { REPLAY_FLUSH_EVENTS } from '../../src/domain/sessionReplay';

const realRecord = record as unknown as RecordFn;

function page() {
  document.body.innerHTML = `
    <main>
      <h1>Bank details</h1>
      <p>Your IBAN on file: SA73 8000 0000 6080 1016 7520</p>
      <label>IBAN <input id="iban" /></label>
      <label>Code <input id="code" inputmode="numeric" /></label>
      <p>Up to AED 1,000,000</p>
    </main>`;
  const type = (id: string, value: string) => {
    const input = document.getElementById(id) as HTMLInputElement;
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  return { type };
}

/** Everything sent, as one string and as chunks. */
function sink() {
  const chunks: ReplayChunk[] = [];
  const send = vi.fn(async (_endpoint: string, chunk: ReplayChunk) => {
    chunks.push(structuredClone(chunk));
  });
  return { chunks, send, text: () => JSON.stringify(chunks) };
}

describe('a recording', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('copies the page but no typed value and no IBAN shown as text', async () => {
    const { type } = page();
    type('iban', 'SA0380000000608010167519'); // typed before the recording starts
    const out = sink();
    const session = createReplaySession('/dev/replay/chunks', {
      load: async () => realRecord,
      send: out.send,
    });
    await session.set('applications');
    type('code', '482913');
    type('iban', 'SA0380000000608010167519 ');
    await new Promise((r) => setTimeout(r, 50));
    await session.set(null);
    const sent = out.text();
    expect(sent).toContain('Bank details');
    expect(sent).toContain('Up to AED 1,000,000');
    expect(sent).not.toMatch(/SA03\s?8000/);
    expect(sent).not.toContain('482913');
    expect(sent).not.toMatch(/SA73\s?8000/);
    expect(sent).not.toContain('6080 1016');
    expect(out.chunks.every((c) => c.session_id === session.sessionId && c.area === 'applications')).toBe(
      true,
    );
    expect(out.chunks.map((c) => c.seq)).toEqual(out.chunks.map((_, i) => i));
  });

  it('sends each area’s events under its own area, in order, and stops the recorder when left', async () => {
    const emitted: ((event: ReplayChunk['events'][number]) => void)[] = [];
    const stop = vi.fn();
    const fake: RecordFn = (options) => {
      emitted.push(options.emit);
      return stop;
    };
    const out = sink();
    const session = createReplaySession('/x', { load: async () => fake, send: out.send });
    await session.set('dashboard');
    emitted[0]!({ type: 2, timestamp: 1 });
    await session.set('dashboard'); // the same area: nothing restarts
    await session.set('capital');
    emitted[0]!({ type: 3, timestamp: 2 });
    await session.set(null);
    expect(emitted).toHaveLength(1);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(out.chunks.map((c) => [c.seq, c.area, c.events.map((e) => e.timestamp)])).toEqual([
      [0, 'dashboard', [1]],
      [1, 'capital', [2]],
    ]);
  });

  it(`sends once ${REPLAY_FLUSH_EVENTS} events wait, and keeps a chunk the destination refused for the next try`, async () => {
    let emit: (event: ReplayChunk['events'][number]) => void = () => undefined;
    const fake: RecordFn = (options) => {
      emit = options.emit;
      return () => undefined;
    };
    const out = sink();
    let down = true;
    const send = vi.fn(async (endpoint: string, chunk: ReplayChunk) => {
      if (down) throw new Error('503');
      await out.send(endpoint, chunk);
    });
    const session = createReplaySession('/x', { load: async () => fake, send });
    await session.set('auth');
    for (let i = 0; i < REPLAY_FLUSH_EVENTS; i += 1) emit({ type: 3, timestamp: i });
    await session.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(out.chunks).toEqual([]);
    down = false;
    emit({ type: 3, timestamp: 9999 });
    await session.flush();
    expect(out.chunks).toHaveLength(1);
    expect(out.chunks[0]!.seq).toBe(0);
    expect(out.chunks[0]!.events.map((e) => e.timestamp)).toEqual([
      ...Array.from({ length: REPLAY_FLUSH_EVENTS }, (_, i) => i),
      9999,
    ]);
  });

  it('drops a chunk the destination refuses for good (a 4xx) and goes on with the next', async () => {
    let emit: (event: ReplayChunk['events'][number]) => void = () => undefined;
    const fake: RecordFn = (options) => {
      emit = options.emit;
      return () => undefined;
    };
    const out = sink();
    const send = vi.fn(async (endpoint: string, chunk: ReplayChunk) => {
      if (chunk.events.some((e) => e.timestamp === 1)) throw new SendRefused(400);
      await out.send(endpoint, chunk);
    });
    const session = createReplaySession('/x', { load: async () => fake, send });
    await session.set('capital');
    emit({ type: 3, timestamp: 1 });
    await session.flush();
    emit({ type: 3, timestamp: 2 });
    await session.flush();
    expect(out.chunks.map((c) => [c.seq, c.events.map((e) => e.timestamp)])).toEqual([[1, [2]]]);
  });
});

describe('starting on a page', () => {
  const answer = (endpoint: string | null) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: unknown) =>
        String(input).includes('/merchant/api/v1/session-replay')
          ? Response.json({ endpoint })
          : new Response(null, { status: 404 }),
      ),
    );
  const deps = (load: () => Promise<RecordFn>) => ({
    load,
    send: vi.fn(async () => undefined),
    whenIdle: (run: () => void) => run(),
  });
  const stop = vi.fn();
  const fake: RecordFn = () => stop;

  beforeEach(() => {
    window.localStorage.clear();
    window.history.replaceState(null, '', '/dashboard');
    stop.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('records nothing, and loads no recorder, where the deployment names no destination', async () => {
    answer(null);
    writeFlag(LOCAL_FLAGS.replayConsent, 'yes');
    const load = vi.fn(async () => fake);
    expect(await startSessionReplay(deps(load))).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1); // asked, and told: nowhere
    expect(load).not.toHaveBeenCalled();
  });

  it('waits for the consent, records on the spec’s pages only, and stops when it is withdrawn', async () => {
    answer('/dev/replay/chunks');
    const load = vi.fn(async () => fake);
    const session = await startSessionReplay(deps(load));
    expect(session).not.toBeNull();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    await settle();
    expect(load).not.toHaveBeenCalled(); // no consent yet
    writeFlag(LOCAL_FLAGS.replayConsent, 'yes');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    window.history.pushState(null, '', '/orders'); // not a recorded page
    await settle();
    await settle();
    expect(stop).toHaveBeenCalledTimes(1);
    window.history.pushState(null, '', '/finance/capital/offers');
    await settle();
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    writeFlag(LOCAL_FLAGS.replayConsent, null);
    await settle();
    await settle();
    expect(stop).toHaveBeenCalledTimes(2);
  });
});

describe('logout', () => {
  it('clears what the browser holds for the account but keeps the recording consent and the language', async () => {
    const { clearLocalState } = await import('../../src/web/app/session');
    const { LANGUAGE_STORAGE_KEY } = await import('../../src/domain/language');
    writeFlag(LOCAL_FLAGS.replayConsent, 'yes');
    writeFlag(LOCAL_FLAGS.surveyClosed, '1');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    clearLocalState();
    expect(window.localStorage.getItem(LOCAL_FLAGS.replayConsent)).toBe('yes');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(window.localStorage.getItem(LOCAL_FLAGS.surveyClosed)).toBeNull();
  });
});

describe('logout and analytics', () => {
  it('resets analytics with the rest of the local state', async () => {
    const { clearLocalState } = await import('../../src/web/app/session');
    const { analytics } = await import('../../src/web/analytics');
    const reset = vi.spyOn(analytics, 'reset');
    clearLocalState();
    expect(reset).toHaveBeenCalledTimes(1);
  });
});
