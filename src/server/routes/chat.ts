/**
 * Live support chat over HTTP (shell spec §2.9; docs/chat.md). The spec names the token call; the rest are ours:
 *
 *   GET  /merchant/api/v1/support/chat-token                        { token, user: { user_id, name } }
 *   GET  /merchant/api/v1/support/chat/state                        { unread_channel_ids, has_unread_messages }
 *   GET  /merchant/api/v1/support/chat/channels                     the merchant's channels; agents: the open queue
 *   GET  /merchant/api/v1/support/chat/channels/:id/messages?after  a channel's messages after a number
 *   POST /merchant/api/v1/support/chat/messages                     { channel_id?, body, client_id? }
 *   POST /merchant/api/v1/support/chat/channels/:id/read            { seq }: a read marker
 *   POST /merchant/api/v1/support/chat/channels/:id/close           an agent closes it
 *
 * A live connection (pushed messages, the same sends) comes with the WebSocket transport.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHAT_MESSAGE_MAX, CHAT_STATUSES } from '../../domain/chat';
import { requireSession } from '../auth/session';
import { answers, API_ERROR, ID_PARAMS, open } from '../openapi';
import { HttpError } from '../errors';
import { channelView, messageView, type ChatHub, type ChatService } from '../services/chat';

const tags = ['support chat'];

const MESSAGE = open({
  seq: { type: 'integer' },
  channel_id: { type: 'string' },
  author: { type: 'string', enum: ['merchant', 'agent'] },
  author_name: { type: 'string' },
  body: { type: 'string' },
  client_id: { type: ['string', 'null'] },
  created_at: { type: 'string' },
});

const CHANNEL = open({
  id: { type: 'string' },
  merchant_id: { type: 'string' },
  merchant_name: { type: 'string' },
  status: { type: 'string', enum: [...CHAT_STATUSES] },
  opened_by: { type: 'string' },
  last_seq: { type: 'integer' },
  last_author: { type: ['string', 'null'] },
  last_message_at: { type: 'string' },
  last_read_seq: { type: 'integer' },
});

const STATE = open({
  unread_channel_ids: { type: 'array', items: { type: 'string' } },
  has_unread_messages: { type: 'boolean' },
});

export async function chatRoutes(app: FastifyInstance, opts: { chat: ChatService }) {
  const { chat } = opts;
  const base = '/merchant/api/v1/support/chat';
  const who = (request: FastifyRequest) => chat.identityOf(requireSession(request).accountId);

  app.get(
    '/merchant/api/v1/support/chat-token',
    {
      schema: {
        tags,
        summary: 'A token to connect to the chat (10 minutes), and who the chat shows the caller as',
        response: answers({
          200: open({
            token: { type: 'string' },
            user: open({ user_id: { type: 'string' }, name: { type: 'string' } }),
          }),
        }),
      },
    },
    async (request) => chat.token(requireSession(request).accountId),
  );

  app.get(
    `${base}/state`,
    { schema: { tags, summary: 'Unread channels (the sidebar’s dot)', response: answers({ 200: STATE }) } },
    async (request) => chat.state(await who(request)),
  );

  app.get(
    `${base}/channels`,
    {
      schema: {
        tags,
        summary:
          'The caller’s merchants’ channels, latest first; for agents the open queue, longest waiting first',
        response: answers({ 200: open({ channels: { type: 'array', items: CHANNEL } }) }),
      },
    },
    async (request) => chat.channels(await who(request)),
  );

  app.get<{ Params: { id: string }; Querystring: { after?: number } }>(
    `${base}/channels/:id/messages`,
    {
      schema: {
        tags,
        summary: 'A channel’s messages after a number (a reconnect asks for what it missed)',
        params: ID_PARAMS,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            after: { type: 'integer', minimum: 0, default: 0 },
            request_id: { type: 'string' },
          },
        },
        response: answers({
          200: open({ channel: CHANNEL, messages: { type: 'array', items: MESSAGE } }),
        }),
      },
    },
    async (request) => chat.messages(await who(request), request.params.id, request.query.after),
  );

  app.post<{ Body: { channel_id?: string; body: string; client_id?: string } }>(
    `${base}/messages`,
    {
      schema: {
        tags,
        summary: 'Sends a message (the same client_id twice is stored once)',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['body'],
          properties: {
            channel_id: { type: 'string', maxLength: 100 },
            body: { type: 'string', maxLength: CHAT_MESSAGE_MAX + 100 },
            client_id: { type: 'string', minLength: 1, maxLength: 100 },
          },
        },
        response: answers({ 201: open({ message: MESSAGE }) }),
      },
    },
    async (request, reply) => reply.code(201).send(await chat.send(await who(request), request.body)),
  );

  app.post<{ Params: { id: string }; Body: { seq: number } }>(
    `${base}/channels/:id/read`,
    {
      schema: {
        tags,
        summary: 'A read marker: the caller has seen the channel up to seq',
        params: ID_PARAMS,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['seq'],
          properties: { seq: { type: 'integer', minimum: 0 } },
        },
        response: answers({ 200: STATE }),
      },
    },
    async (request) => chat.read(await who(request), request.params.id, request.body.seq),
  );

  app.post<{ Params: { id: string } }>(
    `${base}/channels/:id/close`,
    {
      schema: {
        tags,
        summary: 'An agent closes a channel',
        params: ID_PARAMS,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {},
          description: 'nothing (an empty object, or no body)',
        },
        response: answers({ 200: open({ channel: CHANNEL }) }),
      },
    },
    async (request) => chat.close(await who(request), request.params.id),
  );
}

/**
 * The live connection: `GET /merchant/api/v1/support/chat/socket?token=…&after=n` (WebSocket). The token is the
 * chat token (a browser cannot set headers on a WebSocket). Frames are JSON:
 *
 *   server → client  { type: 'state', unread_channel_ids, has_unread_messages, head_seq? }   at start (with
 *                                                   head_seq: the newest number the reader may see) and after
 *                                                   a read
 *                    { type: 'message', message }   every new message the reader may see (and, with `after`, the
 *                                                   ones after that number first: nothing lost over a drop)
 *                    { type: 'closed', channel }    an agent closed a channel
 *                    { type: 'ack', client_id, message } / { type: 'error', client_id?, status, message }
 *                    { type: 'pong' }   the answer to the client's ping
 *   client → server  { type: 'send', channel_id?, body, client_id }   { type: 'read', channel_id, seq }
 *                    { type: 'ping' }   (a browser cannot send a protocol ping; the server also pings every 30 s)
 *
 * A bad token closes the connection with code 4401.
 */
