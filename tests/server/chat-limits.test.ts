/**
 * The chat socket under abuse (issue 30, second security review): frames that are not chat frames, floods, and
 * people whose access or session went while their connection stayed open. The server stays up and answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FRAME_QUEUE_MAX, parseClientFrame, REFUSALS_BEFORE_CLOSE } from '../../src/server/routes/chatSocket';
import { CHAT_SEND_RATE } from '../../src/domain/chat';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn as signInNow, type Json } from './setup/signIn';
import { CHAT, chatTokenOf, connectChat } from './setup/chatSocket';

// A clock that moves only when the test moves it: the send buckets refill by the clock, not while a test runs.
let now = Date.now();
const { app } = await createTestApp({
  env: { AUTH_RATE_LIMIT: '100000' },
  clock: { now: () => new Date(now) },
});
await loadDemoData(app);

/** Signs in a second later than the last: codes sent in the same millisecond would not be told apart by time. */
const signIn = (...args: Parameters<typeof signInNow>) => {
  now += 1000;
  return signInNow(...args);
};

const admin = await signIn(app, 'admin@demo.example', '+966501234567'); // Riyadh Style, workspace admin
const gadgets = await signIn(app, 'pending@demo.example', '+971501234567'); // Gulf Gadgets

/** Every unhandled rejection while this file runs: a frame's failure must never become one. */
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => void process.on('unhandledRejection', onUnhandled));
afterAll(() => void process.off('unhandledRejection', onUnhandled));

/** Moves the server's clock on, so every account's send bucket is full again. */
beforeEach(() => {
  now += 60_000;
});

const connect = async (who = admin) => {
  const c = await connectChat(app, await chatTokenOf(who));
  await c.next((f) => f.type === 'state');
  return c;
};

describe('frames that are not chat frames', () => {
  it('are each answered with an error frame, and the connection (and the server) go on', async () => {
    const c = await connect();
    const bad = [
      'null',
      '[]',
      '1',
      '"send"',
      'true',
      '{}',
      '{"type":null}',
      '{"type":"nope"}',
      '{"type":"send"}',
      '{"type":"send","body":5}',
      '{"type":"send","body":"hi","client_id":7}',
      '{"type":"send","body":"hi","channel_id":{"x":1}}',
      '{"type":"read","channel_id":"c","seq":-1}',
      '{"type":"read","channel_id":"c","seq":1.5}',
      '{"type":"read","seq":1}',
      '{"type":"send","body":"nul \\u0000 here","client_id":"nul"}',
      '{"type":"send","body":"half \\ud800","client_id":"half"}',
      '{"type":"send","body":"' + 'x'.repeat(5000) + '","client_id":"long"}',
      '{"type":"ping"',
    ];
    for (const frame of bad) c.socket.send(frame);
    c.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    await expect
      .poll(() => c.frames.filter((f) => f.type === 'error').length, { timeout: 5000 })
      .toBe(bad.length + 1);
    const errors = c.frames.filter((f) => f.type === 'error');
    expect(errors.every((f) => f.status === 400 && f.message === 'bad_request')).toBe(true);
    // Where a frame names its message, the error does too, so the client marks that message.
    expect(errors.filter((f) => f.client_id).map((f) => f.client_id)).toEqual(['nul', 'half', 'long']);
    c.socket.send(JSON.stringify({ type: 'ping' }));
    await c.next((f) => f.type === 'pong');
    expect(c.isClosed()).toBe(false);
    expect((await admin.call('GET', '/merchant/api/v1/account')).status).toBe(200);
    expect(unhandled).toEqual([]);
    c.socket.terminate();
  });

  it('parseClientFrame takes the three frame types and nothing else', () => {
    expect(parseClientFrame('{"type":"ping"}')).toEqual({ frame: { type: 'ping' } });
    expect(parseClientFrame('{"type":"read","channel_id":"c1","seq":3}')).toEqual({
      frame: { type: 'read', channel_id: 'c1', seq: 3 },
    });
    expect(parseClientFrame('{"type":"send","body":"hi","client_id":"m1"}')).toMatchObject({
      frame: { type: 'send', body: 'hi' },
    });
    for (const raw of ['null', '{"type":"send","body":null}', '{"type":"ping","x":"\\u0000"}'])
      expect(parseClientFrame(raw)).toHaveProperty('refused.status', 400);
  });
});

