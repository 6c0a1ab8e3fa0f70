/**
 * Payment links (shell spec §2.6 `service/pl-status/{paymentId}`, §6, §8; issue 34; docs/orders.md "Payment
 * links"). The spec names the status page, not the calls; these follow its merchant API's shape:
 *
 *   GET  /merchant/api/v1/payment-links              the links sent, newest first, by status, a page at a time
 *   POST /merchant/api/v1/payment-links              send a customer a link by SMS (is_order_creation_allowed)
 *   GET  /merchant/api/v1/payment-links/:id          where it stands: created, opened, paid, expired, cancelled
 *   POST /merchant/api/v1/payment-links/:id/cancel   cancel it while it is open
 */
import { getById } from './getById';
import type { FastifyInstance } from 'fastify';
import { CreateLinkBody, LinkAnswer, LinksPage, LinksQuery } from '../../contract/paymentLinks';
import { accountOf } from '../auth/session';
import { answers, ID_PARAMS } from '../openapi';
import type { PaymentLinkService } from '../services/paymentLinks';

const tags = ['payment-links'];

export async function paymentLinkRoutes(app: FastifyInstance, opts: { links: PaymentLinkService }) {
  const { links } = opts;
  const base = '/merchant/api/v1/payment-links';
  app.get<{ Querystring: LinksQuery }>(
    base,
    {
      schema: {
        tags,
        summary: 'The links sent from the merchant’s stores, newest first (an unpaid one is found again)',
        querystring: LinksQuery,
        response: answers({ 200: LinksPage }),
      },
    },
    async (request) => links.list(accountOf(request), request.query),
  );
  app.post<{ Body: CreateLinkBody }>(
    base,
    {
      schema: {
        tags,
        summary:
          'Sends a customer a payment link by SMS (400 with a §8 message when the order cannot be paid so)',
        body: CreateLinkBody,
        response: answers({ 200: LinkAnswer }),
      },
    },
    async (request) => links.create(accountOf(request), request.body),
  );
  getById(
    app,
    `${base}/:id`,
    { tags, summary: 'Where a payment link stands', answer: LinkAnswer },
    (account, id) => links.get(account, id),
  );
  app.post<{ Params: { id: string } }>(
    `${base}/:id/cancel`,
    {
      schema: {
        tags,
        summary: 'Cancels a payment link while it is open (409 once paid, expired or cancelled)',
        params: ID_PARAMS,
        body: { type: 'object', properties: {}, description: 'nothing (an empty object, or no body)' },
        response: answers({ 200: LinkAnswer }),
      },
    },
    async (request) => links.cancel(accountOf(request), request.params.id),
  );
}
