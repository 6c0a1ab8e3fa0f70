/**
 * A GET of one thing by its `:id` for the signed-in caller (a payment, a ticket, a legal entity, a store's
 * contract…): its words in the API document, its answer's schema and the service call that answers — written once
 * (issue 57), so a route file lists what it serves instead of repeating the same dozen lines a route.
 */
import type { FastifyInstance } from 'fastify';
import { accountOf } from '../auth/session';
import { answers, ID_PARAMS } from '../openapi';

export function getById(
  app: FastifyInstance,
  /** One address, or several that answer the same (a v1 and a v2 name). */
  path: string | string[],
  doc: { tags: string[]; summary: string; answer: unknown; params?: object },
  /** The service's answer for the caller's account and the id. */
  read: (accountId: string, id: string) => Promise<unknown>,
) {
  for (const one of [path].flat())
    app.get<{ Params: { id: string } }>(
      one,
      {
        schema: {
          tags: doc.tags,
          summary: doc.summary,
          params: doc.params ?? ID_PARAMS,
          response: answers({ 200: doc.answer }),
        },
      },
      async (request) => read(accountOf(request), request.params.id),
    );
}
