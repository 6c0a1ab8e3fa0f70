/**
 * GET /help-centre?lang=en|ar: where the app's "Help centre" links go. The provider's help site when
 * HELP_CENTRE_URL is set (`{lang}` replaced by the language), else the back office's own help page (/help). A
 * redirect rather than an address built into the app: a deployment changes its help site without a new build.
 */
import type { FastifyInstance } from 'fastify';

const QUERY = {
  type: 'object',
  properties: { lang: { type: 'string', maxLength: 10 } },
} as const;

export async function helpCentreRoutes(app: FastifyInstance, opts: { helpCentreUrl: string | undefined }) {
  app.get<{ Querystring: { lang?: string } }>(
    '/help-centre',
    {
      schema: {
        tags: ['help'],
        summary: 'Redirects to the help centre in the language asked for (en unless ar)',
        querystring: QUERY,
        response: { 302: { type: 'null', description: 'to the help centre' } },
      },
    },
    async (request, reply) => {
      const lang = request.query.lang === 'ar' ? 'ar' : 'en';
      const target = opts.helpCentreUrl
        ? opts.helpCentreUrl.replaceAll('{lang}', lang)
        : `/help?lang=${lang}`;
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );
}
