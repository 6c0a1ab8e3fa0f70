/**
 * The capital entities as the API answers them (capital spec §3), the fields the rules read. Shared by the
 * server (which answers them) and the browser (which shows them).
 */

export const LOAN_STATUSES = [
  'submitted',
  'approved',
  'waiting',
  'waiting_for_dda',
  'paying',
  'overdue',
  'closed',
  'rejected',
  'reset',
  'cancelled',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const APPLICATION_STATUSES = [
  'submitted',
  'approved',
  'rejected',
  'reset',
  'cancelled',
  'verified',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const DIRECT_DEBIT_STATUSES = [
  'created',
  'pending',
  'waiting_for_bank_approval',
  'active',
  'rejected',
  'error',
  'canceled',
  'closed',
] as const;
export type DirectDebitStatus = (typeof DIRECT_DEBIT_STATUSES)[number];

export const OFFER_TAGS = [
  'early_payoff',
  'bank_statement_required',
  'full_revenue_flow',
  'kyb_application',
] as const;
export type OfferTag = (typeof OFFER_TAGS)[number];

export interface Offer {
  id: string;
  merchant_id: string;
  store_id: string | null;
  merchant_name: string;
  amount: number;
  currency: string;
  tenor: number;
  repayment_rate: number;
  tags: string[];
  /**
   * The fee of each week of the advance, in percent of the amount. Not in the spec's offer (§3), which names
   * no fee: added so the quote can be worked out from the offer's own terms (quote.ts).
   */
  weekly_fee_percent?: number;
  metadata?: { early_payoff_loan_deduction?: number; early_payoff_loan_resulting_amount?: number };
}

export interface Repayment {
  id: string;
  date: string;
  /** `early_pay_off`, or anything else for a weekly deduction. */
  repayment_type: string;
  /** What was taken towards the advance that week. */
  amount: number;
  /** The week's settlement (sales payout) the amount was taken from. */
  payment_amount: number;
  /** Direct-debit loans: what happened to the week's debit. */
  status?: 'paid' | 'pending' | 'failed' | null;
}

export interface Loan {
  id: string;
  status: string;
  currency: string;
  amount: number;
  fee_amount: number;
  /** The total owed. */
  amount_vat: number;
  paid_amount: number;
  tenor: number;
  repayment_rate: number;
  minimum_repayment_amount: number;
  next_repayment_date: string | null;
  tags: string[];
  early_pay_off?: { repayment_amount: number; capital_amount: number } | null;
  legal_info?: { company_name?: string | null; legal_name?: string | null } | null;
  direct_debit?: { status: string } | null;
  repayments: Repayment[];
  applied_at?: string | null;
}

/** An application as the loans list shows it (§3 "Application record on the list"). */
export interface ApplicationRecord {
  application: { application_id: string; status: string; created_at: string };
  offer: { amount_vat: number; currency: string };
  sign_authority?: { legal_name?: string | null } | null;
}

/** Loan defaults (§3, §9). */
export const DEFAULT_TENOR_WEEKS = 28;
export const DEFAULT_REPAYMENT_RATE = 22;

export const isDirectDebit = (loan: Pick<Loan, 'tags'>): boolean => loan.tags.includes('direct_debit');

/** §7's `{connector}` of the e-commerce calls, and its platforms (§3 Ecommerce connection). */
export const CONNECTORS = ['ecommerce'] as const;
export const PLATFORMS = ['amazon', 'shopify', 'woo_commerce'] as const;
/** §2 Waitlist page: the purposes offered. */
export const CAPITAL_USES = [
  'invest_in_marketing',
  'manage_cash_flows',
  'buy_more_inventory',
  'other',
] as const;
/** §9: the signatory's code has 4 digits. */
export const SIGNATORY_CODE_LENGTH = 4;
