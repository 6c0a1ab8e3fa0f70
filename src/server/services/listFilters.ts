/**
 * What the lists' filters share (orders, payouts, disputes, support tickets, analytics): values given as a list or as comma-separated text,
 * and a created-at range given as days in the caller's time zone or as instants. A bad value becomes a field
 * problem the caller reports with 400 — never ignored, never a 500.
 */
import { dayBounds, inYears, isDay } from '../../domain/days';
import { fieldError, HttpError, type FieldError } from '../errors';

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

/** The values of an enum filter (`statuses=pending,approved`); the first unknown one becomes the field's problem. */
export function enumFilter(
  input: string[] | undefined,
  field: string,
  known: (value: string) => boolean,
  problems: Record<string, FieldError>,
): string[] {
  const values = valuesOf(input);
  const unknown = values.find((v) => !known(v));
  if (unknown !== undefined) problems[`/${field}`] = fieldError('validation:error.enum', { value: unknown });
  return values;
}

/**
 * The merchants a list is filtered to: those named (`merchant_ids`), each of the caller's — the first other one is
 * named as not theirs — or, when none is named, every merchant the caller may read (`allowed`).
 */
export function merchantFilter(
  input: string[] | undefined,
  allowed: string[],
  problems: Record<string, FieldError>,
): string[] {
  const named = valuesOf(input);
  const foreign = named.find((m) => !allowed.includes(m));
  if (foreign !== undefined)
    problems['/merchant_ids'] = fieldError('validation:error.notYourMerchant', { value: foreign });
  return named.length > 0 ? named : allowed;
}

/** A list's search text, trimmed (none when blank); longer than `max`, the field's problem. */
export function searchFilter(
  input: string | undefined,
  max: number,
  problems: Record<string, FieldError>,
): string | undefined {
  const search = input?.trim() ?? '';
  if (search.length > max) problems['/query'] = fieldError('validation:error.maxLength', { limit: max });
  return search || undefined;
}

/** A list's filters refused at once: 400 "bad filter: <fields>", each field's problem by its JSON pointer. */
export function refuseFilters(problems: Record<string, FieldError>): void {
  const fields = Object.keys(problems);
  if (fields.length > 0)
    throw new HttpError(400, `bad filter: ${fields.map((f) => f.slice(1)).join(', ')}`, problems);
}

/** The stores a list is filtered to (`store_ids`), each one of `own` — the first other one is named as not theirs. */
export function storeFilter(
  input: string[] | undefined,
  own: { has(id: string): boolean },
  problems: Record<string, FieldError>,
): string[] {
  const named = valuesOf(input);
  const strange = named.find((s) => !own.has(s));
  if (strange !== undefined)
    problems['/store_ids'] = fieldError('validation:error.notYourStore', { value: strange });
  return named;
}
