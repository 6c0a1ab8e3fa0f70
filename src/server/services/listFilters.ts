/**
 * What the lists' filters share (disputes, support tickets): values given as a list or as comma-separated text,
 * and a created-at range given as days in the caller's time zone or as instants. A bad value becomes a field
 * problem the caller reports with 400 — never ignored, never a 500.
 */
import { dayBounds, inYears, isDay } from '../../domain/days';
import { fieldError, type FieldError } from '../errors';

/** Values given as a list or as one comma-separated text (`statuses=pending,approved`). */
export const valuesOf = (input: string[] | undefined) =>
  (input ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');

/**
 * The instants of a created-at range. A day (yyyy-mm-dd) is the caller's day, `offsetMinutes` east of UTC: the
 * start of `created_at_gte`'s, the end (23:59:59.999) of `created_at_lte`'s. An instant is taken as given (the
 * app sends days; a script may send 2025-01-31T20:59:59.999Z).
 * @param problems - gets a problem per bad end, by JSON pointer
 */
export function createdRange(
  input: { created_at_gte?: string; created_at_lte?: string },
  problems: Record<string, FieldError>,
  offsetMinutes = 0,
): { from?: string; to?: string } {
  const bound = (field: 'created_at_gte' | 'created_at_lte', end: boolean) => {
    const value = input[field];
    if (value === undefined || value === '') return undefined;
    const instant = isDay(value)
      ? dayBounds(value, end, offsetMinutes)
      : /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(new Date(value).getTime())
        ? new Date(value).toISOString()
        : undefined;
    // A day or instant the database cannot hold (year 0000, or past 9999 once in UTC) is named, not sent on.
    if (instant !== undefined && inYears(instant)) return instant;
    problems[`/${field}`] = fieldError('validation:error.format.date');
    return undefined;
  };
  const from = bound('created_at_gte', false);
  const to = bound('created_at_lte', true);
  if (from && to && from > to) problems['/created_at_lte'] = fieldError('validation:error.dateOrder');
  return { from, to };
}
