/**
 * Support tickets (onboarding spec §7 "Support"; docs/support.md). Paths are the spec's:
 *
 *   GET  /merchant/api/v1/support/tickets                  a page of tickets (filters, limit, offset)
 *   POST /merchant/api/v1/support/tickets                  open a ticket: topic, text, up to 5 images
 *   GET  /merchant/api/v1/support/tickets/:id              one ticket with its conversation
 *   POST /merchant/api/v1/support/tickets/:id/csat/like    rate a resolved ticket (body: note)
 *   POST /merchant/api/v1/support/tickets/:id/csat/dislike
 *   POST /merchant/api/v1/support/attachments/upload       one image (multipart field `asset`)
 *
 * Day filters are the caller's days: `tz_offset` is minutes east of UTC (the browser's); without it, UTC.
 */
import type { FastifyInstance } from 'fastify';
import {
  CSAT_NOTE_MAX,
  CSAT_STATES,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENTS_MAX,
  TICKET_STATUSES,
  TICKET_SUBJECT_MAX,
  TICKET_SUBJECT_MIN,
  TICKET_TEXT_MAX,
  TICKET_TOPICS,
  TICKETS_LIMIT,
  TICKETS_LIMIT_MAX,
} from '../../domain/support';
import { requireSession } from '../auth/session';
import { answers, ID_PARAMS, open } from '../openapi';
import type { FileService } from '../services/files';
import type { SupportService, TicketFilterInput } from '../services/support';
import { imageUploadRoute } from './multipartFile';

const tags = ['support'];

const TICKET = open({
  id: { type: 'string' },
  merchant_id: { type: 'string' },
  status: { type: 'string', enum: [...TICKET_STATUSES] },
  filter_status: {
    type: 'string',
    description: 'the list filter it is found under (hold, escalated: opened)',
  },
  topic: { type: 'string', enum: [...TICKET_TOPICS] },
  topics: { type: 'array', items: { type: 'string' } },
  title: { type: 'string', description: 'the first line of its first message' },
  opened_by: { type: ['string', 'null'] },
  csat: { type: 'string', enum: [...CSAT_STATES] },
  csat_note: { type: ['string', 'null'] },
  can_rate: { type: 'boolean', description: 'the caller may like or dislike it now' },
  created_at: { type: 'string' },
  updated_at: { type: 'string' },
});

const MESSAGE = open({
  id: { type: 'string' },
  author: { type: 'string', enum: ['merchant', 'agent'] },
  author_name: { type: 'string' },
  body: { type: 'string' },
  attachments: { type: 'array', items: open({ url: { type: 'string' }, name: { type: 'string' } }) },
  created_at: { type: 'string' },
});

const WITH_MESSAGES = open({ ticket: TICKET, messages: { type: 'array', items: MESSAGE } });

const LIST = { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 50 } as const;

const CSAT_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: { note: { type: 'string', maxLength: CSAT_NOTE_MAX } },
  description: 'an optional note (an empty object, or no body, for none)',
} as const;

type Filters = TicketFilterInput & { tz_offset?: number; limit?: number; offset?: number };

export async function supportRoutes(
  app: FastifyInstance,
  opts: { support: SupportService; files: FileService },
) {
  const { support, files } = opts;
  const base = '/merchant/api/v1/support';
  const who = (request: Parameters<typeof requireSession>[0]) => requireSession(request).accountId;

  app.get<{ Querystring: Filters }>(
    `${base}/tickets`,
    {
      schema: {
        tags,
        summary: 'A page of tickets, newest first',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            statuses: {
              ...LIST,
              description: `any of ${TICKET_STATUSES.join(', ')} (opened also finds hold and escalated)`,
            },
            topics: { ...LIST, description: `any of ${TICKET_TOPICS.join(', ')}` },
            created_at_gte: {
              type: 'string',
              maxLength: 40,
              description: 'a day (yyyy-mm-dd) or an instant',
            },
            created_at_lte: {
              type: 'string',
              maxLength: 40,
              description: 'a day (its end, 23:59:59.999) or an instant',
            },
            merchant_ids: { ...LIST, description: 'some of the caller’s merchants (default: all of them)' },
            tz_offset: { type: 'integer', minimum: -840, maximum: 840, description: 'minutes east of UTC' },
            limit: { type: 'integer', minimum: 1, maximum: TICKETS_LIMIT_MAX, default: TICKETS_LIMIT },
            offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
            request_id: { type: 'string' },
          },
        },
        response: answers({
          200: open({
            tickets: { type: 'array', items: TICKET },
            total: { type: 'integer' },
            offset: { type: 'integer' },
            limit: { type: 'integer' },
          }),
        }),
      },
    },
    async (request) => support.list(who(request), request.query, request.query.tz_offset),
  );

  app.post<{
    Body: { topic: string; subject?: string; text: string; attachments?: string[]; merchant_id?: string };
  }>(
    `${base}/tickets`,
    {
      schema: {
        tags,
        summary: 'Open a ticket',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['topic', 'text'],
          properties: {
            topic: { type: 'string', maxLength: 50, description: TICKET_TOPICS.join(', ') },
            subject: {
              type: 'string',
              maxLength: 1000,
              description: `the ticket's title, ${TICKET_SUBJECT_MIN}–${TICKET_SUBJECT_MAX} characters (default: the text's first line)`,
            },
            text: { type: 'string', maxLength: TICKET_TEXT_MAX },
            attachments: {
              type: 'array',
              maxItems: TICKET_ATTACHMENTS_MAX,
              items: { type: 'string', maxLength: 2048 },
              description: 'addresses answered by the attachments upload',
            },
            merchant_id: {
              type: 'string',
              maxLength: 100,
              description: 'default: the caller’s first merchant',
            },
          },
        },
        response: answers({ 201: WITH_MESSAGES }),
      },
    },
    async (request, reply) => reply.code(201).send(await support.open(who(request), request.body)),
  );

  app.get<{ Params: { id: string } }>(
    `${base}/tickets/:id`,
    {
      schema: {
        tags,
        summary: 'One ticket with its conversation',
        params: ID_PARAMS,
        response: answers({ 200: WITH_MESSAGES }),
      },
    },
    async (request) => support.get(who(request), request.params.id),
  );

  for (const [verb, csat] of [
    ['like', 'positive'],
    ['dislike', 'negative'],
  ] as const) {
    app.post<{ Params: { id: string }; Body: { note?: string } | undefined }>(
      `${base}/tickets/:id/csat/${verb}`,
      {
        schema: {
          tags,
          summary: `Rate a resolved ticket: ${verb} (once)`,
          params: ID_PARAMS,
          body: CSAT_BODY,
          response: answers({ 200: WITH_MESSAGES }),
        },
      },
      async (request) => support.rate(who(request), request.params.id, csat, request.body?.note),
    );
  }

  await imageUploadRoute(app, {
    path: `${base}/attachments/upload`,
    tags,
    summary: 'Uploads one image for a ticket (jpeg or png, told by its content; up to 5 MB)',
    files,
    limit: { bytes: TICKET_ATTACHMENT_MAX_BYTES, size: '5 MB' },
  });
}
