/**
 * How requests are validated (issue 53, findings 7 and 8): Fastify's ajv with three changes, all to refuse up front
 * what the server used to take and then mishandle.
 *
 * - **No number that is not finite.** `Infinity`, `1e400` (which a query's coercion reads as Infinity) and `NaN`
 *   passed ajv's integer check and reached the database as a page size or an offset (a 500). `strictNumbers`.
 * - **JSON bodies are taken as typed.** A body is JSON: `"amount": 5` where a string is asked for is the caller's
 *   mistake, said as such, not turned into "5". Only the query, the path and headers — text by nature — are
 *   coerced to the types their schemas name.
 * - **Nothing unknown is dropped in silence.** Fastify's default removes properties a schema does not allow; a
 *   caller who misspelt `page_size` then got the default page and no word why. Now such a property is refused,
 *   400 naming it — and every API route's query is closed (`closeQuery`): a parameter the route does not read is
 *   refused, but for `request_id`, which any call may carry.
 *
 * One compiler per kind (`@fastify/ajv-compiler`, Fastify's own), chosen by the part of the request.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { Options } from 'ajv';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { fieldError, HttpError } from '../errors';

const COMMON: Options = { strictNumbers: true, removeAdditional: false };
/** Bodies: JSON, as typed. */
const BODY: Options = { ...COMMON, coerceTypes: false };
/** Query, path and headers: text, read as the types their schemas name (a list from one value too). */
const TEXT: Options = { ...COMMON, coerceTypes: 'array' };

type Factory = ReturnType<typeof AjvCompiler>;
type Route = Parameters<ReturnType<Factory>>[0];

/** Fastify's `schemaController.compilersFactory.buildValidator`: the body's compiler, or the text parts'. */
export function buildValidator(
  externalSchemas: Parameters<Factory>[0],
  options?: { customOptions?: Options; plugins?: NonNullable<Parameters<Factory>[1]>['plugins'] },
) {
  const pool = AjvCompiler();
  const compiler = (own: Options) =>
    pool(externalSchemas, {
      plugins: options?.plugins,
      customOptions: { ...options?.customOptions, ...own },
    });
  const forBody = compiler(BODY);
  const forText = compiler(TEXT);
  return (route: Route) => (route.httpPart === 'body' ? forBody(route) : forText(route));
}

/** The API's routes: calls, not pages (whose addresses may carry a campaign's tags). */
const API = /^\/(merchant\/api|partners)\//;

/**
 * An `onRoute` hook: an API route's query allows only the parameters its schema names — none when it names no
 * query — so an unknown one is refused (400 naming it) rather than ignored.
 */
export function closeQuery(route: RouteOptions) {
  if (!API.test(route.url)) return;
  const schema = (route.schema ??= {}) as { querystring?: Record<string, unknown> };
  const query = schema.querystring ?? { type: 'object', properties: {} };
  if (query.type !== 'object') return;
  const properties = (query.properties ?? {}) as Record<string, unknown>;
  schema.querystring = {
    ...query,
    // Every call may name itself (the app does on each GET, spec §7; app.ts requestId).
    properties: { request_id: REQUEST_ID, ...properties },
    additionalProperties: query.additionalProperties ?? false,
  };
}

const REQUEST_ID = {
  type: 'string',
  maxLength: 200,
  description: 'the caller’s id of this request (as x-request-id)',
};

/** A value of the query or the path that is a number but not a finite one, anywhere in it (lists too). */
const notFinite = (value: unknown): boolean =>
  (typeof value === 'number' && !Number.isFinite(value)) || (Array.isArray(value) && value.some(notFinite));

/**
 * A `preHandler` hook: `Infinity` and `1e400` in the query are read as the number Infinity, and ajv's checks of an
 * integer, a minimum and a maximum all let Infinity through once coerced (ajv's `strictNumbers` applies only to
 * values that were numbers already). Refused here, 400 naming the parameter.
 */
export async function refuseNonFinite(request: FastifyRequest) {
  for (const part of [request.query, request.params])
    if (part && typeof part === 'object')
      for (const [name, value] of Object.entries(part))
        if (notFinite(value))
          throw new HttpError(400, `bad_request: ${name} is not a finite number`, {
            [`/${name}`]: fieldError('validation:error.type'),
          });
}
