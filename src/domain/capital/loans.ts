/**
 * Loans and their repayments as the loans list and the loan detail show them (capital spec §2 "Loans list",
 * "Loan detail", §4 "States and transitions", §9).
 *
 * Decisions where the spec is silent:
 * - A loan whose status the spec does not group (submitted, approved, reset count as active like applications;
 *   rejected and cancelled as inactive; any unknown status as inactive with the default badge) is still listed:
 *   a merchant's loan is never hidden. Within a group the newest comes first.
 * - Direct-debit weeks: the percent rule does not apply ("always paid"); a debit the bank reports pending or
 *   failed shows the bar's pending or failed colour, the two colours the spec lists for no other case.
 * - Progress is capped at 100 (an overpaid loan is repaid, not 104 % repaid).
 * - An overdue loan without any repayment yet has no alert: the alerts speak of "this week's" repayment.
 */
import { isDirectDebit, type ApplicationRecord, type Loan, type Repayment } from './types';

/** §9: overdue warning above the rate up to 60 percent; critical above 60 up to 100. */
export const OVERDUE_CRITICAL_FROM = 60;

const ACTIVE_LOAN = new Set(['paying', 'overdue', 'waiting', 'waiting_for_dda']);
const ACTIVE_APPLICATION = new Set(['submitted', 'approved', 'reset']);

export type ListItem = { kind: 'loan'; loan: Loan } | { kind: 'application'; record: ApplicationRecord };

const dateOf = (item: ListItem) =>
  item.kind === 'loan' ? (item.loan.applied_at ?? '') : item.record.application.created_at;

/**
 * The loans list's two groups (§2): active — loans paying, overdue, waiting or waiting_for_dda and applications
 * submitted, approved or reset; inactive — closed loans and rejected or cancelled applications. Newest first.
 */
export function loanGroups(
  loans: readonly Loan[],
  applications: readonly ApplicationRecord[],
): { active: ListItem[]; inactive: ListItem[] } {
  const items: ListItem[] = [
    ...loans.map((loan) => ({ kind: 'loan' as const, loan })),
    ...applications.map((record) => ({ kind: 'application' as const, record })),
  ].sort((a, b) => dateOf(b).localeCompare(dateOf(a)));
  const active = (item: ListItem) =>
    item.kind === 'loan'
      ? ACTIVE_LOAN.has(item.loan.status) || ACTIVE_APPLICATION.has(item.loan.status)
      : ACTIVE_APPLICATION.has(item.record.application.status);
  return { active: items.filter(active), inactive: items.filter((item) => !active(item)) };
}

export type BadgeTone = 'warning' | 'negative' | 'default' | 'positive' | 'accent';

const TONES: Record<string, BadgeTone> = {
  submitted: 'warning',
  reset: 'warning',
  overdue: 'negative',
  rejected: 'negative',
  closed: 'default',
  approved: 'positive',
  waiting: 'positive',
  paying: 'accent',
  waiting_for_dda: 'accent',
};

/** A status badge's tone (§4); statuses the spec gives none (cancelled, unknown) are default. */
export const badgeTone = (status: string): BadgeTone => TONES[status] ?? 'default';

export type WeekStatus =
  'early_payoff' | 'paying' | 'paid' | 'overdue_warning' | 'overdue_critical' | 'pending' | 'failed';

/** The share of the week's settlement that was taken, in percent (NaN when nothing can be said). */
export const deductedPercent = (repayment: Repayment): number =>
  (repayment.amount / repayment.payment_amount) * 100;

/**
 * A week's status (§4): direct-debit loans are always paid; an early pay-off entry is early payoff; at or below
 * the repayment rate is paid; above the rate up to 60 is overdue warning; above 60 up to 100 is overdue critical;
 * anything else is paid.
 */
export function weekStatus(repayment: Repayment, loan: Pick<Loan, 'tags' | 'repayment_rate'>): WeekStatus {
  if (isDirectDebit(loan)) {
    if (repayment.status === 'pending') return 'pending';
    if (repayment.status === 'failed') return 'failed';
    return 'paid';
  }
  if (repayment.repayment_type === 'early_pay_off') return 'early_payoff';
  const percent = deductedPercent(repayment);
  if (percent <= loan.repayment_rate) return 'paid';
  if (percent <= OVERDUE_CRITICAL_FROM) return 'overdue_warning';
  if (percent <= 100) return 'overdue_critical';
  return 'paid';
}

const byDate = (a: Repayment, b: Repayment) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id);

/** The loan's repayments, oldest first. */
export const repaymentsInOrder = (loan: Pick<Loan, 'repayments'>): Repayment[] =>
  [...loan.repayments].sort(byDate);

export interface WeekSlot {
  /** The week, counted from 1. */
  week: number;
  status: WeekStatus;
  repayment: Repayment | null;
}

/**
 * The week bar (§4): one slot per repayment, oldest first, padded to the tenor with future weeks ("paying");
 * after an early payoff the remaining slots repeat the early-payoff entry.
 */
export function weekSlots(loan: Pick<Loan, 'tags' | 'repayment_rate' | 'tenor' | 'repayments'>): WeekSlot[] {
  const slots: WeekSlot[] = repaymentsInOrder(loan).map((repayment, i) => ({
    week: i + 1,
    status: weekStatus(repayment, loan),
    repayment,
  }));
  const earlyPayoff = slots.find((slot) => slot.status === 'early_payoff');
  for (let week = slots.length + 1; week <= loan.tenor; week++)
    slots.push(
      earlyPayoff
        ? { week, status: 'early_payoff', repayment: earlyPayoff.repayment }
        : { week, status: 'paying', repayment: null },
    );
  return slots;
}

export type LegendEntry = 'to_pay' | 'repaid' | 'overdue' | 'early_payoff';

