/**
 * The API client: same-origin calls with the session cookie, JSON bodies, the app's own header on every
 * state-changing call (the server refuses cross-site form posts), a `request_id` on GET calls (spec §7), and
 * errors normalised to `{ status, message, fieldErrors }` (spec §8: with none, status 500 and message unknown).
 * A 401 anywhere tells the app the session is gone (see onUnauthorized).
 */

import type { FieldError } from '../../engine/core/messages';
import { signal } from '../signal';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** Problems by JSON pointer: a message key and its values. */
    readonly fieldErrors: Record<string, FieldError> = {},
    readonly body: Record<string, unknown> = {},
    /** The server's id of the request (its `x-request-id`): an error report names it, so the server's log can be found. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/**
 * react-query's `retry` for the app's reads: a 4xx will not change by asking again; anything else (a 5xx, the
 * network) is tried twice more.
 */
export const retryUnless4xx = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

/**
 * A refusal's problems as words by JSON pointer (`/amount` → "At most 10.00 SAR is left"), for the fields of a
 * form to show beside themselves; none for any other failure.
 * @param translate - a `t` that reads namespaced keys (`validation:error.…`, `orders:linkError.…`)
 */
export function fieldMessages(
  error: unknown,
  translate: (key: string, params: Record<string, unknown>) => string,
): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([pointer, problem]) => [
      pointer,
      translate(problem.key, problem.params ?? {}),
    ]),
  );
}

/** A network failure (offline, DNS, reset): status 0 and message "network error". */
export const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

/** An error's status as the error pages read it: the server's, 0 for the network's failure, 500 for anything else. */
export const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 500);

/** Whether asking again may help: the network failed (0) or the server erred (5xx). */
export const retriable = (status: number) => status === 0 || status >= 500;

/** The server answered 403: the caller may not see this. */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

const unauthorized = signal();
/** Called whenever a call answers 401 (the session ended, was revoked, or never was). */
export const onUnauthorized = unauthorized.listen;

/** A GET's answer found without the network, or not found. */
export type HeldAnswer = { found: true; body: unknown } | { found: false };
let answered: ((path: string) => HeldAnswer) | undefined;
/**
 * Where GETs look for an answer before asking the network: the signed-in pages' code registers the page's first
 * answers (api/firstAnswers.ts) — registered, not imported, so the sign-in page does not carry that code.
 */
export const answerFrom = (source: (path: string) => HeldAnswer) => {
  answered = source;
};

let requestCounter = 0;
const requestId = () => `web-${Date.now().toString(36)}-${(requestCounter += 1).toString(36)}`;

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: { signal?: AbortSignal; keepalive?: boolean; quiet401?: boolean } = {},
): Promise<T> {
  // A question the server answered in the page itself (api/firstAnswers.ts): no round trip.
  const first = method === 'GET' ? answered?.(path) : undefined;
  if (first?.found) return first.body as T;
  const url = method === 'GET' ? `${path}${path.includes('?') ? '&' : '?'}request_id=${requestId()}` : path;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        'x-mbo-client': 'web',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    // Aborts pass through as they are (spec §8); other fetch failures are network errors.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network error');
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = {};
  }
  // A success may answer `null` (no application yet); an error's details are read from an object only.
  if (response.ok) return parsed as T;
  const data = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (response.status === 401 && !options.quiet401) unauthorized.fire();
  throw new ApiError(
    typeof data.status === 'number' ? data.status : response.status || 500,
    typeof data.message === 'string' ? data.message : 'unknown',
    (data.field_errors as Record<string, FieldError> | undefined) ?? {},
    data,
    response.headers.get('x-request-id') ?? undefined,
  );
}
