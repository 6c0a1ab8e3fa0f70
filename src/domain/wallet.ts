/**
 * The merchant wallet and its virtual card (shell spec §2.3 "Finance: merchant wallet … card", §6 gates; issue 35;
 * docs/wallet.md). Pure: the server keeps the ledger with it and the tests read it as tables. Amounts are integers
 * in the currency's minor units.
 *
 * What the spec leaves open, decided here (docs/wallet.md says why):
 * - A merchant has **one wallet, in its own currency** (SAU → SAR, ARE → AED). Its payouts go to the bank account
 *   on file unless the merchant chose the wallet; a change applies from the next payout run. Payouts in another
 *   currency always go to the bank.
 * - The wallet is a **ledger of movements**: a payout credited (pending on its payout day, available the day
 *   after — when the payout is `paid`), a transfer out to the bank (taken at once, in transit on its day, paid the
 *   day after), a card payment (taken at once). The balance is never read from a stored total: it is the sum.
 * - **Transfers to the bank** need a fresh second-factor code and stay inside the limits below.
 * - **The card** spends the wallet's available balance; a frozen or closed card is declined, as is a payment over
 *   the balance or the card's daily limit.
 */
import { currencyDecimals } from './money';
import { addDays } from './payouts';
import { isOneOf } from './oneOf';

/** Where a merchant's payouts go. */
export const PAYOUT_DESTINATIONS = ['bank', 'wallet'] as const;
export type PayoutDestination = (typeof PAYOUT_DESTINATIONS)[number];

