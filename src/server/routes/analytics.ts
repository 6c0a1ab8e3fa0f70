/**
 * Analytics (shell spec §2.6 `analytics`, `analytics/{country}/{metric}`; issue 36; docs/analytics.md). The spec
 * names the web routes, not the calls; these are ours:
 *
 *   GET  /merchant/api/v1/analytics          a range and the one before it: totals, a series, by store, by product
 *   POST /merchant/api/v1/analytics/export   the same as CSV: a row a period, the previous period beside it
 */
import type { FastifyInstance } from 'fastify';
import { AnalyticsAnswer, AnalyticsQuery } from '../../contract/analytics';
import { accountOf } from '../auth/session';
import { answers, CSV_ANSWER } from '../openapi';
import type { AnalyticsService } from '../services/analytics';

const tags = ['analytics'];

export async function analyticsRoutes(app: FastifyInstance, opts: { analytics: AnalyticsService }) {
  const { analytics } = opts;

  app.get<{ Querystring: AnalyticsQuery }>(
    '/merchant/api/v1/analytics',
    {
      schema: {
        tags,
        summary: 'GMV, AOV, orders, refunds and net sales of a range of days beside the range before it',
        querystring: AnalyticsQuery,
        response: answers({ 200: AnalyticsAnswer }),
      },
    },
    async (request) => analytics.report(accountOf(request), request.query),
  );

  app.post<{ Body: AnalyticsQuery }>(
    '/merchant/api/v1/analytics/export',
    {
      schema: {
        tags,
        summary: 'What the analytics page shows, as CSV: a row a period with the previous period beside it',
        body: AnalyticsQuery,
        response: answers(CSV_ANSWER),
      },
    },
    async (request, reply) => {
      const csv = await analytics.csv(accountOf(request), request.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="analytics-${request.body.from}-${request.body.to}.csv"`,
        )
        .send(csv);
    },
  );
}
