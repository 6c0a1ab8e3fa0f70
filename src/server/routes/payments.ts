/**
 * Orders and their payments (shell spec §2.6 `payments`, §6; issue 34; docs/orders.md). The spec names the web
 * routes, not the calls; these follow its merchant API's shape:
 *
 *   GET  /merchant/api/v1/payments                 a page of payments (filters, search, sort, page_token)
 *   GET  /merchant/api/v1/payments/totals          the filter's count and sums, per currency
 *   GET  /merchant/api/v1/payments/summary         sales today and in the last 7 days (the home)
 *   POST /merchant/api/v1/payments/export          the filtered list as CSV, streamed
 *   GET  /merchant/api/v1/payments/:id             one payment: items, customer, captures, refunds, timeline
 *   POST /merchant/api/v1/payments/:id/captures    capture part or all of what is authorised
 *   POST /merchant/api/v1/payments/:id/refunds     refund part or all of what is captured, with a reason
 *
 * Day filters are the caller's days (`tz_offset`, minutes east of UTC, the browser's); without it, UTC.
 */
import { getById } from './getById';
import type { FastifyInstance } from 'fastify';
import {
  CaptureBody,
  PaymentAnswer,
  PaymentExportBody,
  PaymentFilters,
  PaymentsPage,
  PaymentsQuery,
  PaymentTotals,
  RefundBody,
  SalesSummary,
  SummaryQuery,
} from '../../contract/payments';
import { accountOf } from '../auth/session';
import { answers, CSV_ANSWER, ID_PARAMS } from '../openapi';
import type { ExportWords, PaymentService } from '../services/payments';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isTimeZone, spreadsheetTime } from '../../domain/csv';
import { LANGUAGES, type Language } from '../../domain/language';
import { fieldError, refuseProblems } from '../errors';

const tags = ['payments'];

export async function paymentRoutes(
  app: FastifyInstance,
  opts: { payments: PaymentService; localesDir: string },
) {
  const { payments } = opts;
  // The export's words in each language, read once (the app's own orders texts: one wording of each).
  const words = Object.fromEntries(
    LANGUAGES.map((lang) => {
      const texts = JSON.parse(
        readFileSync(path.join(opts.localesDir, lang, 'orders.json'), 'utf8'),
      ) as ExportWords;
      return [lang, { csv: texts.csv, status: texts.status, product: texts.product }];
    }),
  ) as Record<Language, ExportWords>;
  const base = '/merchant/api/v1/payments';

  app.get<{ Querystring: PaymentsQuery }>(
    base,
    {
      schema: {
        tags,
        summary: 'A page of payments (newest first unless sorted otherwise)',
        querystring: PaymentsQuery,
        response: answers({ 200: PaymentsPage }),
      },
    },
    async (request) => payments.list(accountOf(request), request.query),
  );

  app.get<{ Querystring: PaymentFilters }>(
    `${base}/totals`,
    {
      schema: {
        tags,
        summary: 'How many payments the filters find and their sums, per currency',
        querystring: PaymentFilters,
        response: answers({ 200: PaymentTotals }),
      },
    },
    async (request) => payments.totals(accountOf(request), request.query),
  );

  app.get<{ Querystring: SummaryQuery }>(
    `${base}/summary`,
    {
      schema: {
        tags,
        summary: 'Sales today and in the last 7 days (the home’s tile), per currency',
        querystring: SummaryQuery,
        response: answers({ 200: SalesSummary }),
      },
    },
    async (request) => payments.sales(accountOf(request), request.query.tz_offset),
  );

  app.post<{ Body: PaymentExportBody }>(
    `${base}/export`,
    {
      schema: {
        tags,
        summary:
          'The payments of the filters as CSV (every page, newest first), streamed, for a spreadsheet: in the language and time zone asked',
        body: PaymentExportBody,
        response: answers(CSV_ANSWER),
      },
    },
    async (request, reply) => {
      const { lang = 'en', time_zone: timeZone = 'UTC', ...filters } = request.body ?? {};
      if (!isTimeZone(timeZone))
        refuseProblems({ '/time_zone': fieldError('validation:error.timeZone', { value: timeZone }) });
      const stream = await payments.export(accountOf(request), filters, { words: words[lang], timeZone });
      const day = spreadsheetTime(new Date(), timeZone).slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .send(stream);
    },
  );

  getById(
    app,
    `${base}/:id`,
    { tags, summary: 'One payment with its order, captures, refunds and timeline', answer: PaymentAnswer },
    (account, id) => payments.get(account, id),
  );

  app.post<{ Params: { id: string }; Body: CaptureBody }>(
    `${base}/:id/captures`,
    {
      schema: {
        tags,
        summary: 'Capture part or all of what is authorised (needs is_order_creation_allowed)',
        params: ID_PARAMS,
        body: CaptureBody,
        response: answers({ 200: PaymentAnswer }),
      },
    },
    async (request) => payments.capture(accountOf(request), request.params.id, request.body),
  );

  app.post<{ Params: { id: string }; Body: RefundBody }>(
    `${base}/:id/refunds`,
    {
      schema: {
        tags,
        summary: 'Refund part or all of what is captured (needs is_dispute_refund_allowed)',
        params: ID_PARAMS,
        body: RefundBody,
        response: answers({ 200: PaymentAnswer }),
      },
    },
    async (request) => payments.refund(accountOf(request), request.params.id, request.body),
  );
}
