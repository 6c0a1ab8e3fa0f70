/**
 * Custom string formats, registered once (see `registerVocabulary`) so the
 * browser and the server give the same verdict. Dates are compared with a
 * clock that tests can set.
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { isEmail, isPhone } from '../../domain/contact';
import { isDay as isDate, parseDate, showDate } from '../../domain/days';

export { isEmail, isPhone, parseDate, showDate };

let now: () => Date = () => new Date();

/** Sets the clock date formats compare with (tests); `null` restores the real clock. */
export function setFormatClock(clock: (() => Date) | null) {
  now = clock ?? (() => new Date());
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The earliest and latest day a date format accepts on the day of `at` (yyyy-mm-dd, UTC days), for date pickers
 * and for the server checking with its own clock: the same rule as the format's verdict.
 */
export function dateLimitsAt(format: string | undefined, at: Date): { min?: string; max?: string } {
  // The day as yyyy-mm-dd, in UTC: dates of the forms carry no time zone.
  const day = at.toISOString().slice(0, 10);
  switch (format) {
    case 'date-not-in-past':
      return { min: day };
    case 'date-not-in-future':
      return { max: day };
    case 'date-2-weeks-ahead':
      return { min: addDays(day, LICENCE_MIN_WEEKS * 7) };
    default:
      return {};
  }
}

/** The same limits today, by the clock the formats compare with (`setFormatClock`). */
export function dateLimits(format: string | undefined): { min?: string; max?: string } {
  return dateLimitsAt(format, now());
}

/** A date format's check: a date within the format's limits today. */
function withinLimits(format: string) {
  return (value: string) => {
    const { min, max } = dateLimits(format);
    return isDate(value) && !(min && value < min) && !(max && value > max);
  };
}

/** An IBAN with a valid checksum and country length; spaces are ignored. */
export function isIban(value: string): boolean {
  const electronic = electronicFormatIBAN(value);
  return electronic !== null && isValidIBAN(electronic);
}

/** Spec: 'please enter a valid website link starting with https'. */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

/**
 * A website typed without its scheme, completed: `nadiacrafts.example` → `https://nadiacrafts.example`, when that
 * is a valid address; anything else (a scheme typed, `http://` included, or no address at all) as it was typed.
 */
export function withHttps(typed: string): string {
  const text = typed.trim();
  if (text === '' || text.includes('://')) return typed;
  const completed = `https://${text}`;
  return isHttpsUrl(completed) ? completed : typed;
}

/** The minimum weeks ahead for a date with the `date-2-weeks-ahead` format (spec: a licence must expire at least two weeks from now). */
export const LICENCE_MIN_WEEKS = 2;

/** RFC 3339's date-time (JSON Schema's `date-time`): a real date and time, with its offset from UTC. */
function isDateTime(value: string): boolean {
  const match =
    /^(\d{4}-\d{2}-\d{2})[Tt ]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d{1,9})?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/.exec(
      value,
    );
  return match !== null && isDate(match[1]!);
}

/**
 * A time of day (`time`): hours and minutes, with seconds and an offset if given — what a time input gives
 * ("09:30"), which RFC 3339's full-time (seconds and offset required) would refuse.
 */
function isTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d(:([0-5]\d|60)(\.\d{1,9})?)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)?$/.test(
    value,
  );
}

/** An absolute URI (`uri`): a scheme and what follows, as the URL parser reads it. */
function isUri(value: string): boolean {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]*$/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** A UUID (`uuid`), any version, in its 8-4-4-4-12 hex form. */
function isUuid(value: string): boolean {
  return /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(value);
}

/**
 * Every format the catalogue may use, by name, as plain functions: ajv calls them
 * at run time, and the precompiled browser validators import this same object.
 */
export const formats: Record<string, (value: string) => boolean> = {
  date: isDate,
  email: isEmail,
  phone: isPhone,
  iban: isIban,
  'https-url': isHttpsUrl,
  // A date format's verdict is its limits (the ones the date picker shows): one rule, one clock.
  'date-not-in-past': withinLimits('date-not-in-past'),
  'date-not-in-future': withinLimits('date-not-in-future'),
  'date-2-weeks-ahead': withinLimits('date-2-weeks-ahead'),
  // JSON Schema's own, for schemas written elsewhere (rjsf draws each with its input: datetime-local, time, url).
  'date-time': isDateTime,
  time: isTime,
  uri: isUri,
  uuid: isUuid,
};

/**
 * Annotation keywords the catalogue may use on a field. They carry data for
 * widgets and messages and never change a verdict.
 */
export const ANNOTATION_KEYWORDS = [
  /** Per-field message keys by ajv keyword: `{ "minLength": "onboarding:errors.cr.minLength" }`. */
  'x-messages',
  /** Upload: allowed types (extensions) and the maximum size in KB. */
  'x-accept',
  'x-maxSizeKb',
  /** IBAN widget: "confirm" a known IBAN by its hidden digits, or "edit" a full one. */
  'x-ibanMode',
  /** OTP: the code's length is the schema's minLength/maxLength; resend countdown in seconds. */
  'x-resendSeconds',
  /** OTP: how long resend stays locked after the server refuses one for too many attempts, in seconds. */
  'x-resendLockSeconds',
  /** One valid value, for the example generator (not `examples`: rjsf would offer it as a suggestion list). */
  'x-example',
] as const;
