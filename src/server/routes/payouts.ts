/**
 * Payouts (shell spec §2.6 `finance/payouts`, `payments/{paymentId}/payouts`; issue 35; docs/payouts.md). The
 * spec names the web routes, not the calls; these follow the orders' shape:
 *
 *   GET  /merchant/api/v1/payouts                        a page of completed payouts (filters, page_token)
 *   GET  /merchant/api/v1/payouts/totals                 the filter's count and sums, per currency
 *   POST /merchant/api/v1/payouts/export                 the filtered payouts as CSV
 *   GET  /merchant/api/v1/payouts/summary                the last payout and the next (the home's tile)
 *   GET  /merchant/api/v1/payouts/upcoming               what each store will be paid next (?merchant_id)
 *   GET  /merchant/api/v1/payouts/:id                    one payout: breakdown, bank account, lines
 *   GET  /merchant/api/v1/payouts/:id/transactions.csv   its lines as CSV, summing to its net
 *   GET  /merchant/api/v1/payments/:id/payouts           the payouts one payment was paid in
 */
import type { FastifyInstance } from 'fastify';
import {
  PaymentPayouts,
  PayoutAnswer,
  PayoutFilters,
  PayoutsPage,
  PayoutsQuery,
  PayoutSummary,
  PayoutTotals,
  UpcomingAnswer,
  UpcomingQuery,
} from '../../contract/payouts';
import { accountOf } from '../auth/session';
import { answers, CSV_ANSWER, ID_PARAMS } from '../openapi';
import type { PayoutService } from '../services/payouts';
import { getById } from './getById';

const tags = ['payouts'];

export async function payoutRoutes(app: FastifyInstance, opts: { payouts: PayoutService }) {
  const { payouts } = opts;
  const base = '/merchant/api/v1/payouts';

  app.get<{ Querystring: PayoutsQuery }>(
    base,
    {
      schema: {
        tags,
        summary: 'A page of payouts, newest payout day first',
        querystring: PayoutsQuery,
        response: answers({ 200: PayoutsPage }),
      },
    },
    async (request) => payouts.list(accountOf(request), request.query),
  );

  app.get<{ Querystring: PayoutFilters }>(
    `${base}/totals`,
    {
      schema: {
        tags,
        summary: 'How many payouts the filters find and their sums, per currency',
        querystring: PayoutFilters,
        response: answers({ 200: PayoutTotals }),
      },
    },
    async (request) => payouts.totals(accountOf(request), request.query),
  );

  app.post<{ Body: PayoutFilters }>(
    `${base}/export`,
    {
      schema: {
        tags,
        summary: 'The payouts of the filters as CSV (every page, newest first)',
        body: PayoutFilters,
        response: answers(CSV_ANSWER),
      },
    },
    async (request, reply) => {
      const stream = await payouts.export(accountOf(request), request.body ?? {});
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payouts-${day}.csv"`)
        .send(stream);
    },
  );

  app.get(
    `${base}/summary`,
    {
      schema: {
        tags,
        summary: 'The last payout sent and the next one planned (the home’s tile)',
        response: answers({ 200: PayoutSummary }),
      },
    },
    async (request) => payouts.summary(accountOf(request)),
  );

  app.get<{ Querystring: UpcomingQuery }>(
    `${base}/upcoming`,
    {
      schema: {
        tags,
        summary: 'What each store of a merchant will be paid over the next 31 days, and when',
        querystring: UpcomingQuery,
        response: answers({ 200: UpcomingAnswer }),
      },
    },
    async (request) => payouts.upcoming(accountOf(request), request.query.merchant_id),
  );

  getById(
    app,
    `${base}/:id`,
    {
      tags,
      summary: 'One payout: its breakdown, the bank account it went to, its captures and refunds',
      answer: PayoutAnswer,
    },
    (account, id) => payouts.get(account, id),
  );

  app.get<{ Params: { id: string } }>(
    `${base}/:id/transactions.csv`,
    {
      schema: {
        tags,
        summary: 'One payout’s transactions as CSV; the net column sums to the payout’s net',
        params: ID_PARAMS,
        response: answers(CSV_ANSWER),
      },
    },
    async (request, reply) => {
      const { csv, day } = await payouts.transactions(accountOf(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payout-${day}-${request.params.id}.csv"`)
        .send(csv);
    },
  );

  getById(
    app,
    '/merchant/api/v1/payments/:id/payouts',
    { tags, summary: 'The payouts one payment’s captures and refunds were paid in', answer: PaymentPayouts },
    (account, id) => payouts.ofPayment(account, id),
  );
}
