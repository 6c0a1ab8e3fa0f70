/**
 * The remote status message (shell spec §8; onboarding spec §7; docs/dashboard.md):
 *
 *   GET /merchant/api/v1/remote-config/web_status_message   any signed-in member (the home reads it)
 *   PUT /merchant/api/v1/remote-config/web_status_message   ops only (the status page of the staff area)
 */
import type { FastifyInstance } from 'fastify';
import { StatusMessageAnswer, StatusMessageBody } from '../../contract/remoteConfig';
import { requireSession } from '../auth/session';
import { HttpError } from '../errors';
import { answers } from '../openapi';
import type { RemoteConfigService } from '../services/remoteConfig';

const tags = ['remote-config'];

export async function remoteConfigRoutes(
  app: FastifyInstance,
  opts: { remoteConfig: RemoteConfigService; isOps: (accountId: string) => Promise<boolean> },
) {
  const path = '/merchant/api/v1/remote-config/web_status_message';
  app.get(
    path,
    {
      schema: {
        tags,
        summary: 'The status message every merchant’s home shows while it is active',
        response: answers({ 200: StatusMessageAnswer }),
      },
    },
    async (request) => {
      requireSession(request);
      return { web_status_message: await opts.remoteConfig.statusMessage() };
    },
  );
  app.put<{ Body: StatusMessageBody }>(
    path,
    {
      schema: {
        tags,
        summary: 'Sets the status message (ops only)',
        body: StatusMessageBody,
        response: answers({ 200: StatusMessageAnswer }),
      },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      if (!(await opts.isOps(accountId))) throw new HttpError(403, 'forbidden');
      return { web_status_message: await opts.remoteConfig.setStatusMessage(accountId, request.body) };
    },
  );
}