/** Frames held while a new connection's token is checked; more closes it (policy violation). */
const EARLY_FRAMES_MAX = 100;

/** How often the server pings each connection; one ping left unanswered ends it. */
export const CHAT_PING_MS = 30_000;

export async function chatSocketRoute(app: FastifyInstance, opts: { chat: ChatService; hub: ChatHub }) {
  const { chat, hub } = opts;
  // `wsHandler` rather than `websocket: true`: the latter hides the route from the OpenAPI document, and a plain
  // GET (no upgrade) deserves an answer that says what to do rather than a bare 404.
  app.route<{ Querystring: { token?: string; after?: string } }>({
    method: 'GET',
    url: '/merchant/api/v1/support/chat/socket',
    schema: {
      tags,
      summary: 'The live chat connection (WebSocket upgrade); frames as this file describes',
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          token: { type: 'string', maxLength: 2000, description: 'the chat token' },
          after: {
            type: 'string',
            pattern: '^\\d{1,15}$',
            description: 'replay the messages after this number',
          },
        },
      },
      response: {
        101: { description: 'switching to the WebSocket protocol', type: 'null' },
        '4XX': API_ERROR,
      },
    },
    handler: async () => {
      throw new HttpError(426, 'upgrade_required');
    },
    wsHandler: async (socket, request) => {
      // Frames the client sends while its token is being checked (a resend of what it wrote offline goes the
      // moment the connection opens) are held, not dropped: the listener must be there before the first await.
      const early: Buffer[] = [];
      let onFrame: ((raw: Buffer) => void) | null = null;
      socket.on('message', (raw: Buffer) => {
        if (onFrame) onFrame(raw);
        // More than a client has any reason to send in that moment: not a chat client.
        else if (early.push(raw) > EARLY_FRAMES_MAX) socket.close(1008, 'too many frames');
      });
      const who = await chat.verify(request.query.token ?? '');
      if (!who) {
        socket.close(4401, 'unauthorized');
        return;
      }
      const send = (frame: unknown) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      };
      // Subscribed before the replay, so nothing stored meanwhile falls between the two (the client dedupes by seq).
      const unsubscribe = hub.subscribe((event) => {
        if (event.kind === 'message') {
          if (chat.sees(who, event.merchantId))
            send({ type: 'message', message: messageView(event.message) });
        } else if (chat.sees(who, event.channel.merchantId))
          send({ type: 'closed', channel: channelView(event.channel) });
      });
      // Pings find connections that died without a close (a phone that lost its network): one unanswered ping
      // and the connection is ended, so the hub stops writing to it.
      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const pings = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, CHAT_PING_MS);
      socket.on('close', () => {
        clearInterval(pings);
        unsubscribe();
      });
      onFrame = (raw: Buffer) => {
        void (async () => {
          let frame: {
            type?: unknown;
            channel_id?: unknown;
            body?: unknown;
            client_id?: unknown;
            seq?: unknown;
          };
          try {
            frame = JSON.parse(raw.toString('utf8')) as typeof frame;
          } catch {
            return send({ type: 'error', status: 400, message: 'bad_request' });
          }
          const clientId = typeof frame.client_id === 'string' ? frame.client_id.slice(0, 100) : undefined;
          try {
            // The browser cannot send a protocol ping: it sends this frame to learn that the connection still
            // carries data, and reconnects when no answer comes.
            if (frame.type === 'ping') send({ type: 'pong' });
            else if (frame.type === 'send') {
              const { message } = await chat.send(who, {
                channel_id: typeof frame.channel_id === 'string' ? frame.channel_id : undefined,
                body: frame.body,
                client_id: clientId,
              });
              send({ type: 'ack', client_id: clientId ?? null, message });
            } else if (
              frame.type === 'read' &&
              typeof frame.channel_id === 'string' &&
              typeof frame.seq === 'number'
            ) {
              send({ type: 'state', ...(await chat.read(who, frame.channel_id, frame.seq)) });
            } else send({ type: 'error', client_id: clientId ?? null, status: 400, message: 'bad_request' });
          } catch (error) {
            const status = error instanceof HttpError ? error.status : 500;
            const message = error instanceof HttpError ? error.message : 'unknown';
            send({ type: 'error', client_id: clientId ?? null, status, message });
          }
        })();
      };
      early.splice(0).forEach(onFrame);
      send({ type: 'state', ...(await chat.opening(who)) });
      const after = Number(request.query.after);
      if (Number.isInteger(after) && after >= 0 && request.query.after !== undefined)
        for (const message of await chat.missed(who, after)) send({ type: 'message', message });
    },
  });
}
