/**
 * Dates and amounts as capital shows them (capital spec §9): a date in the current year as day and month only,
 * any other as dd/MM/yy; offer amounts rounded to whole units; other amounts with their currency's decimals.
 *
 * Arabic uses Latin digits here, as Gulf banks' statements do: amounts and dates sit next to IBANs and phone
 * numbers that merchants type in Latin digits, and they are shown isolated left to right (style.md).
 */

export type Lang = 'en' | 'ar';

const LOCALE: Record<Lang, string> = { en: 'en-GB', ar: 'ar-AE-u-nu-latn' };

/**
 * The day-and-month formatter of a language, made on first use: made for both languages as the module loaded,
 * every page importing it (the home, orders) paid ~40 ms of a phone's first render for Arabic's calendar data
 * it might never show (issue 54, profiled).
 */
const DAY_MONTH: Partial<Record<Lang, Intl.DateTimeFormat>> = {};
const dayMonth = (lang: Lang) =>
  (DAY_MONTH[lang] ??= new Intl.DateTimeFormat(LOCALE[lang], {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }));

/** Intl formatters are costly to build and a repayment table asks for hundreds: one per set of options. */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

const decimalsOf = new Map<string, number>();

/** The number of decimals of a currency (AED 2, KWD 3, KRW 0 …), as Intl knows it. */
export function currencyDecimals(currency: string): number {
  let decimals = decimalsOf.get(currency);
  if (decimals === undefined) {
    try {
      decimals =
        numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      decimals = 2;
    }
    decimalsOf.set(currency, decimals);
  }
  return decimals;
}

/**
 * An amount's formatter by language, currency and decimals, found by a short key rather than the JSON of its
 * options: a list of orders asks for one per amount, and that JSON and the currency's decimals were the largest
 * part of drawing a row at a phone's CPU (issue 54, profiled).
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(lang: Lang, currency: string, decimals: number): Intl.NumberFormat {
  const key = `${lang} ${currency} ${decimals}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    try {
      format = new Intl.NumberFormat(LOCALE[lang], {
        style: 'currency',
        currency,
        currencyDisplay: 'code',
        ...digits,
      });
    } catch {
      format = new Intl.NumberFormat(LOCALE[lang], digits);
    }
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * A capital date: "23 Nov" (day and month) in the year of `now`, else "23/11/25". Dates are calendar dates
 * (yyyy-mm-dd, or the date part of a timestamp), shown as written, never moved by a time zone.
 * @returns - the text, or the input unchanged when it is not a date
 */
export function capitalDate(value: string, now: Date, lang: Lang): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  if (Number(year) === now.getUTCFullYear())
    return dayMonth(lang).format(new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))));
  return `${day}/${month}/${year!.slice(2)}`;
}

/**
 * An amount with its currency: with the currency's decimals, or rounded to whole units (`whole`, offers). A
 * negative one carries the minus sign (U+2212), as the signs written beside amounts do ("−SAR 10.00"; issue 56:
 * "-SAR" from here beside "−SAR" elsewhere).
 */
export function money(
  amount: number,
  currency: string,
  lang: Lang,
  options: { whole?: boolean } = {},
): string {
  const decimals = options.whole ? 0 : currencyDecimals(currency);
  return moneyFormat(lang, currency, decimals)
    .format(options.whole ? Math.round(amount) : amount)
    .replace('-', '\u2212');
}
