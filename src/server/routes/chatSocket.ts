/**
 * The live chat connection: `GET /merchant/api/v1/support/chat/socket?token=…&after=n` (WebSocket; docs/chat.md).
 * The token is the chat token (a browser cannot set headers on a WebSocket). Frames are JSON:
 *
 *   server → client  { type: 'state', unread_channel_ids, has_unread_messages, head_seq? }   at start (with
 *                                                   head_seq: the newest number the reader may see) and after
 *                                                   a read
 *                    { type: 'message', message }   every new message the reader may see (and, with `after`, the
 *                                                   ones after that number first: nothing lost over a drop)
 *                    { type: 'closed', channel }    an agent closed a channel
 *                    { type: 'ack', client_id, message } / { type: 'error', client_id?, status, message,
 *                                                   retry_after? }  (429: seconds until a send may pass)
 *                    { type: 'pong' }   the answer to the client's ping
 *   client → server  { type: 'send', channel_id?, body, client_id? }   { type: 'read', channel_id, seq }
 *                    { type: 'ping' }   (a browser cannot send a protocol ping; the server also pings every 30 s)
 *
 * What a connection may not do (the reason is in the close frame):
 * - A frame that is not JSON, not a plain object of a known type, or whose fields are not what that type takes,
 *   is answered with an `error` frame (400) and nothing else happens — before anything reads a field of it.
 * - Frames are handled one at a time, in order; at most FRAME_QUEUE_MAX wait, and a connection sending frames
 *   faster than FRAME_RATE allows is closed (1008): one connection's flood is its own queue, not everybody's.
 * - Sends pass the account's limit (CHAT_SEND_RATE, shared with HTTP and every server): over it, an `error`
 *   frame with status 429; a connection that goes on sending over the limit (REFUSALS_BEFORE_CLOSE in a row) is
 *   closed (1008).
 * - The holder is checked again before every send and read, when the hub hears their access or session changed,
 *   and at every ping: once they may no longer chat the connection is closed — 4401 for an ended session, 4403
 *   for access taken away. A bad token closes it with 4401 at once.
 * - No failure of this handler reaches the process: each is logged and answered with an `error` frame (500).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { Ajv } from 'ajv';
import { CHAT_MESSAGE_MAX } from '../../domain/chat';
import { API_ERROR } from '../openapi';
import { HttpError } from '../errors';
import { findLoneSurrogate, findNul } from '../nulCheck';
import {
  messageView,
  channelView,
  type ChatHub,
  type ChatIdentity,
  type ChatService,
} from '../services/chat';

const tags = ['support chat'];

/** Frames waiting to be handled, those sent while the token is checked included; one more closes the connection. */
export const FRAME_QUEUE_MAX = 32;
/** Frames of any type one connection may send: ten a second on average, forty at once. */
export const FRAME_RATE = { perSecond: 10, burst: 40 };
/** Sends refused for the account's limit, one after another, before the connection is closed. */
export const REFUSALS_BEFORE_CLOSE = 10;
/** Live connections one account may hold on one server (a tab each). */
export const SOCKETS_PER_ACCOUNT = 20;
/** How often the server pings each connection (and checks its holder again); one ping left unanswered ends it. */
export const CHAT_PING_MS = 30_000;

/** What a client may send, checked before anything reads a field: a plain object of a known type. */
export type ClientFrame =
  | { type: 'ping' }
  | { type: 'send'; channel_id?: string; body: string; client_id?: string }
  | { type: 'read'; channel_id: string; seq: number };

const ID = { type: 'string', minLength: 1, maxLength: 100 } as const;
const CLIENT_FRAME = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string' } },
  discriminator: { propertyName: 'type' },
  oneOf: [
    { properties: { type: { const: 'ping' } } },
    {
      required: ['body'],
      properties: {
        type: { const: 'send' },
        channel_id: ID,
        // Checked as a message (trimmed, at most CHAT_MESSAGE_MAX characters) by the service, which names it.
        body: { type: 'string', maxLength: CHAT_MESSAGE_MAX + 100 },
        client_id: ID,
      },
    },
    {
      required: ['channel_id', 'seq'],
      properties: {
        type: { const: 'read' },
        channel_id: ID,
        seq: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
      },
    },
  ],
};
const validFrame = new Ajv({ discriminator: true, strict: true }).compile<ClientFrame>(CLIENT_FRAME);

