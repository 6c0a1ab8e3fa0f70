/**
 * The onboarding review console (issue 58; docs/review.md). The spec has the application's statuses and the
 * reasons, not the provider's side; these calls are ours, for the provider's onboarding reviewers only (anyone
 * else 403):
 *
 *   GET   /merchant/api/v1/review/applications               the queue (?status=&country=&q=&page=), 20 a page
 *   GET   /merchant/api/v1/review/applications/:id           one application: answers, what changed, reasons, history
 *   GET   /merchant/api/v1/review/applications/:id/document?pointer=  a document of its answers, inline
 *   POST  /merchant/api/v1/review/applications/:id/take      the reviewer takes it (in review); a second one: 409
 *   POST  /merchant/api/v1/review/applications/:id/release   lets go of it (waiting again)
 *   POST  /merchant/api/v1/review/applications/:id/approve
 *   POST  /merchant/api/v1/review/applications/:id/reject     { reason, note? }
 *   POST  /merchant/api/v1/review/applications/:id/send-back  { items: [{ reason, pointer }], note? }
 */
import contentDisposition from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { RejectBody, ReviewDetail, ReviewQueue, ReviewQueueQuery, SendBackBody } from '../../contract/review';
import { accountOf } from '../auth/session';
import { answers, FILE_BYTES, ID_PARAMS } from '../openapi';
import type { ReviewService } from '../services/review';

const tags = ['review'];
const BASE = '/merchant/api/v1/review/applications';

export async function reviewRoutes(app: FastifyInstance, opts: { review: ReviewService }) {
  const { review } = opts;

  app.get<{ Querystring: ReviewQueueQuery }>(
    BASE,
    {
      schema: {
        tags,
        summary: 'Reviewers: the submitted applications, longest waiting first, 20 a page',
        querystring: ReviewQueueQuery,
        response: answers({ 200: ReviewQueue }),
      },
    },
    async (request) => review.queue(accountOf(request), request.query),
  );

  app.get<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary:
          'Reviewers: one application, what changed since it was sent back, the reasons that concern it',
        params: ID_PARAMS,
        response: answers({ 200: ReviewDetail }),
      },
    },
    async (request) => review.get(accountOf(request), request.params.id),
  );

  app.get<{ Params: { id: string }; Querystring: { pointer: string } }>(
    `${BASE}/:id/document`,
    {
      schema: {
        tags,
        summary: 'Reviewers: a document of the application, to read inline (PDF or image)',
        params: ID_PARAMS,
        querystring: {
          type: 'object',
          required: ['pointer'],
          properties: { pointer: { type: 'string', minLength: 2, maxLength: 300, pattern: '^/' } },
          additionalProperties: false,
        },
        response: answers({ 200: { content: FILE_BYTES } }),
      },
    },
    async (request, reply) => {
      const file = await review.document(accountOf(request), request.params.id, request.query.pointer);
      // Inline, in a frame of the console only; nothing in it runs (an image or the browser's PDF viewer).
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', file.mimeType)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition.create(file.name, { type: 'inline' }))
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  // The moves without a body: each answers the application as it now stands, or 409 naming why not.
  const moves = [
    ['take', 'takes the application (in review); another reviewer’s, or one moved on: 409'],
    ['release', 'lets go of the application: it waits again'],
    ['approve', 'approves the application'],
  ] as const;
  for (const [move, summary] of moves)
    app.post<{ Params: { id: string } }>(
      `${BASE}/:id/${move}`,
      {
        schema: {
          tags,
          summary: `Reviewers: ${summary}`,
          params: ID_PARAMS,
          body: { type: 'object', properties: {}, description: 'nothing (an empty object, or no body)' },
          response: answers({ 200: ReviewDetail }),
        },
      },
      async (request) => review[move](accountOf(request), request.params.id),
    );

  app.post<{ Params: { id: string }; Body: RejectBody }>(
    `${BASE}/:id/reject`,
    {
      schema: {
        tags,
        summary:
          'Reviewers: rejects the application with a reason of the catalogue and a note to the merchant',
        params: ID_PARAMS,
        body: RejectBody,
        response: answers({ 200: ReviewDetail }),
      },
    },
    async (request) => review.reject(accountOf(request), request.params.id, request.body),
  );

  app.post<{ Params: { id: string }; Body: SendBackBody }>(
    `${BASE}/:id/send-back`,
    {
      schema: {
        tags,
        summary: 'Reviewers: sends the application back, each reason on an answer it concerns, with a note',
        params: ID_PARAMS,
        body: SendBackBody,
        response: answers({ 200: ReviewDetail }),
      },
    },
    async (request) => review.sendBack(accountOf(request), request.params.id, request.body),
  );
}
