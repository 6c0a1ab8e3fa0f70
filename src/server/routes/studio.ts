/**
 * The form studio's calls (ours; docs/studio.md). Every one needs a signed-in account with the `ops` staff
 * role: 401 without a session, 403 for anyone else — checked once, in this plugin's own hook, for every route it
 * holds now or later.
 *
 *   GET    /merchant/api/v1/studio/flows                                 flows, current versions, own edits
 *   GET    /merchant/api/v1/studio/flows/:flow/versions                  a flow's versions, newest first
 *   GET    /merchant/api/v1/studio/flows/:flow/versions/:version         a version's content
 *   GET    /merchant/api/v1/studio/flows/:flow/versions/:version/files   a version as schemas/ and locales/ files
 *   GET    /merchant/api/v1/studio/flows/:flow/diff?from=&to=            two versions' changes, classified
 *   GET    /merchant/api/v1/studio/flows/:flow/working-copy              the caller's edits (or the current content)
 *   PUT    /merchant/api/v1/studio/flows/:flow/working-copy              store edits; answers the review (lint)
 *   DELETE /merchant/api/v1/studio/flows/:flow/working-copy              discard edits
 *   GET    /merchant/api/v1/studio/flows/:flow/review                    the edits reviewed, drafts replayed
 *   POST   /merchant/api/v1/studio/flows/:flow/preview                   the edits compiled for the preview
 *   GET    /merchant/api/v1/studio/preview/:version/*                    a preview's manifest and step modules
 *   POST   /merchant/api/v1/studio/flows/:flow/publish                   publish the edits
 *   GET    /merchant/api/v1/studio/flows/:flow/rollback?to=              what moving back would do
 *   POST   /merchant/api/v1/studio/flows/:flow/rollback                  move the pointer back
 *   PUT    /merchant/api/v1/studio/flows/:flow/rollout                   widen or narrow a staged rollout (100: finish it)
 *   POST   /merchant/api/v1/studio/flows/:flow/rollout/withdraw          withdraw a staged rollout
 *   GET    /merchant/api/v1/studio/audit?flow=&limit=&offset=            who moved which pointer when
 *   GET    /merchant/api/v1/studio/flows/:flow/insights?version=&against=&lang=&device=   form insights
 *   GET    /merchant/api/v1/studio/alerts                                flows whose newest version does worse
 */
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../auth/session';
import { HttpError, notFound } from '../errors';
import { answers } from '../openapi';
import type { StudioService } from '../services/studio';
import type { FormInsightsService } from '../services/formInsights';
import { InsightAlerts, Insights, InsightsQuery } from '../../contract/formInsights';
import { VersionId } from '../../contract/common';
import {
  AuditPage,
  AuditQuery,
  DiffAnswer,
  DiffQuery,
  FLOW_PARAMS,
  PreviewAnswer,
  PublishAnswer,
  PublishBody,
  Review,
  RollbackAnswer,
  RollbackBody,
  RollbackQuery,
  RollbackReview,
  RolloutAnswer,
  RolloutBody,
  StudioFlows,
  VERSION_PARAMS,
  VersionAnswer,
  VersionFiles,
  Versions,
  WorkingCopy,
  WorkingCopyBody,
  WithdrawBody,
} from '../../contract/studio';

const tags = ['studio'];
/** A working copy's content is one flow's files: onboarding, the largest, is some 80 KB. */
const CONTENT_BODY_LIMIT = 2 * 1024 * 1024;

/** The signed-in ops user (the hook has made sure there is one). */
const who = (request: { session: { accountId: string } | null }) => request.session!.accountId;

export interface StudioRouteOptions {
  studio: StudioService;
  insights: FormInsightsService;
  isOps: (accountId: string) => Promise<boolean>;
}

export async function studioRoutes(app: FastifyInstance, opts: StudioRouteOptions) {
  // Every studio route, present and future: ops only.
  app.addHook('onRequest', async (request) => {
    const session = requireSession(request);
    if (!(await opts.isOps(session.accountId))) throw new HttpError(403, 'forbidden');
  });
  historyRoutes(app, opts);
  editingRoutes(app, opts);
  publishingRoutes(app, opts);
  insightRoutes(app, opts);
}

