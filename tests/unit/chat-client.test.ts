/**
 * The chat client (src/web/api/chat.ts) against a stand-in socket: the start failure is status 500, messages are
 * held once by number, a drop reconnects after the highest number held, a message sent while disconnected goes at
 * the next connection and leaves `pending` when acknowledged, a silent connection is replaced.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createChatClient,
  mergeMessages,
  PING_EVERY_MS,
  PONG_WAIT_MS,
  RECONNECT_DELAYS,
  type SocketLike,
} from '../../src/web/api/chat';
import { ApiError } from '../../src/web/api/client';
import { chatText, queueOrder, unreadState, type ChatMessage } from '../../src/domain/chat';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  frame(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

const message = (seq: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  seq,
  channel_id: 'ch-1',
  author: 'agent',
  author_name: 'Agent',
  body: `message ${seq}`,
  client_id: null,
  created_at: '2026-11-25T10:00:00.000Z',
  ...extra,
});

function setUp(token = vi.fn(async () => ({ token: 't', user: { user_id: 'u1', name: 'me@example.com' } }))) {
  const sockets: FakeSocket[] = [];
  let ids = 0;
  const client = createChatClient({
    token,
    connect: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    socketUrl: (t, after) => `ws://test/socket?token=${t}${after === null ? '' : `&after=${after}`}`,
    newId: () => `c${(ids += 1)}`,
    now: () => new Date('2026-11-25T10:00:00.000Z'),
  });
  return { client, sockets, token, state: () => client.store.getState() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the chat client', () => {
  it('holds each message once, oldest first', () => {
    expect(mergeMessages([message(3), message(1)], [message(2), message(3)]).map((m) => m.seq)).toEqual([
      1, 2, 3,
    ]);
  });

  it('starts: token, then the socket; the state and the newest number come from the first frame', async () => {
    const { client, sockets, state } = setUp();
    client.start('merchant');
    expect(state().status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('ws://test/socket?token=t');
    sockets[0]!.open();
    sockets[0]!.frame({
      type: 'state',
      unread_channel_ids: ['ch-1'],
      has_unread_messages: true,
      head_seq: 41,
    });
    expect(state()).toMatchObject({
      status: 'open',
      user: { user_id: 'u1', name: 'me@example.com' },
      state: { unread_channel_ids: ['ch-1'], has_unread_messages: true },
      lastSeq: 41,
    });
    client.stop();
  });

  it('a failed start is an error with status 500 (spec §2.9) until Try again', async () => {
    const token = vi.fn().mockRejectedValueOnce(new ApiError(502, 'bad gateway'));
    token.mockResolvedValue({ token: 't', user: { user_id: 'u1', name: 'n' } });
    const { client, sockets, state } = setUp(token);
    client.start('merchant');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().status).toBe('failed');
    expect(state().error?.status).toBe(500);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(token).toHaveBeenCalledTimes(1);
    client.retry();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    expect(state().status).toBe('open');
    expect(state().error).toBeNull();
    client.stop();
  });

  it('after a drop, a refusal of the token (403) is not tried again; a server error is', async () => {
    const token = vi.fn().mockResolvedValueOnce({ token: 't', user: { user_id: 'u1', name: 'n' } });
    token.mockRejectedValueOnce(new ApiError(502, 'bad gateway'));
    token.mockRejectedValue(new ApiError(403, 'forbidden'));
    const { client, sockets, state } = setUp(token);
    client.start('merchant');
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS[0]!);
    expect(token).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS[1]!);
    expect(token).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(token).toHaveBeenCalledTimes(3);
    expect(state().status).toBe('reconnecting');
    client.stop();
  });

  it('after a drop it reconnects asking for what came after the highest number, and drops duplicates', async () => {
    const { client, sockets, state } = setUp();
    client.start('merchant');
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.frame({ type: 'state', unread_channel_ids: [], has_unread_messages: false, head_seq: 5 });
    sockets[0]!.frame({ type: 'message', message: message(6) });
    sockets[0]!.drop();
    expect(state().status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS[0]!);
    expect(sockets[1]!.url).toBe('ws://test/socket?token=t&after=6');
    sockets[1]!.open();
    sockets[1]!.frame({ type: 'message', message: message(6) });
    sockets[1]!.frame({ type: 'message', message: message(7) });
    expect(state().messages['ch-1']!.map((m) => m.seq)).toEqual([6, 7]);
    expect(state().lastSeq).toBe(7);
    // The agent's messages make the channel unread for the merchant until read.
    expect(state().state).toEqual({ unread_channel_ids: ['ch-1'], has_unread_messages: true });
    client.stop();
  });

  it('a message written while disconnected waits, goes at the next connection, and leaves pending when acknowledged', async () => {
    const { client, sockets, state } = setUp();
    client.start('merchant');
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.drop();
    const id = client.send('Hello', null);
    expect(state().pending.map((p) => p.body)).toEqual(['Hello']);
    expect(sockets[0]!.sent.filter((f) => f.type === 'send')).toEqual([]);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS[0]!);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toContainEqual({ type: 'send', body: 'Hello', client_id: id });
    // The answer was lost with another drop: the same client id goes again; the server stores it once.
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS[0]!);
    sockets[2]!.open();
    expect(sockets[2]!.sent).toContainEqual({ type: 'send', body: 'Hello', client_id: id });
    sockets[2]!.frame({
      type: 'ack',
      client_id: id,
      message: message(9, { author: 'merchant', body: 'Hello', client_id: id }),
    });
    expect(state().pending).toEqual([]);
    expect(state().messages['ch-1']!.map((m) => m.body)).toEqual(['Hello']);
    client.stop();
  });

  it('a refused message stays with the reason until sent again or removed', async () => {
    const { client, sockets, state } = setUp();
    client.start('merchant');
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    const id = client.send('x', 'ch-1');
    sockets[0]!.frame({ type: 'error', client_id: id, status: 409, message: 'channel is closed' });
    expect(state().pending[0]!.failed).toEqual({ status: 409, message: 'channel is closed' });
    client.resend(id);
    expect(state().pending[0]!.failed).toBeUndefined();
    expect(sockets[0]!.sent.filter((f) => f.client_id === id)).toHaveLength(2);
    client.discard(id);
    expect(state().pending).toEqual([]);
    client.stop();
  });

  it('a message over the send limit (429) stays on its way and goes again after the wait the server named', async () => {
    const { client, sockets, state } = setUp();
    client.start('merchant');
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    const id = client.send('quick', 'ch-1');
    sockets[0]!.frame({
      type: 'error',
      client_id: id,
      status: 429,
      message: 'too many requests',
      retry_after: 2,
    });
    expect(state().pending[0]!.failed).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets[0]!.sent.filter((f) => f.client_id === id)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets[0]!.sent.filter((f) => f.client_id === id)).toHaveLength(2);
    client.stop();
  });

  it('a connection that stops answering pings is replaced', async () => {
    const { client, sockets, state } = setUp();
    client.start('merchant');
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    expect(sockets[0]!.sent).toContainEqual({ type: 'ping' });
    sockets[0]!.frame({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(PONG_WAIT_MS);
    expect(sockets).toHaveLength(1);
    // The next ping goes unanswered.
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    expect(state().status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS[0]!);
    expect(sockets).toHaveLength(2);
    client.stop();
  });

  it('stop forgets everything (logout)', async () => {
    const { client, sockets, state } = setUp();
    client.start('merchant');
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.frame({ type: 'message', message: message(3) });
    client.stop();
    expect(state()).toMatchObject({ status: 'idle', messages: {}, user: null, lastSeq: 0 });
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('the chat rules', () => {
  const channel = (id: string, last_author: 'merchant' | 'agent' | null, last_message_at: string) => ({
    id,
    last_author,
    last_message_at,
  });

  it('the agents’ queue: waiting for an answer first, longest waiting first; then the answered ones', () => {
    const order = queueOrder([
      channel('answered-old', 'agent', '2026-11-25T08:00:00.000Z'),
      channel('waiting-new', 'merchant', '2026-11-25T10:00:00.000Z'),
      channel('answered-new', 'agent', '2026-11-25T11:00:00.000Z'),
      channel('waiting-old', 'merchant', '2026-11-25T09:00:00.000Z'),
    ]).map((c) => c.id);
    expect(order).toEqual(['waiting-old', 'waiting-new', 'answered-old', 'answered-new']);
  });

  it('unread: the other side wrote after the reader’s marker; one’s own messages never count', () => {
    const channels = [
      { id: 'a', last_seq: 10, last_author: 'agent' as const },
      { id: 'b', last_seq: 12, last_author: 'merchant' as const },
      { id: 'c', last_seq: 7, last_author: 'agent' as const },
      { id: 'd', last_seq: 0, last_author: null },
    ];
    expect(unreadState(channels, { a: 9, c: 7 }, 'merchant')).toEqual({
      unread_channel_ids: ['a'],
      has_unread_messages: true,
    });
    expect(unreadState(channels, { b: 12 }, 'agent')).toEqual({
      unread_channel_ids: [],
      has_unread_messages: false,
    });
  });

  it('a message is trimmed text of 1 to 4,000 characters', () => {
    expect(chatText('  hi  ')).toBe('hi');
    expect(chatText('   ')).toBeNull();
    expect(chatText(42)).toBeNull();
    expect(chatText('x'.repeat(4000))).toHaveLength(4000);
    expect(chatText('x'.repeat(4001))).toBeNull();
  });
});
