/**
 * The one error type routes and services throw. The error handler turns it
 * into `{ status, message, field_errors? }`; messages are the spec's server
 * message strings (shell spec §8), so the app can map them to its texts.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** Problems by JSON pointer into the request body. */
    readonly fieldErrors?: Record<string, string>,
    /** Extra machine-readable fields for the body, e.g. `{ type: 'BUSINESS_NAME_CONFLICT' }`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message = 'bad_request', fieldErrors?: Record<string, string>) =>
  new HttpError(400, message, fieldErrors);
export const notFound = (message = 'not found') => new HttpError(404, message);
