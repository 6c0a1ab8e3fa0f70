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
import { getById } from './getById';
import type { FastifyInstance } from 'fastify';
import { TICKET_ATTACHMENT_MAX_BYTES } from '../../domain/support';
import {
  CsatBody,
  OpenTicketBody,
  TicketsPage,
  TicketsQuery,
  TicketWithMessages,
} from '../../contract/support';
import { accountOf } from '../auth/session';
import { answers, ID_PARAMS } from '../openapi';
import type { FileService } from '../services/files';
import type { SupportService } from '../services/support';
import { imageUploadRoute } from './multipartFile';

const tags = ['support'];

export async function supportRoutes(
  app: FastifyInstance,
  opts: { support: SupportService; files: FileService },
) {
  const { support, files } = opts;
  const base = '/merchant/api/v1/support';

  app.get<{ Querystring: TicketsQuery }>(
    `${base}/tickets`,
    {
      schema: {
        tags,
        summary: 'A page of tickets, newest first',
        querystring: TicketsQuery,
        response: answers({ 200: TicketsPage }),
      },
    },
    async (request) => support.list(accountOf(request), request.query, request.query.tz_offset),
  );

  app.post<{ Body: OpenTicketBody }>(
    `${base}/tickets`,
    {
      schema: {
        tags,
        summary: 'Open a ticket',
        body: OpenTicketBody,
        response: answers({ 201: TicketWithMessages }),
      },
    },
    async (request, reply) => reply.code(201).send(await support.open(accountOf(request), request.body)),
  );

  getById(
    app,
    `${base}/tickets/:id`,
    { tags, summary: 'One ticket with its conversation', answer: TicketWithMessages },
    (account, id) => support.get(account, id),
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
          body: CsatBody,
          response: answers({ 200: TicketWithMessages }),
        },
      },
      async (request) => support.rate(accountOf(request), request.params.id, csat, request.body?.note),
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