export const MOVEMENT_KINDS = ['payout', 'transfer', 'card'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const isMovementKind = isOneOf(MOVEMENT_KINDS);

/** A movement's state on a day: money coming in is `pending` until it is available; money out is `in_transit` on its day (a transfer) and `completed` after. */
export const MOVEMENT_STATUSES = ['pending', 'in_transit', 'completed'] as const;
export type MovementStatus = (typeof MOVEMENT_STATUSES)[number];
export const isMovementStatus = isOneOf(MOVEMENT_STATUSES);

/** The wallet's currency: the merchant's country's (the stores' rule, domain/stores.ts). */
export { currencyOfCountry as walletCurrency } from './stores';

export interface Movement {
  kind: MovementKind;
  /** Signed: money in is positive. */
  amount: number;
  /** yyyy-mm-dd (UTC): the payout's day, the transfer's or the payment's. */
  day: string;
}

/** A payout credited on `day` is available from the day after (the day the payout is `paid`). */
export const availableOn = (movement: Movement) =>
  movement.amount > 0 && movement.kind === 'payout' ? addDays(movement.day, 1) : movement.day;

export function movementStatus(movement: Movement, today: string): MovementStatus {
  if (movement.amount > 0) return availableOn(movement) <= today ? 'completed' : 'pending';
  if (movement.kind === 'transfer') return movement.day < today ? 'completed' : 'in_transit';
  return 'completed';
}

export interface Balance {
  /** What can be moved out or spent now. */
  available: number;
  /** Money coming in that is not available yet (payouts sent today). */
  pending: number;
  /** Money on its way to the bank (transfers of today), already taken from `available`. */
  in_transit: number;
}

/** The wallet's balance on a day: every movement out counts at once, money in once it is available. */
export function balanceOf(movements: readonly Movement[], today: string): Balance {
  const balance: Balance = { available: 0, pending: 0, in_transit: 0 };
  for (const m of movements) {
    const status = movementStatus(m, today);
    if (m.amount > 0) {
      if (status === 'completed') balance.available += m.amount;
      else balance.pending += m.amount;
    } else {
      balance.available += m.amount;
      if (status === 'in_transit') balance.in_transit -= m.amount;
    }
  }
  return balance;
}

/**
 * Transfer limits in major units, per currency (the AED figures; SAR and QAR the same, the 3-decimal currencies
 * round figures of about the same worth, like the payout fee's table): the least and most one transfer moves, what
 * a day's transfers move in all, and how many a day.
 */
const TRANSFER_LIMITS: Record<string, { min: number; max: number; daily: number; count: number }> = {
  AED: { min: 10, max: 50_000, daily: 100_000, count: 5 },
  SAR: { min: 10, max: 50_000, daily: 100_000, count: 5 },
  QAR: { min: 10, max: 50_000, daily: 100_000, count: 5 },
  BHD: { min: 1, max: 5_000, daily: 10_000, count: 5 },
  OMR: { min: 1, max: 5_000, daily: 10_000, count: 5 },
  KWD: { min: 1, max: 4_000, daily: 8_000, count: 5 },
  EGP: { min: 100, max: 500_000, daily: 1_000_000, count: 5 },
};

export interface TransferLimits {
  currency: string;
  min_minor: number;
  max_minor: number;
  daily_minor: number;
  daily_count: number;
}

export function transferLimits(currency: string): TransferLimits {
  const rule = TRANSFER_LIMITS[currency] ?? TRANSFER_LIMITS.AED!;
  const scale = 10 ** currencyDecimals(currency);
  return {
    currency,
    min_minor: rule.min * scale,
    max_minor: rule.max * scale,
    daily_minor: rule.daily * scale,
    daily_count: rule.count,
  };
}

/** Why a transfer is refused (each a message in docs/wallet.md and the wallet's translations). */
export type TransferRefusal =
  | 'below_minimum'
  | 'above_maximum'
  | 'insufficient_funds'
  | 'daily_limit'
  | 'daily_count'
  | 'no_bank_account';

/**
 * Whether a transfer of `amount` may go: the limits first (they do not change), then the day's totals, then the
 * balance. `today` is what the wallet's transfers of the day moved already.
 */
export function checkTransfer(input: {
  amount: number;
  currency: string;
  available: number;
  today: { total: number; count: number };
  hasBankAccount: boolean;
}): TransferRefusal | null {
  const limits = transferLimits(input.currency);
  if (!input.hasBankAccount) return 'no_bank_account';
  if (input.amount < limits.min_minor) return 'below_minimum';
  if (input.amount > limits.max_minor) return 'above_maximum';
  if (input.today.count >= limits.daily_count) return 'daily_count';
  if (input.today.total + input.amount > limits.daily_minor) return 'daily_limit';
  if (input.amount > input.available) return 'insufficient_funds';
  return null;
}

// ——— The card ———

export const CARD_STATUSES = ['active', 'frozen'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** A card payment's daily limit, in major units (AED; the others like the transfers'). */
const CARD_DAILY: Record<string, number> = {
  AED: 20_000,
  SAR: 20_000,
  QAR: 20_000,
  BHD: 2_000,
  OMR: 2_000,
  KWD: 1_600,
  EGP: 200_000,
};
export const cardDailyLimit = (currency: string) =>
  (CARD_DAILY[currency] ?? CARD_DAILY.AED!) * 10 ** currencyDecimals(currency);

export type CardDecline = 'card_frozen' | 'insufficient_funds' | 'daily_limit' | 'bad_amount';

/** Whether the card may pay `amount` now (an issuer's authorisation). */
export function authorise(input: {
  status: CardStatus;
  amount: number;
  currency: string;
  available: number;
  spentToday: number;
}): CardDecline | null {
  if (!Number.isInteger(input.amount) || input.amount <= 0) return 'bad_amount';
  if (input.status !== 'active') return 'card_frozen';
  if (input.spentToday + input.amount > cardDailyLimit(input.currency)) return 'daily_limit';
  if (input.amount > input.available) return 'insufficient_funds';
  return null;
}

/** The Luhn check digit of a card number's other digits (ISO/IEC 7812). */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export const luhnValid = (number: string) =>
  /^\d{12,19}$/.test(number) && luhnDigit(number.slice(0, -1)) === Number(number.slice(-1));

/** The range our simulated issuer numbers cards in (a Visa test prefix: never a real card). */
export const TEST_BIN = '400000';

/** A 16-digit card number in the test range from nine digits of its own, with its Luhn check digit. */
export function testCardNumber(nineDigits: string): string {
  const body = TEST_BIN + nineDigits;
  return body + String(luhnDigit(body));
}

/** A name as printed on a card: Latin letters, spaces, dots, hyphens and apostrophes, 2 to 26 (after trimming). */
export const isHolderName = (name: string) => /^[A-Za-z][A-Za-z .'-]{1,25}$/.test(name);

/** A card number as shown before it is revealed: its last four digits only. */
export const maskCardNumber = (number: string) => `•••• •••• •••• ${number.slice(-4)}`;
