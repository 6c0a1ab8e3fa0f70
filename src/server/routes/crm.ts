/**
 * GET /merchant/api/v1/crm/applications/:id — where the app's `pipedrive/{applicationId}` route sends the browser:
 * the CRM's page of the application (CRM_APPLICATION_URL with the id in place of `{applicationId}`), for anyone
 * signed in (the CRM asks for its own sign-in); 404 naming the setting when no CRM is set up.
 */
import type { FastifyInstance } from 'fastify';
import { CrmLink } from '../../contract/crm';
import { crmApplicationUrl } from '../../domain/crm';
import { requireSession } from '../auth/session';
import { notFound } from '../errors';
import { answers } from '../openapi';

export async function crmRoutes(app: FastifyInstance, opts: { template: string | undefined }) {
  app.get<{ Params: { id: string } }>(
    '/merchant/api/v1/crm/applications/:id',
    {
      schema: {
        tags: ['crm'],
        summary: "The CRM's page of an application (pipedrive/{applicationId}); 404 when no CRM is set up",
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' } },
        },
        response: answers({ 200: CrmLink }),
      },
    },
    async (request) => {
      requireSession(request);
      if (!opts.template) throw notFound('no CRM is set up (CRM_APPLICATION_URL)');
      return { url: crmApplicationUrl(opts.template, request.params.id) };
    },
  );
}
