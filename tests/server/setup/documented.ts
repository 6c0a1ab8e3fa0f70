/**
 * Every answer a server test receives is checked against the OpenAPI document's own answer for its route and
 * status (issue 53): the status must be documented (exactly, or its class: 4XX, 5XX), the content type must be one
 * the document gives for it, and a JSON body must match its schema. An undocumented shape, status or content type
 * fails the test that received it — not a later review.
 *
 * How: an `onSend` hook notes what each answer was (before it leaves, with its route's pattern), and the app's
 * `inject` throws after an answer that broke the document, naming the route, the status and what is wrong. An
 * answer sent over a real connection (a WebSocket test's upgrade) is held to the same, reported when the file ends.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OPENAPI_PATH } from '../../../src/server/openapi';

interface Answer {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
}
interface Document {
  paths: Record<string, Record<string, { responses?: Record<string, Answer> }>>;
  components?: unknown;
}

/** Pages and files the document leaves out on purpose (tests/server/openapi.test.ts lists the same). */
const NOT_API =
  /^(\/|\/\*|\/assets\/.*|\/[^/]+\.[a-z0-9]+|\/help-centre|\/catalogue\/.*|\/merchant\/api\/v1\/studio\/preview\/.*|\/dev\/api.*|\/merchant\/api\/openapi\.json)$/;

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{*}');
const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** The document's checker: what is wrong with an answer, or null. */
function checker(document: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const validator = (pointer: string) => {
    let validate = compiled.get(pointer);
    if (!validate) compiled.set(pointer, (validate = ajv.compile({ $ref: `openapi#${pointer}` })));
    return validate;
  };
  // The shared error's component (fastify-swagger names components def-N and keeps the schema's $id as title).
  const schemas = (document.components as { schemas?: Record<string, { title?: string }> } | undefined)
    ?.schemas;
  const errorName = Object.entries(schemas ?? {}).find(([, schema]) => schema.title === 'ApiError')?.[0];
  const ApiError = `/components/schemas/${errorName ?? 'def-0'}`;

  return (answer: {
    route: string | undefined;
    method: string;
    status: number;
    contentType: string | undefined;
    body: string | null;
  }): string | null => {
    const media = answer.contentType?.split(';')[0]?.trim();
    const json = (schemaPointer: string) => {
      if (answer.body === null) return null; // a stream: its type was checked, its bytes are a file
      let value: unknown;
      try {
        value = answer.body === '' ? undefined : JSON.parse(answer.body);
      } catch {
        return `a body that is not JSON: ${answer.body.slice(0, 80)}`;
      }
      const validate = validator(schemaPointer);
      return validate(value) ? null : `does not match its schema: ${ajv.errorsText(validate.errors)}`;
    };
    // No route: the web app's page for an address it routes itself, or the not-found and method handlers' JSON
    // errors in the shared shape.
    if (answer.route === undefined) {
      if (answer.status === 200 && media === 'text/html') return null;
      if (media !== 'application/json') return `an answer without a route as ${media ?? 'nothing'}`;
      return json(ApiError);
    }
    if (NOT_API.test(answer.route)) return null;
    const path = openApiPath(answer.route);
    const operation = document.paths[path]?.[answer.method.toLowerCase()];
    if (!operation) return `${answer.method} ${path} is not in the document`;
    const responses = operation.responses ?? {};
    const code =
      [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((c) => responses[c]) ?? null;
    if (code === null)
      return `status ${answer.status} is not documented (it has ${Object.keys(responses).join(', ')})`;
    const documented = responses[code]!;
    if (!documented.content) {
      if (answer.body && answer.body.length > 0)
        return `status ${answer.status} has a body the document does not`;
      return null;
    }
    if (!media || !documented.content[media])
      return `content type ${media ?? 'none'} is not documented for ${code} (${Object.keys(documented.content).join(', ')})`;
    if (media !== 'application/json') return null;
    return json(
      ['', 'paths', path, answer.method.toLowerCase(), 'responses', code, 'content', media, 'schema']
        .map(escapePointer)
        .join('/'),
    );
  };
}

/**
 * Holds every answer of `app` to its OpenAPI document. Call before `app.ready()`; `check` is called once the app
 * is ready, and `inject` from then on throws after an undocumented answer.
 */
export function documentedAnswers(app: FastifyInstance) {
  const broken: string[] = [];
  let reported = 0;
  let check: ReturnType<typeof checker> | undefined;
  const seen: Parameters<ReturnType<typeof checker>>[0][] = [];

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : payload === null || payload === undefined
            ? ''
            : null;
    const answer = {
      route: request.routeOptions.url,
      method: request.method === 'HEAD' ? 'GET' : request.method,
      status: reply.statusCode,
      contentType: reply.getHeader('content-type') as string | undefined,
      body: request.method === 'HEAD' ? null : body,
    };
    if (!check) seen.push(answer);
    else {
      const problem = check(answer);
      if (problem)
        broken.push(`${answer.method} ${answer.route ?? request.url} → ${answer.status}: ${problem}`);
    }
    return payload;
  });

  return {
    /** Reads the document (once the app is ready) and judges what was answered before. */
    async start() {
      const res = await app.inject({ method: 'GET', url: OPENAPI_PATH });
      check = checker(res.json() as Document);
      for (const answer of seen.splice(0)) {
        const problem = check(answer);
        if (problem) broken.push(`${answer.method} ${answer.route} → ${answer.status}: ${problem}`);
      }
      const inject = app.inject.bind(app) as (options: unknown) => Promise<unknown>;
      (app as { inject: unknown }).inject = async (options: unknown) => {
        if (typeof options !== 'object' || options === null) return inject(options);
        const answer = await inject(options);
        const fresh = broken.slice(reported);
        reported = broken.length;
        if (fresh.length > 0)
          throw new Error(`an answer the OpenAPI document does not describe:\n${fresh.join('\n')}`);
        return answer;
      };
    },
    /** What broke the document and was not thrown at an `inject` (a real connection's answers). */
    unreported: () => broken.slice(reported),
  };
}