/** The legend (§4): always to pay and repaid; overdue when any week is critical; early payoff when any is early. */
export function legend(slots: readonly WeekSlot[]): LegendEntry[] {
  return [
    'to_pay',
    'repaid',
    ...(slots.some((s) => s.status === 'overdue_critical') ? (['overdue'] as const) : []),
    ...(slots.some((s) => s.repayment?.repayment_type === 'early_pay_off')
      ? (['early_payoff'] as const)
      : []),
  ];
}

/** Progress (§4): floor(paid / total owed * 100), 0 if not a number, at most 100. */
export function progress(loan: Pick<Loan, 'paid_amount' | 'amount_vat'>): number {
  const value = Math.floor((loan.paid_amount / loan.amount_vat) * 100);
  return Number.isFinite(value) ? Math.max(0, Math.min(100, value)) : 0;
}

export type LoanAlert =
  | { kind: 'paying_warning' }
  | { kind: 'overdue_critical'; amount: number }
  | { kind: 'overdue_weekly_minimum' };

/**
 * The loan's alert (§4), from its latest repayment: paying with the deducted percent above the rate and the amount
 * equal to the minimum — repayment rate increased; overdue with nothing repaid — critical, with the week's payout;
 * overdue with less than the minimum repaid — weekly minimum not met. None for closed or direct-debit loans.
 */
export function loanAlert(loan: Loan): LoanAlert | null {
  if (loan.status === 'closed' || isDirectDebit(loan)) return null;
  const latest = repaymentsInOrder(loan).at(-1);
  if (!latest) return null;
  if (
    loan.status === 'paying' &&
    deductedPercent(latest) > loan.repayment_rate &&
    latest.amount === loan.minimum_repayment_amount
  )
    return { kind: 'paying_warning' };
  if (loan.status === 'overdue' && latest.amount === 0)
    return { kind: 'overdue_critical', amount: latest.payment_amount };
  if (loan.status === 'overdue' && latest.amount > 0 && latest.amount < loan.minimum_repayment_amount)
    return { kind: 'overdue_weekly_minimum' };
  return null;
}

export type LoanBanner =
  { kind: 'arrives_with_payout'; date: string } | { kind: 'direct_debit_soon' } | { kind: 'fully_repaid' };

/**
 * The loan's banner (§4): a waiting loan with a next repayment date — the advance arrives with the next payout on
 * that date; a waiting direct-debit loan — capital reaches the bank account soon; a closed loan — fully repaid.
 */
export function loanBanner(loan: Loan): LoanBanner | null {
  if (loan.status === 'closed') return { kind: 'fully_repaid' };
  if (loan.status === 'waiting' || loan.status === 'waiting_for_dda') {
    if (isDirectDebit(loan)) return { kind: 'direct_debit_soon' };
    if (loan.status === 'waiting' && loan.next_repayment_date)
      return { kind: 'arrives_with_payout', date: loan.next_repayment_date };
  }
  return null;
}

export type DirectDebitNotice =
  | 'sms_sent'
  | 'bank_approval'
  | 'problem'
  | 'support_will_reach_out'
  | 'unable_to_charge'
  | 'funds_next_business_day';

const NOTICES: Record<string, DirectDebitNotice> = {
  created: 'sms_sent',
  pending: 'sms_sent',
  waiting_for_bank_approval: 'bank_approval',
  rejected: 'problem',
  error: 'problem',
  canceled: 'support_will_reach_out',
  closed: 'unable_to_charge',
};

/**
 * The direct-debit notice on a loan card (§4): by the debit's status; a waiting loan whose debit is active — funds
 * in 1 business day; none on a closed loan or a loan without a direct debit.
 */
export function directDebitNotice(loan: Loan): DirectDebitNotice | null {
  if (loan.status === 'closed' || !loan.direct_debit) return null;
  const status = loan.direct_debit.status;
  if (status === 'active') return loan.status === 'waiting' ? 'funds_next_business_day' : null;
  return NOTICES[status] ?? null;
}

/** The loan detail's breadcrumb (§2): the company's legal name, or "early payoff" when the loan has one. */
export const loanTitle = (loan: Loan): { kind: 'early_payoff' } | { kind: 'name'; name: string } =>
  loan.early_pay_off
    ? { kind: 'early_payoff' }
    : { kind: 'name', name: loan.legal_info?.legal_name || loan.legal_info?.company_name || '' };

/** The repayment table's sortable columns (§9); date descending is the default. */
export const REPAYMENT_COLUMNS = [
  'date',
  'repaymentAmount',
  'directDebitStatus',
  'resultingPayout',
  'settlementPayout',
] as const;
export type RepaymentColumn = (typeof REPAYMENT_COLUMNS)[number];

/** What a column shows for a repayment: the resulting payout is the settlement less what was taken. */
export function repaymentCell(repayment: Repayment, column: RepaymentColumn): string | number | null {
  switch (column) {
    case 'date':
      return repayment.date;
    case 'repaymentAmount':
      return repayment.amount;
    case 'directDebitStatus':
      return repayment.status ?? null;
    case 'resultingPayout':
      return repayment.payment_amount - repayment.amount;
    case 'settlementPayout':
      return repayment.payment_amount;
  }
}

/** The repayments sorted by a column (empty cells last either way, then by date descending). */
export function sortRepayments(
  repayments: readonly Repayment[],
  column: RepaymentColumn = 'date',
  direction: 'asc' | 'desc' = 'desc',
): Repayment[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...repayments].sort((a, b) => {
    const x = repaymentCell(a, column);
    const y = repaymentCell(b, column);
    if (x === null || y === null) return x === y ? byDate(b, a) : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order !== 0 ? sign * order : byDate(b, a);
  });
}
