/**
 * How analytics shows its figures: money with its currency, counts as whole numbers, a period by its first day (a
 * month by its name), the change on the previous period in percent — all with Latin digits, left to right inside
 * Arabic text (the components isolate them).
 */
import { capitalDate, money } from '../../../domain/capital/format';
import { isolate } from '../../components/listText';
import { change, type Granularity, type Metric } from '../../../domain/analytics';
import type { Lang } from '../../../domain/capital/format';
import type { Figures } from './api';

export const isMoney = (metric: Metric) => metric !== 'orders';

/** A metric's value of some figures as a number (money in major units), for the chart. */
export const valueOf = (figures: Figures, metric: Metric) => Number(figures[metric]);

export function showValue(value: number, metric: Metric, currency: string, lang: Lang): string {
  return isMoney(metric) ? money(value, currency, lang) : Math.round(value).toLocaleString('en-GB');
}

/** A short axis tick: 12.5K, 1.2M (money without its currency: the axis says it once). */
export function showTick(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${(value / 1_000_000).toFixed(abs >= 10_000_000 ? 0 : 1)}M`;
  if (abs >= 10_000) return `${(value / 1000).toFixed(0)}K`;
  if (abs >= 1000) return `${(value / 1000).toFixed(1)}K`;
  return String(Math.round(value));
}

// Made on first use, in the language shown: Arabic's calendar data is costly to load on a phone (issue 54).
const MONTH: Partial<Record<Lang, Intl.DateTimeFormat>> = {};
const month = (lang: Lang) =>
  (MONTH[lang] ??= new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }));

export function showPeriod(start: string, granularity: Granularity, lang: Lang): string {
  if (granularity === 'month') return month(lang).format(new Date(`${start}T00:00:00Z`));
  return capitalDate(start, new Date(), lang);
}

/** "+12.5%", "−3%", or null when there is nothing to compare with. */
export function showChange(current: number, previous: number): string | null {
  const c = change(current, previous);
  if (c === null) return null;
  return `${c > 0 ? '+' : c < 0 ? '−' : ''}${Math.abs(c).toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;
}

/** A range of days, "2 Sep – 30 Nov", each day in its own isolate (day first in Arabic; issue 56). */
export const showRange = (from: string, to: string, lang: Lang) =>
  from === to
    ? isolate(capitalDate(from, new Date(), lang))
    : `${isolate(capitalDate(from, new Date(), lang))} – ${isolate(capitalDate(to, new Date(), lang))}`;
