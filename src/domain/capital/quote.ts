/**
 * The live quote and the approved summary's terms (capital spec §5, §7 "calculate", §2 "Approved summary").
 *
 * The spec names the answer (`min_repayment_amount`, `weekly_fee_amount`) but not the formula. The formula chosen,
 * from the offer's terms:
 * - fee = amount × weekly fee percent × tenor (a flat fee for each week of the advance). The weekly fee percent is
 *   the offer's `weekly_fee_percent`, else 0.45 — the rate of the spec's own example: 20,000 AED over 5 weeks,
 *   20,450 to repay, 4,090 a week (§9), i.e. a fee of 450 = 20,000 × 0.45 % × 5.
 * - minimum weekly repayment = (amount + fee) / tenor, rounded up to the currency's smallest unit, so the weeks
 *   repay at least what is owed (the last week takes what is left).
 * - weekly fee = fee / tenor, rounded to the currency's smallest unit.
 * The same function gives the approved summary's fee percent, fee total and minimum weekly repayment.
 */
import { currencyDecimals } from './format';

/** The fee of a week, in percent of the amount, when the offer names none (the spec's example, above). */
export const DEFAULT_WEEKLY_FEE_PERCENT = 0.45;

export interface Quote {
  amount: number;
  tenor: number;
  /** fee_percent of the amount over the whole tenor. */
  fee_percent: number;
  fee_amount: number;
  /** What is owed in all. */
  total_amount: number;
  min_repayment_amount: number;
  weekly_fee_amount: number;
}

/**
 * @param terms - amount and tenor (weeks) asked for, the offer's weekly fee percent, and the currency
 */
export function quote(terms: {
  amount: number;
  tenor: number;
  currency: string;
  weeklyFeePercent?: number | undefined;
}): Quote {
  const unit = 10 ** currencyDecimals(terms.currency);
  const weekly = terms.weeklyFeePercent ?? DEFAULT_WEEKLY_FEE_PERCENT;
  const feePercent = Math.round(weekly * terms.tenor * 1e6) / 1e6;
  const fee = Math.round(((terms.amount * feePercent) / 100) * unit) / unit;
  const total = Math.round((terms.amount + fee) * unit) / unit;
  return {
    amount: terms.amount,
    tenor: terms.tenor,
    fee_percent: feePercent,
    fee_amount: fee,
    total_amount: total,
    // A hair below a whole unit is rounding noise, not a cent more to pay.
    min_repayment_amount: Math.ceil(Math.round((total / terms.tenor) * unit * 1e6) / 1e6) / unit,
    weekly_fee_amount: Math.round((fee / terms.tenor) * unit) / unit,
  };
}

/** The illustrative example of the approved summary (§2, §9): week 0 to 5, repayment and left to pay, in AED. */
export function exampleSchedule(
  start = 20_450,
  weekly = 4_090,
): { week: number; repayment: number; left: number }[] {
  const rows = [{ week: 0, repayment: 0, left: start }];
  for (let week = 1; rows.at(-1)!.left > 0; week++) {
    const repayment = Math.min(weekly, rows.at(-1)!.left);
    rows.push({ week, repayment, left: rows.at(-1)!.left - repayment });
  }
  return rows;
}
