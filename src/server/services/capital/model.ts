/**
 * Capital's shapes and pure helpers (capital spec §3): who is asking, an offer and a loan as the API answers
 * them, an application's steps, the terms of an approved application, an application's record on the loans list,
 * and the checks of the amount and tenor asked for. No database here: every other room of the wing reads these.
 */
import { isObject, type JsonObject } from '../../../engine/core/json';
import { maxAmountFor, OFFER_LIMITS } from '../../../domain/capital/offers';
import { quote } from '../../../domain/capital/quote';
import { progress } from '../../../domain/capital/loans';
import type { ApplicationStep } from '../../../domain/capital/steps';
import type { Offer } from '../../../domain/capital/types';
import { fieldError, HttpError, type FieldError } from '../../errors';
import type { ApplicationRow, LoanRow, OfferRow } from '../../repositories/capital';

/** Who asks: the account, the merchants whose capital it sees (§6), and whether sales data is on. */
export interface CapitalScope {
  accountId: string;
  merchantIds: string[];
  integrationForm: boolean;
  /** The `capital_waitlist` experiment: the waitlist is open to the account (§7 "flags gate … waitlist"). */
  waitlist: boolean;
}

export type Doc = JsonObject;
export { isObject };
/** An application's steps (none before a wizard gave it some). */
export const stepsOf = (data: Doc): ApplicationStep[] => (data.steps as ApplicationStep[] | undefined) ?? [];
/** The steps with these marked complete. */
export const completeSteps = (steps: ApplicationStep[], names: ReadonlySet<string>) =>
  steps.map((s) => (names.has(s.name) ? { ...s, completed: true } : s));
export const invalid = (errors: Record<string, FieldError>, message = 'bad_request') =>
  new HttpError(400, message, errors);
/** The document minus what only the server reads (keys starting with `_`: the signatory's code). */
export const publicData = (data: Doc) =>
  Object.fromEntries(Object.entries(data).filter(([k]) => !k.startsWith('_')));

/** An offer as the API answers it (§3 Offer). */
export function offerView(row: OfferRow): Offer {
  const d = row.data;
  return {
    id: row.id,
    merchant_id: row.merchantId,
    store_id: row.storeId,
    merchant_name: row.merchantName,
    amount: Number(d.amount),
    currency: String(d.currency ?? 'AED'),
    tenor: Number(d.tenor ?? OFFER_LIMITS.tenor.max),
    repayment_rate: Number(d.repayment_rate ?? 22),
    tags: Array.isArray(d.tags) ? (d.tags as string[]) : [],
    ...(typeof d.weekly_fee_percent === 'number' ? { weekly_fee_percent: d.weekly_fee_percent } : {}),
    metadata: isObject(d.metadata) ? d.metadata : {},
  };
}

/** A loan as the API answers it (§3 Loan): its document, with `repaid_percent` worked out. */
export function loanView(row: LoanRow) {
  const d = row.data;
  const loan = {
    id: row.id,
    merchant_id: row.merchantId,
    status: row.status,
    tenor: 28,
    repayment_rate: 22,
    tags: [] as string[],
    repayments: [] as unknown[],
    next_repayment_date: null,
    ...publicData(d),
  };
  return {
    ...loan,
    repaid_percent: progress({ paid_amount: Number(d.paid_amount), amount_vat: Number(d.amount_vat) }),
  };
}

/** What an approved application's summary shows (§2 Approved summary), from the quote of its terms. */
export function loanTerms(data: Doc, offer: Offer | undefined, decidedAt: Date) {
  if (isObject(data.loan_terms)) return data.loan_terms;
  const amount = Number(data.amount);
  const tenor = Number(data.tenor);
  if (!Number.isFinite(amount) || !Number.isFinite(tenor) || tenor <= 0) return null;
  const currency = String(data.currency ?? offer?.currency ?? 'AED');
  const q = quote({ amount, tenor, currency, weeklyFeePercent: offer?.weekly_fee_percent });
  const start = new Date(decidedAt);
  const end = new Date(start.getTime() + tenor * 7 * 86_400_000);
  return {
    amount,
    currency,
    fee_percent: q.fee_percent,
    fee_amount: q.fee_amount,
    minimum_repayment_amount: q.min_repayment_amount,
    tenor,
    start_date: start.toISOString().slice(0, 10),
    end_date: end.toISOString().slice(0, 10),
  };
}