/**
 * Reads a client's frame.
 * @returns - the frame, or the refusal to answer with (and the frame's `client_id` when one can be read)
 */
export function parseClientFrame(
  raw: string,
): { frame: ClientFrame } | { refused: { status: 400; message: string; client_id: string | null } } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { refused: { status: 400, message: 'bad_request', client_id: null } };
  }
  const object = value !== null && typeof value === 'object' && !Array.isArray(value);
  const given = object ? (value as { client_id?: unknown }).client_id : undefined;
  const clientId = typeof given === 'string' && given.length <= 100 ? given : null;
  // PostgreSQL stores neither a NUL nor half a surrogate pair: refused here, as the HTTP routes refuse them.
  if (!validFrame(value) || findNul(value) !== null || findLoneSurrogate(value) !== null)
    return { refused: { status: 400, message: 'bad_request', client_id: clientId } };
  return { frame: value };
}

/** A token bucket in memory (one connection's frames). */
function localBucket(rate: { perSecond: number; burst: number }, now = () => Date.now()) {
  let tokens: number = rate.burst;
  let at = now();
  return () => {
    const t = now();
    tokens = Math.min(rate.burst, tokens + ((t - at) / 1000) * rate.perSecond);
    at = t;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** Connections open per account on this server, up to a most: `take` one (false past the most), `give` it back. */
function openCounts(most: number) {
  const open = new Map<string, number>();
  return {
    take(accountId: string) {
      const held = open.get(accountId) ?? 0;
      if (held >= most) return false;
      open.set(accountId, held + 1);
      return true;
    },
    give(accountId: string) {
      const count = (open.get(accountId) ?? 1) - 1;
      if (count > 0) open.set(accountId, count);
      else open.delete(accountId);
    },
  };
}

/** The socket's address as the OpenAPI document lists it: its token, where to replay from, the upgrade. */
const SOCKET_SCHEMA = {
  tags,
  summary:
    'The live chat connection (WebSocket upgrade); frames as src/server/routes/chatSocket.ts describes',
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
};

export async function chatSocketRoute(app: FastifyInstance, opts: { chat: ChatService; hub: ChatHub }) {
  const { chat, hub } = opts;
  /** Open connections per account on this server. */
  const open = openCounts(SOCKETS_PER_ACCOUNT);

  // `wsHandler` rather than `websocket: true`: the latter hides the route from the OpenAPI document, and a plain
  // GET (no upgrade) deserves an answer that says what to do rather than a bare 404.
  app.route<{ Querystring: { token?: string; after?: string } }>({
    method: 'GET',
    url: '/merchant/api/v1/support/chat/socket',
    schema: SOCKET_SCHEMA,
    handler: async () => {
      throw new HttpError(426, 'upgrade_required');
    },
    wsHandler: (socket, request) => {
      connection(socket, request.log, request.query).catch((error: unknown) => {
        request.log.error({ err: error }, 'chat connection failed');
        socket.close(1011, 'server error');
      });
    },
  });

  async function connection(
    socket: WebSocket,
    log: FastifyBaseLogger,
    query: { token?: string; after?: string },
  ): Promise<void> {
    let ended = false;
    const end = (code: number, reason: string) => {
      if (ended) return;
      ended = true;
      queue.length = 0;
      socket.close(code, reason);
    };
    const send = (frame: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    };

    // Frames the client sends while its token is checked (a resend of what it wrote offline goes the moment the
    // connection opens) wait in the queue: the listener must be there before the first await.
    const queue: { raw: Buffer; binary: boolean }[] = [];
    const frameAllowed = localBucket(FRAME_RATE);
    let who: ChatIdentity | null = null;
    let busy = false;
    let refusals = 0;

    const pump = () => {
      if (busy || ended || !who) return;
      const next = queue.shift();
      if (!next) return;
      busy = true;
      handle(next.binary ? null : next.raw.toString('utf8'))
        .catch((error: unknown) => {
          log.error({ err: error }, 'a chat frame failed');
          send({ type: 'error', client_id: null, status: 500, message: 'unknown' });
        })
        .finally(() => {
          busy = false;
          pump();
        });
    };
    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      if (ended) return;
      if (!frameAllowed() || queue.length >= FRAME_QUEUE_MAX) return end(1008, 'too many frames');
      queue.push({ raw, binary: isBinary });
      pump();
    });
    socket.on('error', (error) => log.warn({ err: error }, 'chat socket error'));

    /** Whether the holder may still chat; closes the connection when not. */
    const stillAllowed = async (): Promise<boolean> => {
      if (!who || ended) return false;
      const now = await chat.recheck(who);
      if (ended) return false;
      if ('refused' in now) {
        if (now.refused === 'session') end(4401, 'unauthorized');
        else end(4403, 'forbidden');
        return false;
      }
      who = now.identity;
      return true;
    };

    /** One frame (null: a binary one, which no chat frame is). */
    async function handle(text: string | null) {
      const parsed =
        text === null
          ? ({ refused: { status: 400, message: 'bad_request', client_id: null } } as const)
          : parseClientFrame(text);
      if ('refused' in parsed) return send({ type: 'error', ...parsed.refused });
      const { frame } = parsed;
      const clientId = frame.type === 'send' ? (frame.client_id ?? null) : null;
      try {
        // The browser cannot send a protocol ping: it sends this frame to learn that the connection still
        // carries data, and reconnects when no answer comes.
        if (frame.type === 'ping') return send({ type: 'pong' });
        if (!(await stillAllowed())) return;
        if (frame.type === 'send') {
          const { message } = await chat.send(who!, {
            channel_id: frame.channel_id,
            body: frame.body,
            client_id: frame.client_id,
          });
          refusals = 0;
          send({ type: 'ack', client_id: clientId, message });
        } else send({ type: 'state', ...(await chat.read(who!, frame.channel_id, frame.seq)) });
      } catch (error) {
        if (!(error instanceof HttpError)) log.error({ err: error }, 'a chat frame failed');
        const status = error instanceof HttpError ? error.status : 500;
        send({
          type: 'error',
          client_id: clientId,
          status,
          message: error instanceof HttpError ? error.message : 'unknown',
          ...(error instanceof HttpError && error.extra ? error.extra : {}),
        });
        if (status === 429 && (refusals += 1) >= REFUSALS_BEFORE_CLOSE) end(1008, 'rate limit');
      }
    }

    const verified = await chat.verify(query.token ?? '');
    if (!verified) return end(4401, 'unauthorized');
    if (ended) return;
    if (!open.take(verified.accountId)) return end(1008, 'too many connections');
    who = verified;

    // Subscribed before the replay, so nothing stored meanwhile falls between the two (the client dedupes by seq).
    const unsubscribe = hub.subscribe((event) => {
      if (!who || ended) return;
      if (event.kind === 'access') {
        if (event.accountId === who.accountId || event.sessionId === who.sessionId)
          void stillAllowed().catch((error: unknown) =>
            log.error({ err: error }, 'chat access check failed'),
          );
      } else if (event.kind === 'message') {
        if (chat.sees(who, event.merchantId)) send({ type: 'message', message: messageView(event.message) });
      } else if (chat.sees(who, event.channel.merchantId))
        send({ type: 'closed', channel: channelView(event.channel) });
    });
    // Pings find connections that died without a close (a phone that lost its network): one unanswered ping
    // and the connection is ended, so the hub stops writing to it. Each also checks the holder again (a session
    // that expired while connected).
    let alive = true;
    socket.on('pong', () => {
      alive = true;
    });
    const pings = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
      void stillAllowed().catch((error: unknown) => log.error({ err: error }, 'chat access check failed'));
    }, CHAT_PING_MS);
    const release = () => {
      clearInterval(pings);
      unsubscribe();
      open.give(verified.accountId);
    };
    if (socket.readyState !== socket.OPEN) return release();
    socket.on('close', () => {
      ended = true;
      release();
    });

    pump();
    send({ type: 'state', ...(await chat.opening(verified)) });
    const after = Number(query.after);
    if (Number.isInteger(after) && after >= 0 && query.after !== undefined)
      for (const message of await chat.missed(verified, after)) send({ type: 'message', message });
  }
}
