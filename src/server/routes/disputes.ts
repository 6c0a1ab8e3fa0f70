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
import { getById } from './getById';
import type { FastifyInstance } from 'fastify';
import { DISPUTE_ATTACHMENT_MAX_BYTES } from '../../domain/disputes';
import {
  ActiveDisputes,
  ChallengeBody,
  DisputeAnswer,
  DisputeFilters,
  DisputesPage,
  DisputesQuery,
} from '../../contract/disputes';
import { accountOf } from '../auth/session';
import { answers, CSV_ANSWER, ID_PARAMS } from '../openapi';
import type { DisputeService } from '../services/disputes';
import type { FileService } from '../services/files';
import { imageUploadRoute } from './multipartFile';

const tags = ['disputes'];

export async function disputeRoutes(
  app: FastifyInstance,
  opts: { disputes: DisputeService; files: FileService },
) {
  const { disputes, files } = opts;
  const base = '/merchant/api/v1/disputes';

  app.get<{ Querystring: DisputesQuery }>(
    base,
    {
      schema: {
        tags,
        summary: 'A page of disputes, newest first',
        querystring: DisputesQuery,
        response: answers({ 200: DisputesPage }),
      },
    },
    async (request) => disputes.list(accountOf(request), request.query, request.query.tz_offset),
  );

  app.get(
    `${base}/active`,
    {
      schema: {
        tags,
        summary: 'How many disputes are open (pending or in arbitration)',
        response: answers({ 200: ActiveDisputes }),
      },
    },
    async (request) => disputes.active(accountOf(request)),
  );

  getById(app, `${base}/:id`, { tags, summary: 'One dispute', answer: DisputeAnswer }, (account, id) =>
    disputes.get(account, id),
  );

  app.post<{ Params: { id: string } }>(
    `${base}/:id/approve`,
    {
      schema: {
        tags,
        summary: 'Refund the customer (a pending dispute; needs is_dispute_refund_allowed)',
        params: ID_PARAMS,
        body: { type: 'object', properties: {}, description: 'nothing (an empty object, or no body)' },
        response: answers({ 200: DisputeAnswer }),
      },
    },
    async (request) => disputes.approve(accountOf(request), request.params.id),
  );

  app.post<{ Params: { id: string }; Body: ChallengeBody }>(
    `${base}/:id/challenge`,
    {
      schema: {
        tags,
        summary: 'Challenge a pending dispute (needs is_dispute_refund_allowed)',
        params: ID_PARAMS,
        body: ChallengeBody,
        response: answers({ 200: DisputeAnswer }),
      },
    },
    async (request) => disputes.challenge(accountOf(request), request.params.id, request.body),
  );

  app.post<{ Body: DisputeFilters }>(
    `${base}/export`,
    {
      schema: {
        tags,
        summary: 'The disputes of the filters as CSV (every page), streamed',
        body: DisputeFilters,
        response: answers(CSV_ANSWER),
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const stream = await disputes.export(accountOf(request), body, body.tz_offset);
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
