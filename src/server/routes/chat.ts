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
import { accountOf, requireSession } from '../auth/session';
import * as C from '../../contract/chat';
import type { Static } from '../../contract/common';
import { answers, ID_PARAMS } from '../openapi';
import type { ChatService } from '../services/chat';

const tags = ['support chat'];

export async function chatRoutes(app: FastifyInstance, opts: { chat: ChatService }) {
  const { chat } = opts;
  const base = '/merchant/api/v1/support/chat';
  const who = (request: FastifyRequest) => chat.identityOf(accountOf(request));

  app.get(
    '/merchant/api/v1/support/chat-token',
    {
      schema: {
        tags,
        summary:
          'A token to connect to the chat (10 minutes, while the session lasts), and who the chat shows the caller as',
        response: answers({ 200: C.Token }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      return chat.token(session.accountId, session.id);
    },
  );

  app.get(
    `${base}/state`,
    { schema: { tags, summary: 'Unread channels (the sidebar’s dot)', response: answers({ 200: C.State }) } },
    async (request) => chat.state(await who(request)),
  );

  app.get(
    `${base}/channels`,
    {
      schema: {
        tags,
        summary:
          'The caller’s merchants’ channels, latest first; for agents the open queue, longest waiting first',
        response: answers({ 200: C.Channels }),
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
        response: answers({ 200: C.ChannelMessages }),
      },
    },
    async (request) => chat.messages(await who(request), request.params.id, request.query.after),
  );

  app.post<{ Body: Static<typeof C.SendBody> }>(
    `${base}/messages`,
    {
      schema: {
        tags,
        summary: 'Sends a message (the same client_id twice is stored once)',
        body: C.SendBody,
        response: answers({ 201: C.Sent }),
      },
    },
    async (request, reply) => reply.code(201).send(await chat.send(await who(request), request.body)),
  );

  app.post<{ Params: { id: string }; Body: Static<typeof C.ReadBody> }>(
    `${base}/channels/:id/read`,
    {
      schema: {
        tags,
        summary: 'A read marker: the caller has seen the channel up to seq',
        params: ID_PARAMS,
        body: C.ReadBody,
        response: answers({ 200: C.State }),
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
        response: answers({ 200: C.ChannelAnswer }),
      },
    },
    async (request) => chat.close(await who(request), request.params.id),
  );
}
