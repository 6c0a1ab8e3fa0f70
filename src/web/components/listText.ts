/**
 * Dates and values as the lists and detail pages write them (onboarding spec §9): a day "23 Nov" this year or
 * dd/MM/yy, a time of day, a value isolated left to right inside Arabic text.
 */
import { capitalDate, type Lang } from '../../domain/capital/format';

export const langOf = (language: string): Lang => (language === 'ar' ? 'ar' : 'en');

/** An instant's day in the browser's time zone, as yyyy-mm-dd. */
export function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** An instant as its day: "23 Nov" this year, else 23/11/25. */
export const dayText = (iso: string, lang: Lang) => capitalDate(localDay(iso), new Date(), lang);

/** An instant's time of day in the browser's time zone, 24-hour (14:05), Latin digits in both languages. */
export function timeText(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** A value inside a sentence of the other direction, kept in its own (Unicode first-strong isolate). */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * A value that is always written left to right (a masked phone "+9665••••••67", a time "12:04") inside a sentence:
 * a left-to-right isolate says so outright, where a first-strong one would follow whatever letter the value holds.
 */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;

/** Minutes east of UTC of the browser's time zone now (a day filter or "today" is the merchant's own day). */
export const tzOffset = () => -new Date().getTimezoneOffset();
