/**
 * The chat socket fuzzed (issue 30), beside the HTTP fuzz (fuzz.test.ts): connections opened one after another
 * as fast as they go, each sent generated frames — any JSON, text that is not JSON, frames shaped like the real
 * ones with wrong field values, binary, and frames too big to take. Whatever comes, every frame gets its one
 * answer (pong, ack, state or error) in order, a frame too big closes only its own connection (1009), and the
 * server stays up with no unhandled rejection.
 *
 * FUZZ_RUNS connections (default 40); `npm run test:fuzz` runs the nightly size; FUZZ_SEED replays a failure.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Json } from './setup/signIn';
import { chatTokenOf, connectChat } from './setup/chatSocket';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

// The send buckets refill by this clock: each connection's frames find the account's bucket full.
let now = Date.now();
const { app } = await createTestApp({
  env: { AUTH_RATE_LIMIT: '100000' },
  clock: { now: () => new Date(now) },
});
await loadDemoData(app);
const people = [
  await signIn(app, 'admin@demo.example', '+966501234567'),
  await signIn(app, 'ops@demo.example', '+966500000999'),
];

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => void process.on('unhandledRejection', onUnhandled));
afterAll(() => void process.off('unhandledRejection', onUnhandled));

/** Values that have broken frame handlers: null, lists, numbers where strings go, huge and odd strings. */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(null, [], {}, -1, 1.5, 2 ** 53, '', '\u0000', '\ud800', 'ch-1'),
);
const shaped = fc.record(
  {
    type: fc.oneof(fc.constantFrom('send', 'read', 'ping'), anyValue),
    body: anyValue,
    channel_id: anyValue,
    client_id: anyValue,
    seq: anyValue,
  },
  { requiredKeys: [] },
);
type Frame = { kind: 'text'; text: string } | { kind: 'binary'; bytes: Uint8Array } | { kind: 'huge' };
const frame: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 4, arbitrary: shaped.map((f) => ({ kind: 'text' as const, text: JSON.stringify(f) })) },
  {
    weight: 2,
    arbitrary: anyValue.map((v) => ({ kind: 'text' as const, text: JSON.stringify(v) ?? 'null' })),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 50 }).map((text) => ({ kind: 'text' as const, text })) },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 20 }).map((bytes) => ({ kind: 'binary' as const, bytes })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'huge' as const }) },
);

const ANSWERS = new Set(['pong', 'ack', 'state', 'error']);

describe('the chat socket, fuzzed', () => {
  it('answers every frame of every connection in order and stays up', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: people.length - 1 }),
        fc.array(frame, { minLength: 1, maxLength: 8 }),
        async (who, frames) => {
          now += 60_000;
          const c = await connectChat(app, await chatTokenOf(people[who]!));
          await c.next((f) => f.type === 'state');
          let answered = c.frames.filter((f: Json) => ANSWERS.has(f.type)).length;
          for (const f of frames) {
            if (f.kind === 'huge') {
              // Over the 64 KB a frame may be: this connection ends, nothing else does.
              c.socket.send(JSON.stringify({ type: 'send', body: 'x'.repeat(70_000) }));
              expect(await c.closed()).toBe(1009);
              return;
            }
            if (f.kind === 'binary') c.socket.send(f.bytes, { binary: true });
            else c.socket.send(f.text);
            answered += 1;
            await expect
              .poll(() => c.frames.filter((x: Json) => ANSWERS.has(x.type)).length, { timeout: 5000 })
              .toBe(answered);
          }
          expect(c.isClosed()).toBe(false);
          c.socket.terminate();
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    expect((await people[0]!.call('GET', '/merchant/api/v1/account')).status).toBe(200);
    expect(unhandled).toEqual([]);
  }, 120_000);
});
