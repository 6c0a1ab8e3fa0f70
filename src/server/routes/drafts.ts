/**
 * Drafts of any catalogue flow (ours: the spec names only onboarding's calls; docs/drafts-api.md). A new flow
 * under schemas/ is served here with no new route.
 *
 *   POST /merchant/api/v1/flows/:flow/drafts                            start the account's draft (or get it)
 *   GET  /merchant/api/v1/flows/:flow/drafts/:draft                     read it (carried to the current version)
 *   PUT  /merchant/api/v1/flows/:flow/drafts/:draft/steps/:step         autosave one step's answers
 *   POST /merchant/api/v1/flows/:flow/drafts/:draft/submit              submit it
 *   POST /merchant/api/v1/flows/:flow/events                            what the page showed (form events; any flow)
 *
 * Flows that keep the spec's own paths (onboarding: /partners/application/…) are not served here.
 */
import type { FastifyInstance } from 'fastify';
import { accountOf, requireSession } from '../auth/session';
import { HttpError, notFound } from '../errors';
import type { DraftsService } from '../services/drafts';
import type { FormEventsService } from '../services/formEvents';
import { FormEventReport } from '../../contract/formEvents';
import { callerMeta } from './callerMeta';
import { answers, open } from '../openapi';
import { Draft, StartBody } from '../../contract/drafts';
import type { Static } from '../../contract/common';

const tags = ['drafts'];
/** What a save or a submit answers: the draft as it now stands, or the fields the server refused. */
const SAVED = open({});

const FLOW_ID = { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' } as const;
const ID = { type: 'string', minLength: 1, maxLength: 100 } as const;
const STEP_ID = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' } as const;

/** Bodies bigger than this are refused before they are read (as the application's own save: the rules say what fits). */
const STEP_BODY_LIMIT = 512 * 1024;

export async function draftRoutes(
  app: FastifyInstance,
  opts: {
    drafts: DraftsService;
    formEvents: FormEventsService;
    ownPaths: readonly string[];
    /** The provider's staff (ops) fill in no merchant's form: starting a draft answers 403. */
    isStaff: (accountId: string) => Promise<boolean>;
  },
) {
  const { drafts } = opts;
  const base = '/merchant/api/v1/flows/:flow/drafts';
  const generic = (flow: string) => {
    if (opts.ownPaths.includes(flow)) throw notFound('flow not found');
    return flow;
  };

  app.post<{ Params: { flow: string }; Body: Static<typeof StartBody> }>(
    base,
    {
      schema: {
        tags,
        summary: "Starts the account's draft of a flow, or gets the one it has",
        params: { type: 'object', required: ['flow'], properties: { flow: FLOW_ID } },
        response: answers({ 200: Draft, 201: Draft }),
        body: StartBody,
      },
    },
    async (request, reply) => {
      const { accountId } = requireSession(request);
      const flow = generic(request.params.flow);
      if (await opts.isStaff(accountId)) throw new HttpError(403, 'forbidden');
      const result = await drafts.create(flow, accountId, {
        scope: request.body?.scope,
        meta: callerMeta(request),
      });
      reply.header('cache-control', 'no-store');
      return reply.code(result.created ? 201 : 200).send(result.draft);
    },
  );

  app.get<{ Params: { flow: string; draft: string } }>(
    `${base}/:draft`,
    {
      schema: {
        tags,
        summary: 'A draft, carried to the current version of its flow',
        params: { type: 'object', required: ['flow', 'draft'], properties: { flow: FLOW_ID, draft: ID } },
        response: answers({ 200: Draft }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return drafts.get(generic(request.params.flow), accountOf(request), request.params.draft);
    },
  );

  app.put<{
    Params: { flow: string; draft: string; step: string };
    Querystring: { advance?: boolean };
    Body: Record<string, unknown>;
  }>(
    `${base}/:draft/steps/:step`,
    {
      bodyLimit: STEP_BODY_LIMIT,
      schema: {
        tags,
        summary: "Autosaves one step's answers",
        params: {
          type: 'object',
          required: ['flow', 'draft', 'step'],
          properties: { flow: FLOW_ID, draft: ID, step: STEP_ID },
        },
        // `advance`: the merchant pressed the step's main button (its flow's hooks act on a complete step).
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { advance: { type: 'boolean' } },
        },
        body: { type: 'object', maxProperties: 100, additionalProperties: true },
        response: answers({ 200: SAVED }),
      },
    },
    async (request) => {
      const { flow, draft, step } = request.params;
      return drafts.save(generic(flow), accountOf(request), draft, request.body, step, {
        advance: request.query.advance === true,
        meta: callerMeta(request),
      });
    },
  );

  app.post<{ Params: { flow: string; draft: string; action: string } }>(
    `${base}/:draft/actions/:action`,
    {
      schema: {
        tags,
        summary: "Runs one of a flow's named actions on an open draft (resend-otp: send the code again)",
        params: {
          type: 'object',
          required: ['flow', 'draft', 'action'],
          properties: {
            flow: FLOW_ID,
            draft: ID,
            action: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,39}$' },
          },
        },
        body: { type: ['object', 'null'], additionalProperties: false, properties: {} },
        response: answers({ 200: { type: 'object', additionalProperties: true } }),
      },
    },
    async (request) => {
      const { flow, draft, action } = request.params;
      return drafts.act(generic(flow), accountOf(request), draft, action);
    },
  );

  app.post<{ Params: { flow: string; draft: string } }>(
    `${base}/:draft/submit`,
    {
      schema: {
        tags,
        summary: 'Submits a draft',
        params: { type: 'object', required: ['flow', 'draft'], properties: { flow: FLOW_ID, draft: ID } },
        body: { type: ['object', 'null'], additionalProperties: true },
        response: answers({ 200: SAVED }),
      },
    },
    async (request) => {
      const { flow, draft } = request.params;
      return drafts.submit(generic(flow), accountOf(request), draft, { meta: callerMeta(request) });
    },
  );

  formEventRoutes(app, opts);
}

/** Every flow's, onboarding's too: what the page saw is not a call of the spec's (form insights). */
function formEventRoutes(
  app: FastifyInstance,
  opts: { drafts: DraftsService; formEvents: FormEventsService },
) {
  const { drafts } = opts;
  app.post<{ Params: { flow: string }; Body: Static<typeof FormEventReport> }>(
    '/merchant/api/v1/flows/:flow/events',
    {
      bodyLimit: 32 * 1024,
      schema: {
        tags,
        summary: 'Reports what the form showed: steps, and fields’ messages (form insights; never an answer)',
        params: { type: 'object', required: ['flow'], properties: { flow: FLOW_ID } },
        body: FormEventReport,
        response: answers({ 204: { type: 'null' } }),
      },
    },
    async (request, reply) => {
      const { flow } = request.params;
      const accountId = accountOf(request);
      const target = await drafts.reportTarget(flow, accountId, request.body.draft);
      await opts.formEvents.report({
        accountId,
        flow,
        version: target.runtime.version.id,
        draft: target.draftId,
        definition: target.runtime.definition,
        events: request.body.events,
        meta: callerMeta(request),
      });
      return reply.code(204).send();
    },
  );
}
