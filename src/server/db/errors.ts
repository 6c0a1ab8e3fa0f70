/** PostgreSQL errors the repositories turn into answers. */

/** A unique index refused the row (SQLSTATE 23505), however deep drizzle wrapped the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * SQLSTATEs and socket errors that mean the database cannot be reached right now (a restart, a failover, a
 * dropped network): class 08 (connection exception), 57P01–57P03 (shutting down, cannot connect now) and 53300 (too
 * many connections); the driver's own "Connection terminated" and a refused or reset socket.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The request failed because the database is down or unreachable, not because of the request (503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET.has(code))
    )
      return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /^Connection terminated|^timeout exceeded when trying to connect/.test(message)
    )
      return true;
  }
  return false;
}