/** An application as the API answers it (§3 Application), given its offer (gone: undefined). */
export function applicationView(row: ApplicationRow, offer: Offer | undefined) {
  const data = publicData(row.data);
  return {
    reasons: [],
    steps: [],
    ...data,
    id: row.id,
    application_id: row.id,
    merchant_id: row.merchantId,
    offer_id: row.offerId,
    status: row.status,
    currency: String(row.data.currency ?? offer?.currency ?? 'AED'),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    loan_terms: row.status === 'approved' ? loanTerms(row.data, offer, row.updatedAt) : null,
  };
}

/** The list record of an application (§3 "Application record on the list"). */
export function applicationRecord(row: ApplicationRow, offers: Map<string, Offer>) {
  const offer = row.offerId ? offers.get(row.offerId) : undefined;
  const currency = String(row.data.currency ?? offer?.currency ?? 'AED');
  const amount = Number(row.data.amount ?? offer?.amount ?? 0);
  const tenor = Number(row.data.tenor ?? offer?.tenor ?? 0);
  const total =
    amount > 0 && tenor > 0
      ? quote({ amount, tenor, currency, weeklyFeePercent: offer?.weekly_fee_percent }).total_amount
      : 0;
  const legal = isObject(row.data.sign_authority)
    ? row.data.sign_authority.legal_name
    : isObject(row.data.legal_info)
      ? row.data.legal_info.company_name
      : undefined;
  return {
    application: { application_id: row.id, status: row.status, created_at: row.createdAt.toISOString() },
    offer: { amount_vat: total, currency },
    sign_authority: { legal_name: typeof legal === 'string' ? legal : null },
    merchant_id: row.merchantId,
    offer_id: row.offerId,
  };
}

/** Amount and tenor asked for on an offer: problems by pointer. */
export function termErrors(body: { amount?: unknown; tenor?: unknown }, offer: Offer, required: boolean) {
  const errors: Record<string, FieldError> = {};
  const maxAmount = maxAmountFor(offer);
  const check = (field: 'amount' | 'tenor', min: number, max: number) => {
    const value = body[field];
    if (value === undefined || value === null) {
      if (required) errors[`/${field}`] = fieldError('validation:error.required');
      return;
    }
    if (typeof value !== 'number' || !Number.isFinite(value))
      errors[`/${field}`] = fieldError('validation:error.type.number');
    else if (value < min)
      errors[`/${field}`] = fieldError(
        field === 'amount' ? 'capital:error.amountMin' : 'capital:error.tenorMin',
        {
          min,
        },
      );
    else if (value > max)
      errors[`/${field}`] = fieldError(
        field === 'amount' ? 'capital:error.amountMax' : 'capital:error.tenorMax',
        {
          max,
        },
      );
  };
  check('amount', OFFER_LIMITS.amount.min, maxAmount);
  check('tenor', OFFER_LIMITS.tenor.min, OFFER_LIMITS.tenor.max);
  return errors;
}

/** A 409 for an application that was already sent, naming it (the page then shows the application). */
export const alreadyApplied = (message: string, applicationId: string) =>
  new HttpError(409, message, undefined, { reason: 'already_applied', application_id: applicationId });

/** The object at a value, or an empty one. */
export const objectOf = (value: unknown): Doc => (isObject(value) ? value : {});

/** §7: "file urls are sent decoded" (an address that is not percent-encoded stays as it is). */
export function decodedUrl(url: string) {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