/** Form insights (issue 61; docs/form-insights.md): where merchants struggle in a version, beside another. */
function insightRoutes(app: FastifyInstance, opts: StudioRouteOptions) {
  app.get<{ Params: { flow: string }; Querystring: InsightsQuery }>(
    '/merchant/api/v1/studio/flows/:flow/insights',
    {
      schema: {
        tags,
        summary:
          'A flow version’s form insights: funnel, time per step, fields’ messages; beside another version',
        params: FLOW_PARAMS,
        querystring: InsightsQuery,
        response: answers({ 200: Insights }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.insights.insights(request.params.flow, request.query);
    },
  );

  app.get(
    '/merchant/api/v1/studio/alerts',
    {
      schema: {
        tags,
        summary: 'The flows whose newest version completes worse than the one before it, beyond noise',
        response: answers({ 200: InsightAlerts }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { alerts: await opts.insights.alerts() };
    },
  );
}

/** The flows and their history: versions, a version's files, diffs. */
function historyRoutes(app: FastifyInstance, opts: StudioRouteOptions) {
  const { studio } = opts;
  const base = '/merchant/api/v1/studio';

  app.get(
    `${base}/flows`,
    {
      schema: {
        tags,
        summary: "Every flow with its current version and the caller's unpublished edits",
        response: answers({ 200: StudioFlows }),
      },
    },
    async (request) => ({ flows: await studio.flows(who(request)) }),
  );

  app.get<{ Params: { flow: string } }>(
    `${base}/flows/:flow/versions`,
    {
      schema: {
        tags,
        summary: "A flow's versions, newest first",
        params: FLOW_PARAMS,
        response: answers({ 200: Versions }),
      },
    },
    async (request) => ({ versions: await studio.versions(request.params.flow) }),
  );

  app.get<{ Params: { flow: string; version: string } }>(
    `${base}/flows/:flow/versions/:version`,
    {
      schema: {
        tags,
        summary: "A version's content",
        params: VERSION_PARAMS,
        response: answers({ 200: VersionAnswer }),
      },
    },
    async (request) => studio.version(request.params.flow, request.params.version),
  );

  app.get<{ Params: { flow: string; version: string } }>(
    `${base}/flows/:flow/versions/:version/files`,
    {
      schema: {
        tags,
        summary: 'A version as schemas/ and locales/ files (path → JSON)',
        params: VERSION_PARAMS,
        response: answers({ 200: VersionFiles }),
      },
    },
    async (request) => studio.exportFiles(request.params.flow, request.params.version),
  );

  app.get<{ Params: { flow: string }; Querystring: { from: string; to: string } }>(
    `${base}/flows/:flow/diff`,
    {
      schema: {
        tags,
        summary: "Two versions' changes, each classified, and both contents",
        params: FLOW_PARAMS,
        querystring: DiffQuery,
        response: answers({ 200: DiffAnswer }),
      },
    },
    async (request) => studio.diff(request.params.flow, request.query.from, request.query.to),
  );
}

/** The working copy: its review, saving and discarding it, its preview. */
function editingRoutes(app: FastifyInstance, opts: StudioRouteOptions) {
  const { studio } = opts;
  const base = '/merchant/api/v1/studio';

  app.get<{ Params: { flow: string } }>(
    `${base}/flows/:flow/working-copy`,
    {
      schema: {
        tags,
        summary: "The caller's unpublished edits of a flow (the current content when there are none)",
        params: FLOW_PARAMS,
        response: answers({ 200: WorkingCopy }),
      },
    },
    async (request) => studio.workingCopy(who(request), request.params.flow),
  );

  app.put<{ Params: { flow: string }; Body: { base_version: string; content: unknown } }>(
    `${base}/flows/:flow/working-copy`,
    {
      bodyLimit: CONTENT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Stores edits; answers their problems and classification (the lint)',
        params: FLOW_PARAMS,
        body: WorkingCopyBody,
        response: answers({ 200: Review }),
      },
    },
    async (request) => studio.saveWorkingCopy(who(request), request.params.flow, request.body),
  );

  app.delete<{ Params: { flow: string } }>(
    `${base}/flows/:flow/working-copy`,
    {
      schema: {
        tags,
        summary: "Discards the caller's edits",
        params: FLOW_PARAMS,
        response: answers({ 204: { type: 'null' } }),
      },
    },
    async (request, reply) => {
      await studio.discardWorkingCopy(who(request), request.params.flow);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { flow: string } }>(
    `${base}/flows/:flow/review`,
    {
      schema: {
        tags,
        summary: "The caller's edits reviewed: problems, classification, drafts in flight replayed",
        params: FLOW_PARAMS,
        response: answers({ 200: Review }),
      },
    },
    async (request) => studio.review(who(request), request.params.flow),
  );

  app.post<{ Params: { flow: string } }>(
    `${base}/flows/:flow/preview`,
    {
      schema: {
        tags,
        summary: "The caller's edits compiled as a publish would, for the preview",
        params: FLOW_PARAMS,
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: answers({ 200: PreviewAnswer }),
      },
    },
    async (request) => studio.preview(who(request), request.params.flow),
  );

  app.get<{ Params: { version: string; '*': string } }>(
    `${base}/preview/:version/*`,
    {
      schema: {
        // Files (a manifest, step modules), not API calls.
        hide: true,
        params: {
          type: 'object',
          properties: { version: VersionId, '*': { type: 'string', maxLength: 200 } },
        },
      },
    },
    async (request, reply) => {
      const file = await studio.previewFile(request.params.version, request.params['*']);
      if (!file) throw notFound('not found');
      return reply
        .type(
          file.type === 'text/javascript'
            ? 'text/javascript; charset=utf-8'
            : 'application/json; charset=utf-8',
        )
        .send(file.body);
    },
  );
}

/** Publishing, rolling back, and the audit. */
function publishingRoutes(app: FastifyInstance, opts: StudioRouteOptions) {
  const { studio } = opts;
  const base = '/merchant/api/v1/studio';

  app.post<{
    Params: { flow: string };
    Body: PublishBody;
  }>(
    `${base}/flows/:flow/publish`,
    {
      schema: {
        tags,
        summary: "Publishes the caller's edits: check, compile, store, move the pointer",
        params: FLOW_PARAMS,
        body: PublishBody,
        response: answers({ 200: PublishAnswer }),
      },
    },
    async (request) => studio.publish(who(request), request.params.flow, request.body),
  );

  app.get<{ Params: { flow: string }; Querystring: { to: string } }>(
    `${base}/flows/:flow/rollback`,
    {
      schema: {
        tags,
        summary: 'What moving the pointer back to a version would do',
        params: FLOW_PARAMS,
        querystring: RollbackQuery,
        response: answers({ 200: RollbackReview }),
      },
    },
    async (request) => studio.rollbackReview(request.params.flow, request.query.to),
  );

  app.post<{
    Params: { flow: string };
    Body: { to: string; note?: string; confirm_affected_drafts?: number };
  }>(
    `${base}/flows/:flow/rollback`,
    {
      schema: {
        tags,
        summary: "Moves a flow's pointer back to an earlier version",
        params: FLOW_PARAMS,
        body: RollbackBody,
        response: answers({ 200: RollbackAnswer }),
      },
    },
    async (request) => studio.rollback(who(request), request.params.flow, request.body),
  );

  app.put<{ Params: { flow: string }; Body: RolloutBody }>(
    `${base}/flows/:flow/rollout`,
    {
      schema: {
        tags,
        summary: "Changes a staged rollout's share of new drafts; 100 makes its version current",
        params: FLOW_PARAMS,
        body: RolloutBody,
        response: answers({ 200: RolloutAnswer }),
      },
    },
    async (request) => studio.changeRollout(who(request), request.params.flow, request.body),
  );

  app.post<{ Params: { flow: string }; Body: WithdrawBody }>(
    `${base}/flows/:flow/rollout/withdraw`,
    {
      schema: {
        tags,
        summary: 'Withdraws a staged rollout: every new draft gets the current version again',
        params: FLOW_PARAMS,
        body: WithdrawBody,
        response: answers({ 200: RolloutAnswer }),
      },
    },
    async (request) => studio.withdrawRollout(who(request), request.params.flow, request.body),
  );

  app.get<{ Querystring: { flow?: string; limit?: number; offset?: number } }>(
    `${base}/audit`,
    {
      schema: {
        tags,
        summary: 'Who moved which pointer when, newest first',
        querystring: AuditQuery,
        response: answers({ 200: AuditPage }),
      },
    },
    async (request) =>
      studio.audit({
        flow: request.query.flow,
        limit: request.query.limit ?? 20,
        offset: request.query.offset ?? 0,
      }),
  );
}
