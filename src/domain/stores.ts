/**
 * A store's terms (onboarding spec §2 "Stores: … commissions, contract, available products, schedules", §3;
 * docs/stores.md): what the provider charges per product, and when the store's money is paid out — both in the
 * merchant's currency (the store's country's). Pure: no I/O.
 */
import { isOneOf } from './oneOf';

/** The store detail's tabs, in the page's order; the address's `{tab}` (shell spec §2.6). */
export const STORE_TABS = ['commissions', 'contract', 'products', 'schedules'] as const;
export type StoreTab = (typeof STORE_TABS)[number];
export const isStoreTab = isOneOf(STORE_TABS);

/** The payment products a store may offer (the fixture schema's list). */
export const PRODUCTS = [
  'pay_later',
  'installments',
  'monthly_billing',
  'credit_card_installments',
  'virtual_card_installments',
  'pay_in_full',
  'acquiring',
] as const;
export type Product = (typeof PRODUCTS)[number];

/** The merchant's currency by the store's country (ISO 4217). */
const CURRENCY: Record<string, string> = {
  SAU: 'SAR',
  ARE: 'AED',
  BHR: 'BHD',
  KWT: 'KWD',
  QAT: 'QAR',
  OMN: 'OMR',
  EGY: 'EGP',
};
export const currencyOfCountry = (country: string) => CURRENCY[country] ?? 'SAR';

export interface Commission {
  product: Product;
  /** Of each order's amount, in percent (e.g. 4.99). */
  rate_percent: number;
  /** A fixed fee per order, in the currency's minor units (halalas, fils). */
  fixed_fee_minor: number;
}

export const PAYOUT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type PayoutFrequency = (typeof PAYOUT_FREQUENCIES)[number];

export interface PayoutSchedule {
  product: Product;
  frequency: PayoutFrequency;
  /** Weekly: the day of the week, 0 Sunday … 6 Saturday. */
  weekday?: number;
  /** Monthly: the day of the month, 1 … 28 (every month has it). */
  day_of_month?: number;
  /** Days between an order's capture and its money being included in a payout. */
  delay_days: number;
  /** Below this (minor units) the money waits for the next payout. */
  minimum_minor: number;
}

const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** Whether a schedule pays on a day (yyyy-mm-dd): every day, its weekday, or its day of the month. */
export function paysOn(
  schedule: Pick<PayoutSchedule, 'frequency' | 'weekday' | 'day_of_month'>,
  day: string,
) {
  const date = new Date(`${day}T00:00:00Z`);
  if (schedule.frequency === 'daily') return true;
  if (schedule.frequency === 'weekly') return date.getUTCDay() === (schedule.weekday ?? 0);
  return date.getUTCDate() === (schedule.day_of_month ?? 1);
}

/**
 * The next payout day on or after `today` (yyyy-mm-dd): every day (daily), the schedule's weekday (weekly) or
 * day of the month (monthly).
 */
export function nextPayoutDay(
  schedule: Pick<PayoutSchedule, 'frequency' | 'weekday' | 'day_of_month'>,
  today: string,
): string {
  const date = new Date(`${today}T00:00:00Z`);
  for (let i = 0; i < 62; i += 1) {
    const day = toDay(new Date(date.getTime() + i * 86_400_000));
    if (paysOn(schedule, day)) return day;
  }
  return today;
}
