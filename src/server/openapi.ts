/**
 * The API contract (issue 14): an OpenAPI 3.1 document generated from the routes' own schemas by
 * `@fastify/swagger`, served at `/merchant/api/openapi.json`, with Swagger UI at `/dev/api` outside production.
 * A route's schema is what validates its requests and serialises its answers, so the document cannot drift
 * from the code; `tests/server/openapi.test.ts` fails when a route is missing from it or lacks a request or
 * answer schema, and `tests/server/fuzz.test.ts` generates requests from it.
 *
 * Every error answer has one shape (`ApiError`): `status`, `message` (the spec's server message), and where a
 * field is at fault `field_errors` (pointer → message key with its values); some add a field of their own
 * (`retry_after`, `quota`), so the shape stays open.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export const OPENAPI_PATH = '/merchant/api/openapi.json';

export const API_ERROR = {
  $id: 'ApiError',
  type: 'object',
  required: ['status', 'message'],
  properties: {
    status: { type: 'integer' },
    message: { type: 'string' },
    field_errors: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: { key: { type: 'string' }, params: { type: 'object', additionalProperties: true } },
      },
    },
  },
  additionalProperties: true,
} as const;

const ERROR_REF = { $ref: 'ApiError#' } as const;

/**
 * A route's answers: the given successful ones, and the shared error shape for every 4xx and 5xx.
 * @param ok - status → schema of the successful answers
 */
export function answers<T extends Record<number, unknown>>(ok: T) {
  return { ...ok, '4xx': ERROR_REF, '5xx': ERROR_REF } as T & {
    '4xx': typeof ERROR_REF;
    '5xx': typeof ERROR_REF;
  };
}

/**
 * A CSV file's answer (the exports): the file on success, the shared JSON error otherwise — each with its own
 * content type in the document, as the server sends them.
 */
export const CSV_ANSWER = {
  200: { description: 'the CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
} as const;

/**
 * A page's answers (the sandbox pages a customer or merchant opens): HTML, an error page included — a page that
 * says "not found" in the customer's language, not JSON.
 */
export function pageAnswers(extra: Record<number, unknown> = {}) {
  const page = (description: string) => ({
    description,
    content: { 'text/html': { schema: { type: 'string' } } },
  });
  return {
    200: page('the page'),
    ...extra,
    404: page('the page that says it was not found'),
    '4xx': ERROR_REF,
    '5xx': ERROR_REF,
  };
}

/** An object answer whose listed fields are described (and serialised fast) and which may carry more. */
export const open = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
  additionalProperties: true,
});

/** `{}` — what a call that only acknowledges answers. */
/** A stored file's bytes, answered as the type found in them (a download, or a document read inline). */
export const FILE_BYTES = Object.fromEntries(
  ['application/pdf', 'image/png', 'image/jpeg', 'application/octet-stream'].map((type) => [
    type,
    { schema: { type: 'string', format: 'binary' } },
  ]),
);

export const EMPTY = { type: 'object', additionalProperties: false, properties: {} } as const;

/** The `:id` of a route (an account's, a store's, an application's…): 1 to 100 characters. */
export const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

/** A list answer: `{ items: [...] }`. */
export const itemsOf = (item: unknown) => ({
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: item } },
});

/** Registers the generator (before any route, so it sees them all) and, outside production, the UI. */
export async function registerOpenApi(app: FastifyInstance, options: { ui: boolean; version: string }) {
  app.addSchema(API_ERROR);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Merchant back office API',
        version: options.version,
        description:
          'Every call of the merchant back office. Signed-in calls take the session cookie (`mbo_session`) or ' +
          '`Authorization: Bearer <auth_token>`; a state-changing call must be JSON or carry `x-mbo-client`.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'mbo_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    // Routes that are pages or files, not API calls, say `hide: true`.
    hideUntagged: false,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.swagger();
  });
  if (options.ui)
    await app.register(swaggerUi, {
      routePrefix: '/dev/api',
      // Its own CSP (script hashes), with inline styles allowed as the app's own CSP does (Swagger UI sets some).
      staticCSP: { 'style-src': ["'self'", "'unsafe-inline'"] },
      uiConfig: { url: OPENAPI_PATH, docExpansion: 'list', deepLinking: true },
    });
}