describe('sending too much', () => {
  it('limits sends per account, the socket and HTTP together, with 429 and when to try again', async () => {
    const c = await connect();
    const total = CHAT_SEND_RATE.burst + 3;
    for (let i = 0; i < total; i += 1)
      c.socket.send(JSON.stringify({ type: 'send', body: `burst ${i}`, client_id: `b-${i}` }));
    await expect
      .poll(() => c.frames.filter((f) => f.type === 'ack' || f.type === 'error').length, { timeout: 10_000 })
      .toBe(total);
    const acks = c.frames.filter((f) => f.type === 'ack');
    const refused = c.frames.filter((f) => f.type === 'error');
    expect(acks).toHaveLength(CHAT_SEND_RATE.burst);
    expect(refused.map((f) => [f.status, f.message])).toEqual(
      Array.from({ length: 3 }, () => [429, 'too many requests']),
    );
    expect(refused[0].client_id).toBe(`b-${CHAT_SEND_RATE.burst}`);
    expect(refused[0].retry_after).toBeGreaterThanOrEqual(1);
    // The same account over HTTP meets the same empty bucket; another merchant does not.
    const http = await admin.call('POST', `${CHAT}/messages`, { body: 'over http' });
    expect(http.status).toBe(429);
    expect(http.body).toMatchObject({ status: 429, message: 'too many requests' });
    expect((await gadgets.call('POST', `${CHAT}/messages`, { body: 'not limited' })).status).toBe(201);
    // A token comes back every 1/5 s.
    now += 1000;
    expect((await admin.call('POST', `${CHAT}/messages`, { body: 'later' })).status).toBe(201);
    c.socket.terminate();
  });

  it('closes a connection that goes on sending over the limit', async () => {
    const c = await connect();
    const total = CHAT_SEND_RATE.burst + REFUSALS_BEFORE_CLOSE;
    for (let i = 0; i < total; i += 1)
      c.socket.send(JSON.stringify({ type: 'send', body: `again ${i}`, client_id: `g-${i}` }));
    expect(await c.closed(10_000)).toBe(1008);
    expect(c.frames.filter((f) => f.status === 429)).toHaveLength(REFUSALS_BEFORE_CLOSE);
  });

  it('takes a burst of 300 frames as a bounded queue: closed, little stored, others served meanwhile', async () => {
    const before = (await gadgets.call('GET', `${CHAT}/channels`)).body.channels as Json[];
    const c = await connect(gadgets);
    for (let i = 0; i < 300; i += 1)
      c.socket.send(JSON.stringify({ type: 'send', body: `flood ${i}`, client_id: `f-${i}` }));
    const started = performance.now();
    const other = await admin.call('GET', '/merchant/api/v1/account');
    const waited = performance.now() - started;
    expect(other.status).toBe(200);
    expect(waited).toBeLessThan(1000);
    expect(await c.closed()).toBe(1008);
    // The connection is closed for what it sent; at most the account's burst was stored before that.
    const after = (await gadgets.call('GET', `${CHAT}/channels`)).body.channels as Json[];
    const flood = (
      await Promise.all(
        after.map(
          async (ch) => (await gadgets.call('GET', `${CHAT}/channels/${ch.id}/messages`)).body.messages,
        ),
      )
    )
      .flat()
      .filter((m: Json) => String(m.body).startsWith('flood '));
    expect(flood.length).toBeLessThanOrEqual(Math.min(FRAME_QUEUE_MAX, CHAT_SEND_RATE.burst));
    expect(before.length).toBeLessThanOrEqual(after.length);
  });
});

/** A supervisor of Riyadh Style, invited by its admin, signed in. */
async function newMember(email: string, phone: string) {
  const invited = await admin.call('POST', '/merchant/api/v1/users/invite', {
    email,
    role: 'supervisor',
    merchant_ids: ['mer-riyadh-style'],
  });
  expect(invited.status).toBe(201);
  return { id: invited.body.user.id as string, person: await signIn(app, email, phone) };
}

describe('access that changes while connected', () => {
  it('a token taken before logout opens nothing after it', async () => {
    const someone = await signIn(app, 'staff@demo.example', '+966501234568');
    const token = await chatTokenOf(someone);
    expect((await someone.call('POST', '/merchant/api/v1/auth/logout', {})).status).toBeLessThan(300);
    const c = await connectChat(app, token);
    expect(await c.closed()).toBe(4401);
    expect(c.frames.some((f) => f.type === 'state')).toBe(false);
  });

  it('logout and a revoke close the connections of those sessions', async () => {
    const first = await signIn(app, 'staff@demo.example', '+966501234568');
    const second = await signIn(app, 'staff@demo.example', '+966501234568');
    const a = await connect(first);
    const b = await connect(second);
    // "Sign out everywhere" from the second session ends the first.
    expect((await second.call('DELETE', '/merchant/api/v1/auth/sessions')).status).toBe(200);
    expect(await a.closed()).toBe(4401);
    expect(b.isClosed()).toBe(false);
    await second.call('POST', '/merchant/api/v1/auth/logout', {});
    expect(await b.closed()).toBe(4401);
  });

  it('a member taken out of the team is disconnected, hears nothing more and cannot send', async () => {
    const { id, person: leaving } = await newMember('leaving@demo.example', '+966501230001');
    const c = await connect(leaving);
    const token = await chatTokenOf(leaving);
    c.socket.send(JSON.stringify({ type: 'send', body: 'still here', client_id: 'l-1' }));
    const ack = await c.next((f) => f.type === 'ack');
    expect((await admin.call('DELETE', `/merchant/api/v1/users/${id}`)).status).toBe(200);
    expect(await c.closed()).toBe(4403);
    // Nothing of the merchant's reaches it now, and a new connection is refused.
    const count = c.frames.length;
    await admin.call('POST', `${CHAT}/messages`, { channel_id: ack.message.channel_id, body: 'private' });
    expect(c.frames.length).toBe(count);
    expect(await (await connectChat(app, token)).closed()).toBe(4401);
    expect((await leaving.call('POST', `${CHAT}/messages`, { body: 'via http' })).status).toBe(403);
  });

  it('a role change keeps the connection and what it sees follows the new stores', async () => {
    const { id, person: moving } = await newMember('moving@demo.example', '+966501230002');
    const c = await connect(moving);
    const changed = await admin.call('PUT', `/merchant/api/v1/users/${id}`, {
      role: 'settlements',
      merchant_ids: ['mer-riyadh-style'],
    });
    expect(changed.status).toBe(200);
    c.socket.send(JSON.stringify({ type: 'send', body: 'after the change', client_id: 'm-1' }));
    await c.next((f) => f.type === 'ack' && f.client_id === 'm-1');
    expect(c.isClosed()).toBe(false);
    c.socket.terminate();
  });
});
