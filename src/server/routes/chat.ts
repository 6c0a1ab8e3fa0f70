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
 * The live connection (pushed messages, the same sends) is in chatSocket.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHAT_MESSAGE_MAX, CHAT_STATUSES } from '../../domain/chat';
import { requireSession } from '../auth/session';
import { answers, ID_PARAMS, open } from '../openapi';
import type { ChatService } from '../services/chat';

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
        summary:
          'A token to connect to the chat (10 minutes, while the session lasts), and who the chat shows the caller as',
        response: answers({
          200: open({
            token: { type: 'string' },
            user: open({ user_id: { type: 'string' }, name: { type: 'string' } }),
          }),
        }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      return chat.token(session.accountId, session.id);
    },
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
