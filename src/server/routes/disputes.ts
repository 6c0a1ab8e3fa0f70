/**
 * Disputes (onboarding spec §7 "Disputes"; docs/disputes.md). Paths are the spec's:
 *
 *   GET  /merchant/api/v1/disputes                       a page of disputes (filters, search, page_token)
 *   GET  /merchant/api/v1/disputes/active                how many are open (the sidebar's badge)
 *   GET  /merchant/api/v1/disputes/:id                   one dispute with its order, timeline and challenge
 *   POST /merchant/api/v1/disputes/:id/approve           refund the customer
 *   POST /merchant/api/v1/disputes/:id/challenge         challenge: reason, note, up to 5 images
 *   POST /merchant/api/v1/disputes/attachments/upload    one image (multipart field `asset`)
 *   POST /merchant/api/v1/disputes/export                the filtered list as CSV, streamed
 *
 * The caller's time zone for day filters comes from `tz_offset` (minutes east of UTC, the browser's), so a day
 * is the merchant's day; without it, UTC.
 */
import type { FastifyInstance } from 'fastify';
import {
  CHALLENGE_NOTE_MAX,
  CHALLENGE_REASONS,
  DISPUTE_ATTACHMENT_MAX_BYTES,
  DISPUTE_ATTACHMENTS_MAX,
  DISPUTE_STATUSES,
  DISPUTES_PAGE_SIZE,
  DISPUTES_PAGE_SIZE_MAX,
} from '../../domain/disputes';
import { requireSession } from '../auth/session';
import { answers, ID_PARAMS, open } from '../openapi';
import type { DisputeFilterInput, DisputeService } from '../services/disputes';
import type { FileService } from '../services/files';
import { imageUploadRoute } from './multipartFile';

const tags = ['disputes'];

const DISPUTE = open({
  id: { type: 'string' },
  merchant_id: { type: 'string' },
  store_id: { type: ['string', 'null'] },
  order_id: { type: 'string' },
  status: { type: 'string', enum: [...DISPUTE_STATUSES] },
  type: { type: 'string' },
  amount: { type: 'string', description: 'decimal, with the currency’s decimals' },
  currency: { type: 'string' },
  customer_name: { type: 'string' },
  created_at: { type: 'string' },
  updated_at: { type: 'string' },
  respond_by: { type: ['string', 'null'] },
  customer_note: { type: ['string', 'null'] },
  order: { type: ['object', 'null'], additionalProperties: true },
  timeline: { type: 'array', items: open({ at: { type: 'string' }, kind: { type: 'string' } }) },
  challenge: { type: ['object', 'null'], additionalProperties: true },
  can_act: { type: 'boolean', description: 'the caller may refund or challenge it now' },
});

const LIST = { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 50 } as const;
const FILTERS = {
  statuses: { ...LIST, description: `any of ${DISPUTE_STATUSES.join(', ')}; a list or comma-separated` },
  created_at_gte: { type: 'string', maxLength: 40, description: 'a day (yyyy-mm-dd) or an instant' },
  created_at_lte: {
    type: 'string',
    maxLength: 40,
    description: 'a day (its end, 23:59:59.999) or an instant',
  },
  merchant_ids: { ...LIST, description: 'some of the caller’s merchants (default: all of them)' },
  query: {
    type: 'string',
    maxLength: 100,
    description: 'part of a dispute id, an order id or a customer name',
  },
  tz_offset: { type: 'integer', minimum: -840, maximum: 840, description: 'minutes east of UTC' },
} as const;

type Filters = DisputeFilterInput & { tz_offset?: number };

export async function disputeRoutes(
  app: FastifyInstance,
  opts: { disputes: DisputeService; files: FileService },
) {
  const { disputes, files } = opts;
  const base = '/merchant/api/v1/disputes';
  const who = (request: Parameters<typeof requireSession>[0]) => requireSession(request).accountId;

  app.get<{ Querystring: Filters & { page_size?: number; page_token?: string } }>(
    base,
    {
      schema: {
        tags,
        summary: 'A page of disputes, newest first',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...FILTERS,
            page_size: {
              type: 'integer',
              minimum: 1,
              maximum: DISPUTES_PAGE_SIZE_MAX,
              default: DISPUTES_PAGE_SIZE,
            },
            page_token: { type: 'string', maxLength: 500 },
            request_id: { type: 'string' },
          },
        },
        response: answers({
          200: open({
            disputes: { type: 'array', items: DISPUTE },
            next_page_token: { type: ['string', 'null'] },
          }),
        }),
      },
    },
    async (request) => disputes.list(who(request), request.query, request.query.tz_offset),
  );

  app.get(
    `${base}/active`,
    {
      schema: {
        tags,
        summary: 'How many disputes are open (pending or in arbitration)',
        response: answers({
          200: open({ total: { type: 'integer' }, statuses: { type: 'array', items: { type: 'string' } } }),
        }),
      },
    },
    async (request) => disputes.active(who(request)),
  );

  app.get<{ Params: { id: string } }>(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'One dispute',
        params: ID_PARAMS,
        response: answers({ 200: open({ dispute: DISPUTE }) }),
      },
    },
    async (request) => disputes.get(who(request), request.params.id),
  );

  app.post<{ Params: { id: string } }>(
    `${base}/:id/approve`,
    {
      schema: {
        tags,
        summary: 'Refund the customer (a pending dispute; needs is_dispute_refund_allowed)',
        params: ID_PARAMS,
        body: { type: 'object', properties: {}, description: 'nothing (an empty object, or no body)' },
        response: answers({ 200: open({ dispute: DISPUTE }) }),
      },
    },
    async (request) => disputes.approve(who(request), request.params.id),
  );

  app.post<{ Params: { id: string }; Body: { reason: string; note?: string; attachments?: string[] } }>(
    `${base}/:id/challenge`,
    {
      schema: {
        tags,
        summary: 'Challenge a pending dispute (needs is_dispute_refund_allowed)',
        params: ID_PARAMS,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['reason'],
          properties: {
            reason: { type: 'string', enum: [...CHALLENGE_REASONS] },
            note: { type: 'string', maxLength: CHALLENGE_NOTE_MAX },
            attachments: {
              type: 'array',
              maxItems: DISPUTE_ATTACHMENTS_MAX,
              items: { type: 'string', maxLength: 2048 },
              description: 'addresses answered by the attachments upload',
            },
          },
        },
        response: answers({ 200: open({ dispute: DISPUTE }) }),
      },
    },
    async (request) => disputes.challenge(who(request), request.params.id, request.body),
  );

  app.post<{ Body: Filters }>(
    `${base}/export`,
    {
      schema: {
        tags,
        summary: 'The disputes of the filters as CSV (every page), streamed',
        body: { type: 'object', additionalProperties: false, properties: FILTERS },
        response: answers({ 200: { type: 'string', description: 'text/csv' } }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const stream = await disputes.export(who(request), body, body.tz_offset);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="disputes-${day}.csv"`)
        .send(stream);
    },
  );

  // Challenge images: one a request, in the multipart field `asset` (spec), JPEG or PNG, at most 5 MB.
  await imageUploadRoute(app, {
    path: `${base}/attachments/upload`,
    tags,
    summary: 'Uploads one image for a challenge (jpeg or png, told by its content; up to 5 MB)',
    files,
    limit: { bytes: DISPUTE_ATTACHMENT_MAX_BYTES, size: '5 MB' },
  });
}
