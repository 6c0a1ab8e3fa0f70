/**
 * The provider's addresses a merchant is shown (contract/siteLinks.ts), as the deployment set them:
 *   GET /merchant/api/v1/site-links    terms, privacy, marketplace, the app and its stores, the mailboxes (null: unset)
 *   GET /merchant-app/qr.svg           a QR code of MERCHANT_APP_URL for the sign-in page (404 when it is not set)
 *   GET /merchant/api/v1/error-reports where the browser reports its unexpected errors (a DSN, or null: none)
 *   GET /merchant/api/v1/session-replay where the browser sends its session recordings (null: it records nothing)
 * Public (sign-in reads them) and the same for everyone, so cached for five minutes.
 */
import type { FastifyInstance } from 'fastify';
import { renderSVG } from 'uqr';
import { SiteLinks } from '../../contract/siteLinks';
import { ErrorReportsConfig } from '../../contract/errorReports';
import { ReplayConfig } from '../../contract/sessionReplay';
import { HttpError } from '../errors';
import { answers } from '../openapi';

export async function siteLinkRoutes(
  app: FastifyInstance,
  opts: {
    siteLinks: SiteLinks;
    errorReports: { dsn: string; environment: string } | undefined;
    sessionReplay: { endpoint: string } | undefined;
    nodeEnv: string;
  },
) {
  const reports: ErrorReportsConfig = opts.errorReports ?? { dsn: null, environment: opts.nodeEnv };
  app.get(
    '/merchant/api/v1/error-reports',
    {
      schema: {
        tags: ['help'],
        summary: 'Where the browser reports its unexpected errors (null: nowhere)',
        response: answers({ 200: ErrorReportsConfig }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return reports;
    },
  );
  const replay: ReplayConfig = { endpoint: opts.sessionReplay?.endpoint ?? null };
  app.get(
    '/merchant/api/v1/session-replay',
    {
      schema: {
        tags: ['help'],
        summary: 'Where the browser sends its session recordings (null: nothing is recorded)',
        response: answers({ 200: ReplayConfig }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return replay;
    },
  );
  const qr = opts.siteLinks.merchant_app ? renderSVG(opts.siteLinks.merchant_app, { border: 1 }) : null;
  app.get(
    '/merchant/api/v1/site-links',
    {
      schema: {
        tags: ['help'],
        summary: 'The provider’s addresses a merchant is shown (null: not set, not shown)',
        response: answers({ 200: SiteLinks }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return opts.siteLinks;
    },
  );
  app.get(
    '/merchant-app/qr.svg',
    {
      schema: {
        tags: ['help'],
        summary: 'A QR code of the merchant app’s address (404 when none is set)',
        response: answers({ 200: { content: { 'image/svg+xml': { schema: { type: 'string' } } } } }),
      },
    },
    async (_request, reply) => {
      if (!qr) throw new HttpError(404, 'no merchant app address is set (MERCHANT_APP_URL)');
      return reply.header('cache-control', 'public, max-age=300').type('image/svg+xml').send(qr);
    },
  );
}
