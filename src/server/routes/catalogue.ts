/**
 * The catalogue as the browser gets it (ours: the spec has no such calls; docs/drafts-api.md).
 *
 *   GET /merchant/api/v1/catalogue/flows                         every flow's current version
 *   GET /merchant/api/v1/catalogue/flows/:flow                   one flow's current version and its manifest's address
 *   GET /merchant/api/v1/catalogue/flows/:flow/versions/:version a given version, when the server holds it
 *   GET /catalogue/:version/<file>                               the version's manifest and step modules
 *
 * The pointer answers are never cached (a publish moves them); a version's files never change (their names
 * carry a hash of their content) and are cached for a year. Forms are not secret: no session is needed. With
 * one, a flow's version is the one this account's drafts get (a staged rollout serves a share another version).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FlowSource } from '../../catalogue/serverFlowSource';
import type { FlowVersion } from '../../catalogue/version';
import { notFound } from '../errors';
import { answers } from '../openapi';
import { FlowPointer, FlowPointers } from '../../contract/catalogue';

const tags = ['catalogue'];

/**
 * Whom a staged rollout (issue 61) judges: the signed-in account, whose drafts the server starts on the same
 * version; without a session (forms are not secret), the current version.
 */
const subjectOf = (request: FastifyRequest) => request.session?.accountId;

const FLOW_ID = { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' } as const;
const VERSION_ID = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;

export async function catalogueRoutes(app: FastifyInstance, opts: { flows: FlowSource }) {
  const { flows } = opts;

  async function pointer(version: FlowVersion): Promise<FlowPointer> {
    const compiled = await flows.compiled(version.id);
    if (!compiled) throw notFound('flow not found');
    const entry = version.content.flow.entry;
    const texts = version.content.texts;
    return {
      flow: version.flow,
      version: version.id,
      manifest: `/catalogue/${version.id}/${compiled.manifestFile}`,
      ...(entry && {
        entry: {
          section: entry.section,
          icon: entry.icon,
          permission: entry.permission,
          // The checks make sure both texts exist; the key stands in should a stored version lack one.
          title: { en: texts.en?.[entry.title] ?? entry.title, ar: texts.ar?.[entry.title] ?? entry.title },
        },
      }),
    };
  }
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get(
    '/merchant/api/v1/catalogue/flows',
    {
      schema: {
        tags,
        summary: "Every flow's current version",
        response: answers({
          200: FlowPointers,
        }),
      },
    },
    async (request, reply) => {
      noStore(reply);
      const ids = await flows.flows();
      const versions = await Promise.all(ids.map((id) => flows.current(id, subjectOf(request))));
      return { flows: await Promise.all(versions.filter((v): v is FlowVersion => !!v).map(pointer)) };
    },
  );

  app.get<{ Params: { flow: string } }>(
    '/merchant/api/v1/catalogue/flows/:flow',
    {
      schema: {
        tags,
        summary: "A flow's current version and its manifest's address",
        params: { type: 'object', required: ['flow'], properties: { flow: FLOW_ID } },
        response: answers({ 200: FlowPointer }),
      },
    },
    async (request, reply) => {
      noStore(reply);
      const version = await flows.current(request.params.flow, subjectOf(request));
      if (!version) throw notFound('flow not found');
      return pointer(version);
    },
  );

  app.get<{ Params: { flow: string; version: string } }>(
    '/merchant/api/v1/catalogue/flows/:flow/versions/:version',
    {
      schema: {
        tags,
        summary: 'A given version of a flow, when the server holds it',
        params: {
          type: 'object',
          required: ['flow', 'version'],
          properties: { flow: FLOW_ID, version: VERSION_ID },
        },
        response: answers({ 200: FlowPointer }),
      },
    },
    async (request, reply) => {
      noStore(reply);
      const version = await flows.get(request.params.flow, request.params.version);
      if (!version) throw notFound('version not found');
      return pointer(version);
    },
  );

  app.get<{ Params: { version: string; '*': string } }>(
    '/catalogue/:version/*',
    {
      schema: {
        // Files (manifest, step modules), not API calls: left out of the API document.
        hide: true,
        params: {
          type: 'object',
          properties: { version: VERSION_ID, '*': { type: 'string', maxLength: 200 } },
        },
      },
    },
    async (request, reply) => {
      const compiled = await flows.compiled(request.params.version);
      const file = compiled?.files.get(request.params['*']);
      if (!file) throw notFound('not found');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type(
          file.type === 'text/javascript'
            ? 'text/javascript; charset=utf-8'
            : 'application/json; charset=utf-8',
        )
        .send(file.body);
    },
  );
}
