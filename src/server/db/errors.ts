/** PostgreSQL errors the repositories turn into answers. */

/** A unique index refused the row (SQLSTATE 23505), however deep drizzle wrapped the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
