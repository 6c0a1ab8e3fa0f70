/**
 * Live support chat over HTTP (shell spec §2.9; docs/chat.md): the token and who may have one, a merchant's
 * message reaching the agents' queue, the answer, unread state and read markers on both sides, a resend stored
 * once, missed messages asked for by number, a close — and every stored message announced through LISTEN/NOTIFY.
 */
import { describe, expect, it } from 'vitest';
import { createChatRepository } from '../../src/server/repositories/chat';
import { createChatHub, type ChatEvent } from '../../src/server/services/chat';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Json } from './setup/signIn';
import { chatTokenOf, connectChat } from './setup/chatSocket';

const { app, database } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app);

const C = '/merchant/api/v1/support/chat';
const admin = await signIn(app, 'admin@demo.example', '+966501234567'); // Riyadh Style, workspace admin
const staff = await signIn(app, 'staff@demo.example', '+966501234568'); // Riyadh Style, sales manager
const gadgets = await signIn(app, 'pending@demo.example', '+971501234567'); // Gulf Gadgets
const agent = await signIn(app, 'ops@demo.example', '+966500000999'); // the provider's ops

describe('the chat token', () => {
  it('is given to a member with merchant access and to an agent, with the name the chat shows', async () => {
    const mine = await admin.call('GET', '/merchant/api/v1/support/chat-token');
    expect(mine.status).toBe(200);
    expect(mine.body.user).toEqual({ user_id: 'acc-admin', name: 'admin@demo.example' });
    expect(mine.body.token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect((await agent.call('GET', '/merchant/api/v1/support/chat-token')).body.user.name).toBe('Huda');
    expect((await app.inject({ method: 'GET', url: '/merchant/api/v1/support/chat-token' })).statusCode).toBe(
      401,
    );
  });
});

describe('a conversation', () => {
  it('goes from the merchant to the agents’ queue and back, with unread state and read markers', async () => {
    const heard: ChatEvent[] = [];
    const hub = createChatHub({ listen: database.listen, repository: createChatRepository(database.db) });
    await hub.start();
    hub.subscribe((event) => heard.push(event));
    try {
      const sent = await admin.call('POST', `${C}/messages`, {
        body: '  Where is my payout?  ',
        client_id: 'm-1',
      });
      expect(sent.status).toBe(201);
      const first = sent.body.message;
      expect(first).toMatchObject({
        author: 'merchant',
        author_name: 'admin@demo.example',
        body: 'Where is my payout?',
      });

      // A resend after a dropped connection is the same message.
      const again = await admin.call('POST', `${C}/messages`, {
        body: 'Where is my payout?',
        client_id: 'm-1',
      });
      expect(again.body.message.seq).toBe(first.seq);

      const queue = await agent.call('GET', `${C}/channels`);
      const channel = queue.body.channels.find((c: Json) => c.id === first.channel_id);
      expect(channel).toMatchObject({
        merchant_name: 'Riyadh Style',
        status: 'open',
        last_author: 'merchant',
      });
      expect((await agent.call('GET', `${C}/state`)).body.unread_channel_ids).toContain(first.channel_id);
      expect((await admin.call('GET', `${C}/state`)).body).toEqual({
        unread_channel_ids: [],
        has_unread_messages: false,
      });

      const answer = await agent.call('POST', `${C}/messages`, {
        channel_id: first.channel_id,
        body: 'It leaves on Sunday.',
        client_id: 'a-1',
      });
      expect(answer.body.message).toMatchObject({ author: 'agent', author_name: 'Huda' });
      // The merchant's colleague sees it unread too; the admin reads it.
      expect((await staff.call('GET', `${C}/state`)).body).toEqual({
        unread_channel_ids: [first.channel_id],
        has_unread_messages: true,
      });
      const read = await admin.call('POST', `${C}/channels/${first.channel_id}/read`, {
        seq: answer.body.message.seq,
      });
      expect(read.body.has_unread_messages).toBe(false);
      expect((await staff.call('GET', `${C}/state`)).body.has_unread_messages).toBe(true);

      // What a reconnect asks for: everything after the last number it holds.
      const missed = await admin.call('GET', `${C}/channels/${first.channel_id}/messages?after=${first.seq}`);
      expect(missed.body.messages.map((m: Json) => m.body)).toEqual(['It leaves on Sunday.']);

      await expect.poll(() => heard.filter((e) => e.kind === 'message').length).toBe(2);
      expect(heard.map((e) => (e.kind === 'message' ? e.message.seq : 'closed'))).toEqual([
        first.seq,
        answer.body.message.seq,
      ]);

      const closed = await agent.call('POST', `${C}/channels/${first.channel_id}/close`);
      expect(closed.body.channel.status).toBe('closed');
      expect((await agent.call('POST', `${C}/channels/${first.channel_id}/close`)).status).toBe(409);
      expect(
        (await agent.call('POST', `${C}/messages`, { channel_id: first.channel_id, body: 'late' })).status,
      ).toBe(409);
      await expect.poll(() => heard.some((e) => e.kind === 'closed')).toBe(true);

      // The merchant writing again opens a new channel.
      const next = await admin.call('POST', `${C}/messages`, {
        channel_id: first.channel_id,
        body: 'One more thing',
      });
      expect(next.body.message.channel_id).not.toBe(first.channel_id);
    } finally {
      await hub.close();
    }
  });

  it('keeps merchants apart, and refuses a bad message or a close by a merchant', async () => {
    const sent = await admin.call('POST', `${C}/messages`, { body: 'Hello' });
    const id = sent.body.message.channel_id;
    expect((await gadgets.call('GET', `${C}/channels/${id}/messages`)).status).toBe(404);
    expect((await gadgets.call('POST', `${C}/channels/${id}/read`, { seq: 1 })).status).toBe(404);
    expect((await gadgets.call('GET', `${C}/channels`)).body.channels.map((c: Json) => c.id)).not.toContain(
      id,
    );
    expect((await admin.call('POST', `${C}/channels/${id}/close`)).status).toBe(403);
    const empty = await admin.call('POST', `${C}/messages`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.field_errors).toHaveProperty(['/body']);
    expect((await admin.call('POST', `${C}/messages`, { body: 'x'.repeat(4001) })).status).toBe(400);
    expect((await admin.call('GET', `${C}/channels/${id}/messages?after=-1`)).status).toBe(400);
  });
});

describe('the live connection', () => {
  const connect = (token: string, after?: number) => connectChat(app, token, after);
  const tokenOf = chatTokenOf;

  it('pushes a merchant’s message to the agent and the answer back; a reconnect gets what it missed', async () => {
    const merchant = await connect(await tokenOf(admin));
    const ops = await connect(await tokenOf(agent));
    await merchant.next((f) => f.type === 'state');
    merchant.socket.send(JSON.stringify({ type: 'send', body: 'Live hello', client_id: 'live-1' }));
    const ack = await merchant.next((f) => f.type === 'ack' && f.client_id === 'live-1');
    const pushed = await ops.next((f) => f.type === 'message' && f.message.seq === ack.message.seq);
    expect(pushed.message).toMatchObject({ body: 'Live hello', author: 'merchant' });

    // The merchant drops; the agent answers meanwhile; the merchant comes back asking after its last number.
    merchant.socket.terminate();
    ops.socket.send(
      JSON.stringify({
        type: 'send',
        channel_id: ack.message.channel_id,
        body: 'Answer while away',
        client_id: 'op-1',
      }),
    );
    const answered = await ops.next((f) => f.type === 'ack' && f.client_id === 'op-1');
    const back = await connect(await tokenOf(admin), ack.message.seq);
    const missed = await back.next((f) => f.type === 'message' && f.message.seq === answered.message.seq);
    expect(missed.message.body).toBe('Answer while away');
    const state = await back.next((f) => f.type === 'state');
    expect(state.unread_channel_ids).toContain(ack.message.channel_id);
    back.socket.send(
      JSON.stringify({ type: 'read', channel_id: ack.message.channel_id, seq: answered.message.seq }),
    );
    await back.next((f) => f.type === 'state' && f.has_unread_messages === false);

    // Another merchant hears nothing of it.
    const other = await connect(await tokenOf(gadgets));
    await other.next((f) => f.type === 'state');
    expect(other.frames.some((f) => f.type === 'message')).toBe(false);
    for (const s of [ops, back, other]) s.socket.terminate();
  });

  it('answers a ping with a pong, a bad frame with an error and a bad token by closing', async () => {
    const merchant = await connect(await tokenOf(admin));
    merchant.socket.send(JSON.stringify({ type: 'ping' }));
    await merchant.next((f) => f.type === 'pong');
    merchant.socket.send('not json');
    await merchant.next((f) => f.type === 'error' && f.status === 400);
    merchant.socket.send(JSON.stringify({ type: 'send', body: '  ', client_id: 'empty' }));
    await merchant.next((f) => f.type === 'error' && f.client_id === 'empty' && f.status === 400);
    merchant.socket.terminate();
    expect(await (await connect('forged.token')).closed()).toBe(4401);
  });

  it('answers a plain GET of the socket address (no upgrade) with 426 and the API error', async () => {
    const res = await app.inject({ method: 'GET', url: `${C}/socket` });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toMatchObject({ status: 426, message: 'upgrade_required' });
  });
});
