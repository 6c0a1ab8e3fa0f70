/**
 * Session replay in the browser (shell spec §1; the rules in src/domain/sessionReplay.ts; docs/session-replay.md).
 * Records only when three things hold: the deployment names a destination (GET /merchant/api/v1/session-replay;
 * none by default), the person at this browser allowed it (the account page's switch, kept in local storage), and
 * the page is one of the spec's recorded areas. Otherwise the recorder is not even loaded.
 *
 * Why rrweb's recorder: it is the DOM recorder the open replay tools share (PostHog, Highlight, OpenReplay's
 * format), with input masking and a text-masking hook built in; its events play in `rrweb-player` (/dev/replay).
 *
 * Every input's value is masked (`maskAllInputs`) and every copied text passes through `maskPrivateText`: no code,
 * IBAN or identity number leaves the page. Events go out in chunks of one page load's session, in order, one
 * request at a time; a chunk the destination did not take is sent again with the next (up to a limit).
 */
import type { ReplayChunk, ReplayConfig } from '../contract/sessionReplay';
import {
  maskPrivateText,
  replayArea,
  REPLAY_BUFFER_LIMIT,
  REPLAY_CHUNK_MAX_EVENTS,
  REPLAY_FLUSH_EVENTS,
  REPLAY_FLUSH_MS,
  type ReplayArea,
} from '../domain/sessionReplay';
import { api } from './api/client';
import { LOCAL_FLAGS, readFlag, subscribe } from './localFlags';

type RecordedEvent = ReplayChunk['events'][number];

/** What of rrweb's `record` this module uses (a test gives its own). */
export type Record = (options: {
  emit: (event: RecordedEvent) => void;
  maskAllInputs: boolean;
  maskTextSelector: string;
  maskTextFn: (text: string) => string;
  slimDOMOptions: true;
  recordCanvas: boolean;
  collectFonts: boolean;
  sampling: { mousemove: number; scroll: number; input: 'last' };
}) => (() => void) | undefined;

export interface ReplayDeps {
  load: () => Promise<Record>;
  send: (endpoint: string, chunk: ReplayChunk, keepalive: boolean) => Promise<void>;
  whenIdle: (run: () => void) => void;
}

/** Posts a chunk as JSON, without cookies: the destination learns nothing of the session but what it records. */
async function post(endpoint: string, chunk: ReplayChunk, keepalive: boolean) {
  const body = JSON.stringify(chunk);
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    credentials: 'omit',
    // A page being left may still send a small chunk; the browser caps keepalive bodies at 64 KiB.
    keepalive: keepalive && body.length < 60_000,
  });
  if (!res.ok) throw new SendRefused(res.status);
}

/** The destination's refusal: a 4xx but 408 and 429 will be refused again, so the chunk is dropped, not retried. */
export class SendRefused extends Error {
  constructor(readonly status: number) {
    super(`session replay: the destination answered ${status}`);
  }
  get final() {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

const defaults: ReplayDeps = {
  load: () => import('@rrweb/record').then((m) => m.record as unknown as Record),
  send: post,
  whenIdle: (run) =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(run, { timeout: 5000 })
      : setTimeout(run, 2000),
};

/** One page load's recording: started and stopped as the address and the consent change. */
export function createReplaySession(endpoint: string, deps: Pick<ReplayDeps, 'load' | 'send'>) {
  const sessionId = crypto.randomUUID();
  let seq = 0;
  let buffer: RecordedEvent[] = [];
  let area: ReplayArea | null = null;
  let stop: (() => void) | undefined;
  let starting: Promise<void> | undefined;
  let sending: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | undefined;

  /**
   * Sends what waits now, under the area it was recorded in, after whatever is in flight, in chunks; what the
   * destination does not take waits for the next try.
   */
  function flush(keepalive = false): Promise<void> {
    const batch = buffer;
    const batchArea = area;
    buffer = [];
    if (batch.length === 0 || batchArea === null) return sending;
    sending = sending.then(async () => {
      for (let at = 0; at < batch.length; at += REPLAY_CHUNK_MAX_EVENTS) {
        const events = batch.slice(at, at + REPLAY_CHUNK_MAX_EVENTS);
        try {
          await deps.send(endpoint, { session_id: sessionId, seq, area: batchArea, events }, keepalive);
          seq += 1;
        } catch (error) {
          if (error instanceof SendRefused && error.final) {
            seq += 1; // this chunk will never be taken: the rest go on without it
            continue;
          }
          // Put back, oldest dropped beyond the limit (a replay missing its start beats a page out of memory).
          buffer = [...batch.slice(at), ...buffer].slice(-REPLAY_BUFFER_LIMIT);
          return;
        }
      }
    });
    return sending;
  }

  function emit(event: RecordedEvent) {
    buffer.push(event);
    if (buffer.length >= REPLAY_FLUSH_EVENTS) void flush();
  }

  async function start() {
    const record = await deps.load();
    stop = record({
      emit,
      maskAllInputs: true,
      // Every text goes through maskPrivateText, which hides only what reads as private (the rest stays).
      maskTextSelector: '*',
      maskTextFn: maskPrivateText,
      slimDOMOptions: true,
      recordCanvas: false,
      collectFonts: false,
      sampling: { mousemove: 100, scroll: 150, input: 'last' },
    });
    timer = setInterval(() => void flush(), REPLAY_FLUSH_MS);
    // The page's snapshot (the recording's start, written as record() starts) goes at once: a short visit keeps it.
    void flush();
  }

  return {
    sessionId,
    /** Records `next` (an area) or nothing (null). Resolves once the change is made (for tests). */
    async set(next: ReplayArea | null) {
      const recording = stop !== undefined || starting !== undefined;
      if (next === null) {
        if (!recording) return;
        await starting;
        stop?.();
        stop = undefined;
        clearInterval(timer);
        await flush();
        area = null;
        return;
      }
      if (recording) {
        if (next === area) return;
        void flush(); // each chunk carries one area's events
        area = next;
        return;
      }
      area = next;
      starting = start();
      try {
        await starting;
      } finally {
        starting = undefined;
      }
    },
    flush,
  };
}

/**
 * Starts watching (once the page is idle): asks where recordings go, and records while the consent and the address
 * allow. Resolves once settled (for tests); returns the session, or null when nothing will be recorded.
 */
export async function startSessionReplay(
  deps: ReplayDeps = defaults,
): Promise<ReturnType<typeof createReplaySession> | null> {
  await new Promise<void>((done) => deps.whenIdle(done));
  let config: ReplayConfig;
  try {
    config = await api<ReplayConfig>('GET', '/merchant/api/v1/session-replay');
  } catch {
    return null; // not told where: nothing is recorded (the page works the same)
  }
  if (!config.endpoint) return null;
  const session = createReplaySession(config.endpoint, deps);
  const evaluate = () =>
    void session
      .set(readFlag(LOCAL_FLAGS.replayConsent) === 'yes' ? replayArea(window.location.pathname) : null)
      .catch(() => undefined); // the recorder's chunk failed to load: the page works the same
  // The router moves with the History API, which fires no event of its own.
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = window.history[method];
    window.history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      queueMicrotask(evaluate);
    };
  }
  window.addEventListener('popstate', evaluate);
  subscribe(evaluate);
  window.addEventListener('pagehide', () => void session.flush(true));
  evaluate();
  return session;
}
