/**
 * The one error type routes and services throw. The error handler turns it
 * into `{ status, message, field_errors? }`; messages are the spec's server
 * message strings (shell spec §8), so the app can map them to its texts.
 * A field error is a translation key with its parameters (`{ key, params }`),
 * so the browser shows the message without validating again.
 */
import type { FieldError } from '../engine/core/messages';

export type { FieldError };

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** Problems by JSON pointer into the request body. */
    readonly fieldErrors?: Record<string, FieldError>,
    /** Extra machine-readable fields for the body, e.g. `{ type: 'BUSINESS_NAME_CONFLICT' }`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A field's problem: a translation key and the values its text needs. */
export const fieldError = (key: string, params: Record<string, unknown> = {}): FieldError => ({
  key,
  params,
});

export const badRequest = (message = 'bad_request', fieldErrors?: Record<string, FieldError>) =>
  new HttpError(400, message, fieldErrors);
/**
 * Throws a 400 naming every field with a problem (`bad_request: amount, items`), when there is any.
 * @param problems - by JSON pointer into the body
 */
export function refuseProblems(problems: Record<string, FieldError>): void {
  const pointers = Object.keys(problems);
  if (pointers.length > 0)
    throw new HttpError(400, `bad_request: ${pointers.map((p) => p.slice(1)).join(', ')}`, problems);
}

export const notFound = (message = 'not found') => new HttpError(404, message);
