/**
 * Calendar days as the product reads and writes them (spec: yyyy-mm-dd stored, dd/MM/yyyy shown and typed, in
 * both languages). Pure, and light on purpose: the form engine's formats, the filters of lists and the server
 * share it, and screens import it without the form engine's validators.
 */

const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * The years a day or an instant may have here: four digits, from 1000. PostgreSQL has no year 0000 (JavaScript
 * reads it as 1 BC and sends it on: a 500), nor reads a year past 9999 as JavaScript writes it (`+010000-…`).
 */
export const FIRST_YEAR = 1000;
export const LAST_YEAR = 9999;

/** Whether an instant (ISO 8601 as JavaScript writes it, UTC) falls in the years the database takes. */
export function inYears(iso: string): boolean {
  const year = /^(\d{4})-/.exec(iso)?.[1];
  return year !== undefined && Number(year) >= FIRST_YEAR && Number(year) <= LAST_YEAR;
}

/** A day the calendar has, written yyyy-mm-dd (`2025-02-30` is not one), in the years above. */
export function isDay(value: string): boolean {
  if (!ISO_DAY.test(value) || !inYears(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** "2026-11-22" → "22/11/2026": dates read day first in both languages (spec: dd/MM/yyyy); anything else as is. */
export function showDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * A typed date as yyyy-mm-dd, or null when it is not a day of the calendar. Takes the spec's two formats —
 * dd/MM/yyyy (also with - or . between, one-digit day and month) and yyyy-mm-dd — in Latin or Arabic-Indic digits.
 */
export function parseDate(text: string): string | null {
  const latin = text.trim().replace(ARABIC_INDIC, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(latin);
  const iso = dayFirst
    ? `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`
    : latin;
  return isDay(iso) ? iso : null;
}

/**
 * The instants a day filter stands for: the start of `from`'s day and the end of `to`'s (23:59:59.999), in a
 * time zone `offsetMinutes` east of UTC (the merchant's; the Gulf is +180 or +240).
 */
export function dayBounds(day: string, end: boolean, offsetMinutes = 0): string {
  const at = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}Z`).getTime() - offsetMinutes * 60_000;
  return new Date(at).toISOString();
}
