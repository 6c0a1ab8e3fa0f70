/**
 * Capital (capital spec §7): offers, the live quote, loans with their repayments, capital applications (create,
 * change, confirm the signatory's phone, submit, fix after a reset), e-commerce connections, the IBAN check and
 * the waitlist.
 *
 * Who sees what (§6): an account sees capital when it has the `capital` or `capital_fake_door` experiment, and
 * then only for the merchants whose membership allows payouts (`is_payouts_allowed`) — `canViewCapital` of the
 * shell, enforced here on every call (403 without any such merchant). Another merchant's offer, loan or
 * application reads as not found (404), so ids cannot be probed.
 *
 * Decisions where the spec is silent (README "Capital"):
 * - An application created from an offer is a `draft` until submitted (not one of the spec's statuses, so the
 *   loans list never shows it); a confirmed signatory phone makes it `verified` (§2 KYB wizard).
 * - The amount asked for is 10,000 … the offer's amount (never above 1,000,000); the tenor 4 … 28 weeks.
 * - A change to the answers marks the step they belong to complete (§3 steps): the wizard has nothing else to say.
 * - Loan apply (`POST …/capital/loans`) takes out the loan of an approved application: status `waiting`, terms
 *   from the quote of the application's amount and tenor (quote.ts).
 * - The e-commerce connect widget's token is checked by the configured connector (services/connectors.ts: the
 *   sandbox outside production); without one, connecting answers 503.
 */
import { randomUUID } from 'node:crypto';
import { flagsForRole } from '../../domain/permissions';
import { maxAmountFor, OFFER_LIMITS } from '../../domain/capital/offers';
import { quote } from '../../domain/capital/quote';
import { progress } from '../../domain/capital/loans';
import {
  initialSteps,
  isEditable,
  isSimpleOffer,
  simpleStage,
  type ApplicationStep,
} from '../../domain/capital/steps';
import type { Offer } from '../../domain/capital/types';
import { hashCode, newCode, newSalt, sameHash } from '../auth/codes';
import { readIban } from '../data/banks';
import type { Clock } from '../clock';
import { fieldError, HttpError, notFound, type FieldError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { ApplicationRow, CapitalRepository, LoanRow, OfferRow } from '../repositories/capital';
import type { OutboxService } from './outbox';
import type { EcommerceConnector } from './connectors';
import { SEND_LOCKED, VERIFY_LOCKED, type CodeLocks } from './codeLocks';

/** The connector of §7's `{connector}` paths, and its platforms (§3 Ecommerce connection). */
export const CONNECTORS = ['ecommerce'] as const;
export const PLATFORMS = ['amazon', 'shopify', 'woo_commerce'] as const;
/** §2 Waitlist page: the purposes offered. */
export const CAPITAL_USES = [
  'invest_in_marketing',
  'manage_cash_flows',
  'buy_more_inventory',
  'other',
] as const;

/** §9: signatory code of 4 digits; resend after 30 seconds. Ours: a code lasts 10 minutes, 5 wrong tries. */
export const SIGNATORY_CODE = { length: 4, resendAfterMs: 30_000, validMs: 10 * 60_000, maxAttempts: 5 };

/**
 * Ours (the spec sets none): one application sends signatory codes to at most 3 different numbers in an hour.
 * Each number has its own send lockout, but without this one merchant could have SMS sent to any number of
 * strangers by changing the signatory's phone again and again (SMS pumping); 3 is sign-in's cap of new numbers
 * per session, and leaves room for a typo and a change of signatory. A number already sent to is a resend.
 */
export const SIGNATORY_NUMBERS = { perWindow: 3, windowMs: 60 * 60_000 };

/** Statuses in which the merchant may still change an application. */

/** §3 answer fields, with the step each completes (§2 wizards). */
const FIELD_STEPS: Record<string, string[]> = {
  authorized_signatory: [],
  finance_signatory: [],
  legal_info: ['preapproved_legal_info', 'kyb_legal_info', 'commercial_licence'],
  bank_statements: ['bank_statements'],
  shareholders: ['shareholders', 'shareholder_ids'],
  bank_details: ['iban_verification'],
  social_networks: ['social_networks'],
  location_details: ['location_details'],
  amount: [],
  tenor: [],
};
export const APPLICATION_FIELDS = Object.keys(FIELD_STEPS);

/** §4 Reset reasons (prefix `reason_` removed) → the fields a fix must send. */
const RESET_FIELDS: Record<string, string[]> = {
  business_license_expired: ['cr_file'],
  business_license_expires_soon: ['cr_file'],
  irrelevant_license: ['cr_file', 'cr_number', 'company_name_or_legal_name', 'registered_company_address'],
  beneficiary_name_mismatch: [
    'cr_file',
    'cr_number',
    'company_name_or_legal_name',
    'registered_company_address',
  ],
  company_name_mismatch: ['company_name_or_legal_name'],
};
export const RESET_UPDATE_FIELDS = [
  'cr_file',
  'cr_number',
  'registered_company_address',
  'company_name_or_legal_name',
] as const;

/** The simple form's answers as the product takes them (§3 Simple form; file addresses decoded). */
export interface SimpleFormAnswers {
  sign: { name: string; email: string; phone: string };
  finance?: { name: string; email?: string; phone?: string };
  cr_file: string;
  cr_number: string;
  company_name_or_legal_name: string;
  registered_company_address: string;
  bank_statement_url?: string;
}

/** Who asks: the account, the merchants whose capital it sees (§6), and whether sales data is on. */
export interface CapitalScope {
  accountId: string;
  merchantIds: string[];
  integrationForm: boolean;
}

type Doc = Record<string, unknown>;
const isObject = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v);
/** An application's steps (none before a wizard gave it some). */
const stepsOf = (data: Doc): ApplicationStep[] => (data.steps as ApplicationStep[] | undefined) ?? [];
/** The steps with these marked complete. */
const completeSteps = (steps: ApplicationStep[], names: ReadonlySet<string>) =>
  steps.map((s) => (names.has(s.name) ? { ...s, completed: true } : s));
const invalid = (errors: Record<string, FieldError>, message = 'bad_request') =>
  new HttpError(400, message, errors);

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
    ...d,
  };
  return {
    ...loan,
    repaid_percent: progress({ paid_amount: Number(d.paid_amount), amount_vat: Number(d.amount_vat) }),
  };
}

/**
 * A lockout of the number (codeLocks.ts) as the signatory step says it: §8 "too many failed attempts" on the
 * field at `pointer`; any other failure goes on as it was.
 */
const lockedAs =
  (locked: string, pointer: string, message: string) =>
  (error: unknown): never => {
    if (error instanceof HttpError && error.message === locked)
      throw invalid({ [pointer]: fieldError('capital:error.tooManyAttempts') }, message);
    throw error;
  };

/** The document minus what only the server reads (keys starting with `_`: the signatory's code). */
const publicData = (data: Doc) =>
  Object.fromEntries(Object.entries(data).filter(([k]) => !k.startsWith('_')));

export function createCapitalService(deps: {
  repository: CapitalRepository;
  accounts: AccountRepository;
  outbox: OutboxService;
  clock: Clock;
  /** The e-commerce connector (sales data); none: connecting answers 503. */
  connector?: EcommerceConnector | null;
  /** The per-number lockouts of every code sent (codeLocks.ts): the signatory's code is guarded like sign-in's. */
  codeLocks: CodeLocks;
}) {
  const repo = deps.repository;
  const connector = deps.connector ?? null;

  /** The merchants whose capital the account sees (§6), and the experiments that matter here. */
  async function scope(accountId: string): Promise<CapitalScope> {
    const [memberships, experiments] = await Promise.all([
      deps.accounts.memberships(accountId),
      deps.accounts.experiments(accountId),
    ]);
    const on = new Set(experiments.filter((e) => e.value === 'enabled').map((e) => e.name));
    const capital = on.has('capital') || on.has('capital_fake_door');
    const merchantIds = capital
      ? memberships
          .filter((m) => flagsForRole(m.role, m.flags).is_payouts_allowed === true)
          .map((m) => m.merchantId)
      : [];
    if (merchantIds.length === 0) throw new HttpError(403, 'capital is not available for this account');
    return { accountId, merchantIds, integrationForm: on.has('integration_form') };
  }

  const offerOf = async (merchantIds: string[], id: string) => {
    const row = await repo.offer(merchantIds, id);
    if (!row) throw notFound('offer not found');
    return row;
  };
  const applicationOf = async (merchantIds: string[], id: string) => {
    const row = await repo.application(merchantIds, id);
    if (!row) throw notFound('application not found');
    return row;
  };

  /**
   * §8's "phone number already registered" (the spec does not say registered where; our reading): the number
   * signs in to an account that is not the caller's and belongs to no merchant of the applying business's
   * organization — a phone is one person's identity here (sign-in is by phone), so another business's user, or
   * someone still signing up, cannot be made this business's signatory. The caller's own number, or a colleague's
   * in the same organization, is fine.
   */
  async function registeredElsewhere(accountId: string, merchantId: string, phone: string) {
    const owner = await deps.accounts.accountIdByPhone(phone);
    if (!owner || owner === accountId) return false;
    const [mine, theirs] = await Promise.all([
      deps.accounts.memberships(accountId),
      deps.accounts.memberships(owner),
    ]);
    const organization = mine.find((m) => m.merchantId === merchantId)?.organizationId;
    return !theirs.some(
      (m) => m.merchantId === merchantId || (organization != null && m.organizationId === organization),
    );
  }

  /** What an approved application's summary shows (§2 Approved summary), from the quote of its terms. */
  function loanTerms(data: Doc, offer: Offer | undefined, decidedAt: Date) {
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

  async function applicationView(merchantIds: string[], row: ApplicationRow) {
    const offerRow = row.offerId ? await repo.offer(merchantIds, row.offerId) : undefined;
    const offer = offerRow ? offerView(offerRow) : undefined;
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
  function applicationRecord(row: ApplicationRow, offers: Map<string, Offer>) {
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
  function termErrors(body: Doc, offer: Offer, required: boolean) {
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
          { min },
        );
      else if (value > max)
        errors[`/${field}`] = fieldError(
          field === 'amount' ? 'capital:error.amountMax' : 'capital:error.tenorMax',
          { max },
        );
    };
    check('amount', OFFER_LIMITS.amount.min, maxAmount);
    check('tenor', OFFER_LIMITS.tenor.min, OFFER_LIMITS.tenor.max);
    return errors;
  }

  /** Answers' own rules the route schema cannot say (§5): IBAN, shareholders' shares, the social links. */
  function answerErrors(body: Doc) {
    const errors: Record<string, FieldError> = {};
    if (isObject(body.bank_details) && typeof body.bank_details.iban === 'string') {
      if (!/^AE\d{21}$/.test(readIban(body.bank_details.iban).iban))
        errors['/bank_details/iban'] = fieldError('capital:error.ibanFormat');
    }
    if (Array.isArray(body.shareholders)) {
      if (body.shareholders.length === 0)
        errors['/shareholders'] = fieldError('validation:error.minItems', { limit: 1 });
      body.shareholders.forEach((s, i) => {
        const value = isObject(s) ? Number(s.value) : NaN;
        if (!(value >= 25)) errors[`/shareholders/${i}/value`] = fieldError('capital:error.sharesMin');
        else if (value > 100) errors[`/shareholders/${i}/value`] = fieldError('capital:error.sharesMax');
      });
    }
    return errors;
  }

  const service = {
    /**
     * Who is asking, worked out once per request (the routes' hook, before the body is read): 403 for an account
     * that may not see capital. Every other method takes what this answers.
     */
    scopeOf: scope,

    async offers(who: CapitalScope, filter: { merchantId?: string; storeId?: string }) {
      const { merchantIds } = who;
      if (filter.merchantId && !merchantIds.includes(filter.merchantId)) throw notFound('merchant not found');
      return { items: (await repo.offers(merchantIds, filter)).map(offerView) };
    },

    async calculate(who: CapitalScope, offerId: string, body: { amount?: unknown; tenor?: unknown }) {
      const { merchantIds } = who;
      const offer = offerView(await offerOf(merchantIds, offerId));
      const errors = termErrors(body, offer, true);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const q = quote({
        amount: body.amount as number,
        tenor: body.tenor as number,
        currency: offer.currency,
        weeklyFeePercent: offer.weekly_fee_percent,
      });
      return { ...q, currency: offer.currency };
    },

    async loans(who: CapitalScope) {
      const { merchantIds } = who;
      return { items: (await repo.loans(merchantIds)).map(loanView) };
    },

    async loan(who: CapitalScope, id: string) {
      const { merchantIds } = who;
      const row = await repo.loan(merchantIds, id);
      if (!row) throw notFound('loan not found');
      return loanView(row);
    },

    /** POST …/capital/loans: the loan of an approved application. */
    async applyForLoan(who: CapitalScope, body: { application_id: string }) {
      const { merchantIds } = who;
      const application = await applicationOf(merchantIds, body.application_id);
      if (application.status !== 'approved')
        throw new HttpError(409, 'wrong status of edited loan', undefined, {
          details: { reason: 'wrong_status' },
        });
      if (await repo.loanOfApplication(application.id))
        throw new HttpError(409, 'a loan was already taken out on this application');
      const view = await applicationView(merchantIds, application);
      const terms = view.loan_terms;
      if (!isObject(terms)) throw new HttpError(409, 'the application has no loan terms');
      const now = deps.clock.now();
      const amount = Number(terms.amount);
      const fee = Number(terms.fee_amount);
      const legal = isObject(application.data.legal_info) ? application.data.legal_info : {};
      const loan = await repo.insertLoan({
        id: randomUUID(),
        merchantId: application.merchantId,
        applicationId: application.id,
        status: 'waiting',
        data: {
          currency: terms.currency,
          amount,
          fee_amount: fee,
          amount_vat: amount + fee,
          paid_amount: 0,
          tenor: terms.tenor,
          repayment_rate: 22,
          minimum_repayment_amount: terms.minimum_repayment_amount,
          next_repayment_date: null,
          applied_at: now.toISOString(),
          tags: [],
          legal_info: { company_name: legal.company_name ?? null, legal_name: legal.company_name ?? null },
          repayments: [],
        },
        createdAt: now,
        updatedAt: now,
      });
      return { loan_id: loan.id };
    },

    /** PATCH …/capital/loans/{id}: the direct-debit signatory's phone (§3 "authorized_signatory {phone}"). */
    async patchLoan(who: CapitalScope, id: string, body: { authorized_signatory: { phone: string } }) {
      const { merchantIds } = who;
      const row = await repo.loan(merchantIds, id);
      if (!row) throw notFound('loan not found');
      if (row.status === 'closed') throw new HttpError(409, 'a closed loan cannot be changed');
      const updated = await repo.updateLoan(row.id, {
        data: { ...row.data, authorized_signatory: { phone: body.authorized_signatory.phone } },
        updatedAt: deps.clock.now(),
      });
      return loanView(updated!);
    },

    /** The applications of the loans list (§3 "Application record on the list"); drafts are not listed. */
    async applicationRecords(who: CapitalScope) {
      const { merchantIds } = who;
      const [rows, offers] = await Promise.all([repo.applications(merchantIds), repo.offers(merchantIds)]);
      const byId = new Map(offers.map((o) => [o.id, offerView(o)]));
      return {
        items: rows.filter((r) => !isEditable(r.status)).map((r) => applicationRecord(r, byId)),
      };
    },

    async application(who: CapitalScope, id: string) {
      const { merchantIds } = who;
      return applicationView(merchantIds, await applicationOf(merchantIds, id));
    },

    async applicationOfOffer(who: CapitalScope, offerId: string) {
      const { merchantIds } = who;
      await offerOf(merchantIds, offerId);
      const row = await repo.applicationOfOffer(offerId);
      // No application yet is an answer (the quote page asks before the first one): null, not a 404 (issue 32).
      // An offer that is not the merchant's is still a 404 (offerOf above).
      return row ? applicationView(merchantIds, row) : null;
    },

    /** POST …/capital/application: an application on an offer, with the contact or the terms asked for. */
    async createApplication(
      who: CapitalScope,
      body: {
        offer_id: string;
        merchant_id?: string;
        store_id?: string;
        amount?: number;
        tenor?: number;
        application?: { full_name: string; email: string; phone: string };
      },
    ) {
      const { merchantIds, integrationForm } = who;
      const offer = offerView(await offerOf(merchantIds, body.offer_id));
      const errors = termErrors(body as Doc, offer, false);
      if (body.merchant_id !== undefined && body.merchant_id !== offer.merchant_id)
        errors['/merchant_id'] = fieldError('capital:error.offerMismatch');
      if (body.store_id !== undefined && offer.store_id !== null && body.store_id !== offer.store_id)
        errors['/store_id'] = fieldError('capital:error.offerMismatch');
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const existing = await repo.applicationOfOffer(offer.id);
      const conflict = () =>
        new HttpError(409, 'an application already exists for this offer', undefined, {
          application_id: existing?.id,
        });
      if (existing) throw conflict();
      const now = deps.clock.now();
      const contact = body.application;
      const row = await repo.insertApplication({
        id: randomUUID(),
        merchantId: offer.merchant_id,
        offerId: offer.id,
        status: 'draft',
        data: {
          amount: body.amount ?? maxAmountFor(offer),
          tenor: body.tenor ?? offer.tenor,
          currency: offer.currency,
          reasons: [],
          steps: initialSteps(offer.tags, { salesData: integrationForm }),
          ...(contact
            ? {
                authorized_signatory: { name: contact.full_name, email: contact.email, phone: contact.phone },
              }
            : {}),
        },
        createdAt: now,
        updatedAt: now,
      });
      if (!row) throw conflict();
      return { id: row.id, application_id: row.id };
    },

    /** PATCH …/capital/application/{id}: answers of the wizards (§7), each marking its step complete. */
    async updateApplication(who: CapitalScope, id: string, body: Doc) {
      const { merchantIds } = who;
      const row = await applicationOf(merchantIds, id);
      if (!isEditable(row.status)) throw new HttpError(409, 'the application can no longer be changed');
      const offerRow = row.offerId ? await repo.offer(merchantIds, row.offerId) : undefined;
      const errors = {
        ...(offerRow ? termErrors(body, offerView(offerRow), false) : {}),
        ...answerErrors(body),
      };
      if (body.application_id !== undefined && body.application_id !== row.id)
        errors['/application_id'] = fieldError('capital:error.applicationMismatch');
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const fields = APPLICATION_FIELDS.filter((f) => body[f] !== undefined);
      const data: Doc = { ...row.data };
      for (const field of fields) data[field] = body[field];
      if (isObject(data.bank_details) && typeof data.bank_details.iban === 'string') {
        const { iban, bank } = readIban(data.bank_details.iban);
        data.bank_details = { ...data.bank_details, iban, bank_name: data.bank_details.bank_name ?? bank };
      }
      data.steps = completeSteps(stepsOf(row.data), new Set(fields.flatMap((f) => FIELD_STEPS[f] ?? [])));
      const updated = await repo.updateApplication(row.id, { data, updatedAt: deps.clock.now() });
      return applicationView(merchantIds, updated!);
    },

    /** POST …/resend-otp: a new code by SMS to the signatory's phone, at most every 30 seconds (§9). */
    async sendSignatoryCode(who: CapitalScope, id: string) {
      const { merchantIds } = who;
      const row = await applicationOf(merchantIds, id);
      if (!isEditable(row.status)) throw new HttpError(409, 'the application can no longer be changed');
      const signatory = isObject(row.data.authorized_signatory) ? row.data.authorized_signatory : {};
      const phone = typeof signatory.phone === 'string' ? signatory.phone : '';
      if (!/^\+\d{8,15}$/.test(phone))
        throw invalid(
          { '/authorized_signatory/phone': fieldError('capital:error.phoneInvalid') },
          'could not validate phone',
        );
      if (await registeredElsewhere(who.accountId, row.merchantId, phone))
        throw invalid(
          { '/authorized_signatory/phone': fieldError('capital:error.phoneTaken') },
          'phone number not unique',
        );
      const now = deps.clock.now().getTime();
      const previous = isObject(row.data._otp) ? row.data._otp : undefined;
      // A changed number ("change number", §4) gets its code at once; the same number waits 30 seconds (§9).
      const wait =
        previous && previous.phone === phone
          ? Number(previous.sent_at) + SIGNATORY_CODE.resendAfterMs - now
          : 0;
      if (wait > 0)
        throw new HttpError(429, 'too many attempts to send code', undefined, {
          retry_after: Math.ceil(wait / 1000),
        });
      // Different numbers this application sent a code to within the window (server-only, like the code).
      const sentTo = Object.fromEntries(
        Object.entries(isObject(row.data._otp_numbers) ? row.data._otp_numbers : {}).filter(
          ([, at]) => typeof at === 'number' && now - at < SIGNATORY_NUMBERS.windowMs,
        ),
      ) as Record<string, number>;
      if (!(phone in sentTo) && Object.keys(sentTo).length >= SIGNATORY_NUMBERS.perWindow)
        throw invalid(
          { '/authorized_signatory/phone': fieldError('capital:error.tooManyAttempts') },
          'too many attempts to send code',
        );
      // The sign-in lockouts of the number (5 codes in 30 minutes lock it for 30): §8 "too many failed attempts".
      await deps.codeLocks
        .countSend(phone)
        .catch(lockedAs(SEND_LOCKED, '/authorized_signatory/phone', 'too many attempts to send code'));
      const code = newCode(SIGNATORY_CODE.length);
      const salt = newSalt();
      await repo.updateApplication(row.id, {
        data: {
          ...row.data,
          _otp: { salt, hash: hashCode(salt, code), sent_at: now, attempts: 0, phone },
          _otp_numbers: { ...sentTo, [phone]: now },
        },
        updatedAt: new Date(now),
      });
      await deps.outbox.send({
        to: phone,
        channel: 'sms',
        subject: 'Capital signatory code',
        body: `Your capital application code is ${code}`,
        code,
      });
      return { sent: true, resend_after: SIGNATORY_CODE.resendAfterMs / 1000 };
    },

    /** POST …/verify: the signatory's code; a right one confirms the phone and verifies the application. */
    async verifySignatoryCode(who: CapitalScope, id: string, code: string) {
      const { merchantIds } = who;
      const row = await applicationOf(merchantIds, id);
      if (!isEditable(row.status)) throw new HttpError(409, 'the application can no longer be changed');
      const otp = isObject(row.data._otp) ? row.data._otp : undefined;
      const now = deps.clock.now();
      if (!otp || now.getTime() - Number(otp.sent_at) > SIGNATORY_CODE.validMs)
        throw invalid({ '/code': fieldError('capital:error.codeFailed') }, 'otp verification failed');
      // The number's wrong codes count with sign-in's (5 within 30 minutes lock it for 30 minutes), and this
      // code's own too (5 wrong: ask for a new one).
      const phone = String(otp.phone ?? '');
      const attempts = Number(otp.attempts ?? 0);
      if (attempts >= SIGNATORY_CODE.maxAttempts)
        throw invalid({ '/code': fieldError('capital:error.tooManyAttempts') }, 'too many failed attempts');
      const verifyLocked = lockedAs(VERIFY_LOCKED, '/code', 'too many failed attempts');
      await deps.codeLocks.assertCanVerify(phone).catch(verifyLocked);
      if (!sameHash(hashCode(String(otp.salt), code), String(otp.hash))) {
        await repo.updateApplication(row.id, {
          data: { ...row.data, _otp: { ...otp, attempts: attempts + 1 } },
          updatedAt: now,
        });
        await deps.codeLocks.wrongCode(phone).catch(verifyLocked);
        throw invalid({ '/code': fieldError('capital:error.codeInvalid') }, 'invalid otp code');
      }
      await deps.codeLocks.rightCode(phone);
      const rest = publicData(row.data); // the code is used up
      const signatory = isObject(rest.authorized_signatory) ? rest.authorized_signatory : {};
      const steps = completeSteps(stepsOf(rest), new Set(['your_details']));
      const updated = await repo.updateApplication(row.id, {
        status: 'verified',
        data: { ...rest, steps, authorized_signatory: { ...signatory, phone_confirmed: true } },
        updatedAt: now,
      });
      return applicationView(merchantIds, updated!);
    },

    /** POST …/submit: a draft with its terms and every required step complete goes to review (72 hours, §9). */
    async submitApplication(who: CapitalScope, id: string, body: { application_id?: string }) {
      const { merchantIds } = who;
      const row = await applicationOf(merchantIds, id);
      if (body.application_id !== undefined && body.application_id !== row.id)
        throw invalid({ '/application_id': fieldError('capital:error.applicationMismatch') });
      if (row.status === 'submitted') return applicationView(merchantIds, row);
      if (!isEditable(row.status)) throw new HttpError(409, 'the application can no longer be changed');
      const errors: Record<string, FieldError> = {};
      if (typeof row.data.amount !== 'number') errors['/amount'] = fieldError('validation:error.required');
      if (typeof row.data.tenor !== 'number') errors['/tenor'] = fieldError('validation:error.required');
      for (const step of stepsOf(row.data))
        if (!step.completed && !step.optional && step.name !== 'review')
          errors[`/steps/${step.name}`] = fieldError('capital:error.stepIncomplete', { step: step.name });
      if (Object.keys(errors).length > 0) throw invalid(errors, 'the application is not complete');
      const steps = completeSteps(stepsOf(row.data), new Set(['review']));
      const now = deps.clock.now();
      const updated = await repo.updateApplication(row.id, {
        status: 'submitted',
        data: { ...row.data, steps, submitted_at: now.toISOString() },
        updatedAt: now,
      });
      return applicationView(merchantIds, updated!);
    },

    /**
     * PATCH …/capital/application/{id}/reset (§4, §8): the fix of a reset application. The reason decides the
     * fields required; errors name their reason in `details.reason` as the spec's screen expects.
     */
    async resetUpdate(
      who: CapitalScope,
      id: string,
      body: Partial<Record<(typeof RESET_UPDATE_FIELDS)[number], string>>,
    ) {
      const { merchantIds } = who;
      const row = await applicationOf(merchantIds, id);
      const reasonError = (
        status: number,
        message: string,
        reason: string,
        errors?: Record<string, FieldError>,
      ) => new HttpError(status, message, errors, { details: { reason } });
      if (row.status !== 'reset') throw reasonError(400, 'wrong status of edited loan', 'wrong_status');
      const reasons = Array.isArray(row.data.reasons) ? (row.data.reasons as string[]) : [];
      const reason = (reasons[0] ?? '').replace(/^reason_/, '');
      const required = RESET_FIELDS[reason] ?? [...RESET_UPDATE_FIELDS];
      const sent = RESET_UPDATE_FIELDS.filter((f) => typeof body[f] === 'string' && body[f]!.trim() !== '');
      const missing = required.filter((f) => !sent.includes(f as (typeof RESET_UPDATE_FIELDS)[number]));
      if (missing.length > 0)
        throw reasonError(
          400,
          'params for update not sent',
          'params_for_update_not_sent',
          Object.fromEntries(missing.map((f) => [`/${f}`, fieldError('validation:error.required')])),
        );
      const legal = isObject(row.data.legal_info) ? row.data.legal_info : {};
      const current: Record<string, unknown> = {
        cr_file: legal.cr_file_url,
        cr_number: legal.cr_number,
        registered_company_address: legal.company_address,
        company_name_or_legal_name: legal.company_name,
      };
      if (sent.every((f) => body[f]!.trim() === current[f]))
        throw reasonError(
          400,
          'params for update not diff',
          'params_for_update_not_diff',
          Object.fromEntries(sent.map((f) => [`/${f}`, fieldError('capital:error.unchanged')])),
        );
      const value = (f: (typeof RESET_UPDATE_FIELDS)[number], old: unknown) =>
        sent.includes(f) ? body[f]!.trim() : old;
      const now = deps.clock.now();
      const updated = await repo.updateApplication(row.id, {
        status: 'submitted',
        data: {
          ...row.data,
          reasons: [],
          _fixes: Number(row.data._fixes ?? 0) + 1,
          legal_info: {
            ...legal,
            cr_file_url: value('cr_file', legal.cr_file_url),
            cr_number: value('cr_number', legal.cr_number),
            company_address: value('registered_company_address', legal.company_address),
            company_name: value('company_name_or_legal_name', legal.company_name),
          },
          submitted_at: now.toISOString(),
        },
        updatedAt: now,
      });
      return applicationView(merchantIds, updated!);
    },

    /**
     * What the fix of a reset application starts from (§2 Reset fix screen): its reason (prefix removed; `other`
     * for one §4 does not name), the licence's details as they stand (its file excepted), and the fix's number — a second reset of
     * the same application is a new fix. 404 unless the application is the caller's and on hold.
     */
    async resetForm(who: CapitalScope, id: string) {
      const row = await applicationOf(who.merchantIds, id);
      if (row.status !== 'reset') throw notFound('application is not on hold');
      const reasons = Array.isArray(row.data.reasons) ? (row.data.reasons as string[]) : [];
      const reason = (reasons[0] ?? '').replace(/^reason_/, '');
      const legal = isObject(row.data.legal_info) ? row.data.legal_info : {};
      const values = Object.fromEntries(
        // Not the file: every reason asks for a new one (and an old one is no upload of this account's).
        Object.entries({
          cr_number: legal.cr_number,
          registered_company_address: legal.company_address,
          company_name_or_legal_name: legal.company_name,
        }).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
      );
      return {
        reason: reason in RESET_FIELDS ? reason : 'other',
        fix: Number(row.data._fixes ?? 0) + 1,
        // An application of the simple form (no wizard steps) shows its four stages, at "make changes" (§4).
        stage: stepsOf(row.data).length === 0 ? simpleStage(row.status) : null,
        values,
      };
    },

    /**
     * What the simple application form of an offer starts from (§2 Simple application form): whether the offer
     * asks for a bank statement, the stage of the four-stage stepper (§4 mapping) and the signatory's contact
     * as the account knows it (a lookup that fails falls back to empty, §8). 404 for an offer not the caller's
     * or one of the two wizards' (its form is the wizard); 409 `already_applied` once the application is sent.
     */
    async simpleForm(who: CapitalScope, offerId: string) {
      const offer = offerView(await offerOf(who.merchantIds, offerId));
      if (!isSimpleOffer(offer.tags)) throw notFound('this offer is applied for through its wizard');
      const existing = await repo.applicationOfOffer(offer.id);
      if (existing && !isEditable(existing.status))
        throw new HttpError(409, 'the application of this offer was already sent', undefined, {
          reason: 'already_applied',
          application_id: existing.id,
        });
      const account = await deps.accounts.account(who.accountId).catch(() => undefined);
      const name = [account?.firstName, account?.lastName].filter(Boolean).join(' ');
      const known = isObject(existing?.data.authorized_signatory) ? existing.data.authorized_signatory : {};
      const sign = Object.fromEntries(
        Object.entries({
          name: known.name ?? name,
          email: known.email ?? account?.email,
          phone: known.phone ?? account?.phone,
        }).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
      );
      return {
        offer,
        bankStatementRequired: offer.tags.includes('bank_statement_required'),
        stage: simpleStage(existing?.status),
        values: Object.keys(sign).length > 0 ? { sign } : {},
      };
    },

    /**
     * What the KYB wizard of an application starts from (§2 KYB wizard): 404 for an application not the
     * caller's, one whose offer is gone, or one without KYB steps; 409 `already_applied` once it is sent (the
     * page shows the application instead). `knownIban`: the IBAN of the merchant's legal entity, which the IBAN
     * step asks to confirm (§4 IBAN flow: "confirm if an IBAN is known, else edit"). `values`: the answers the
     * application already has, as the wizard's steps hold them.
     */
    async kybForm(who: CapitalScope, id: string) {
      const row = await applicationOf(who.merchantIds, id);
      if (!row.offerId || !(await repo.offer(who.merchantIds, row.offerId)))
        throw notFound('the offer of this application is gone');
      if (!stepsOf(row.data).some((s) => s.group_name === 'kyb_flow'))
        throw notFound('this application has no KYB steps');
      if (!isEditable(row.status))
        throw new HttpError(409, 'the application was already sent', undefined, {
          reason: 'already_applied',
          application_id: row.id,
        });
      const entities = await deps.accounts.legalEntitiesOf([row.merchantId]).catch(() => []);
      const known = entities.map((e) => readIban(e.iban ?? '').iban).find((iban) => /^AE\d{21}$/.test(iban));
      const data = publicData(row.data);
      const signatory = isObject(data.authorized_signatory) ? data.authorized_signatory : undefined;
      const shareholders = Array.isArray(data.shareholders) ? (data.shareholders as Doc[]) : undefined;
      const values: Doc = {
        ...(signatory
          ? {
              authorized_signatory: Object.fromEntries(
                ['name', 'email', 'phone', 'national_id_number', 'national_id_url']
                  .filter((k) => typeof signatory[k] === 'string')
                  .map((k) => [k, signatory[k]]),
              ),
            }
          : {}),
        ...(isObject(data.legal_info) ? { legal_info: data.legal_info } : {}),
        ...(shareholders
          ? {
              shareholders: shareholders.map((s) => {
                const { uae_resident, documents, ...rest } = s;
                return {
                  ...rest,
                  documents: {
                    ...(isObject(documents) ? documents : {}),
                    non_resident: uae_resident === false,
                  },
                };
              }),
            }
          : {}),
        // The IBAN already given: the known one confirmed, or another typed (with its ownership box ticked).
        ...(isObject(data.bank_details) && typeof data.bank_details.iban === 'string'
          ? data.bank_details.iban === known
            ? { iban_on_file: known }
            : {
                ...(known ? { use_other_account: true } : {}),
                bank_details: { iban: data.bank_details.iban, confirmed: true },
                ...(data.bank_details.owner_confirmed === true ? { iban_decision: 'confirm' } : {}),
              }
          : {}),
      };
      const otp = isObject(row.data._otp) ? row.data._otp : {};
      return {
        application: row,
        knownIban: known ?? null,
        /** The number the last signatory code went to (none sent: null). */
        codeSentTo: typeof otp.phone === 'string' ? otp.phone : null,
        /** An IBAN we do not know for the business was said to be its own (§4 negative mode, answered). */
        ibanNegative: isObject(data.bank_details) && data.bank_details.owner_confirmed === true,
        /** The number the signatory confirmed with a code (none yet: null). */
        verifiedPhone:
          signatory?.phone_confirmed === true && typeof signatory.phone === 'string' ? signatory.phone : null,
        values,
      };
    },

    /**
     * The full-revenue wizard's form on an application (§2 Full-revenue wizard; the capital-frf flow): 404 for an
     * application not the merchant's, without its offer or without full-revenue steps; 409 once sent. Its answers
     * as the form holds them (a statement's password box ticked when it has one; "sells in a store" answered yes
     * when an address is on file, so the location form opens at once), the platforms connected, and whether the
     * sales-data step is part of it (§2: only with the integration form, as the application's steps say).
     */
    async frfForm(who: CapitalScope, id: string) {
      const row = await applicationOf(who.merchantIds, id);
      if (!row.offerId || !(await repo.offer(who.merchantIds, row.offerId)))
        throw notFound('the offer of this application is gone');
      const steps = stepsOf(row.data);
      if (!steps.some((s) => s.group_name === 'full_revenue_flow'))
        throw notFound('this application has no full-revenue steps');
      if (!isEditable(row.status))
        throw new HttpError(409, 'the application was already sent', undefined, {
          reason: 'already_applied',
          application_id: row.id,
        });
      const data = publicData(row.data);
      const statements = Array.isArray(data.bank_statements) ? (data.bank_statements as Doc[]) : [];
      const location = isObject(data.location_details) ? data.location_details : null;
      const completed = (name: string) => steps.some((s) => s.name === name && s.completed);
      const connected = (await repo.connections(row.merchantId)).map((c) => c.platform);
      const values: Doc = {
        ...(statements.length > 0
          ? {
              bank_statements: statements.map((s) => ({
                url: s.url,
                ...(typeof s.password === 'string' && s.password !== ''
                  ? { password_protected: true, password: s.password }
                  : {}),
              })),
              requirements_confirmed: completed('bank_statements'),
            }
          : {}),
        ...(connected.length > 0 ? { connected_platforms: connected } : {}),
        ...(isObject(data.social_networks) ? { social_networks: data.social_networks } : {}),
        ...(location && typeof location.address === 'string' && location.address !== ''
          ? { sells_in_store: true, location_details: location }
          : completed('location_details')
            ? { sells_in_store: false }
            : {}),
        ...(isObject(data.legal_info) ? { legal_info: data.legal_info } : {}),
        ...(isObject(data.finance_signatory)
          ? { is_finance: true, finance_signatory: data.finance_signatory }
          : {}),
      };
      return {
        application: row,
        salesData: steps.some((s) => s.name === 'sales_data'),
        values,
      };
    },

    /** The sales-data step done (§2: connecting is optional; the merchant moved on from it). */
    async completeSalesData(who: CapitalScope, id: string) {
      const row = await applicationOf(who.merchantIds, id);
      if (!isEditable(row.status)) throw new HttpError(409, 'the application can no longer be changed');
      const steps = completeSteps(stepsOf(row.data), new Set(['sales_data']));
      await repo.updateApplication(row.id, { data: { ...row.data, steps }, updatedAt: deps.clock.now() });
    },

    /**
     * Sends the simple form (§3 Simple form, §7): the application of the offer (created with the signatory as
     * its contact when there is none), its answers (`legal_info`, `finance_signatory` when given, the bank
     * statement), then the submit — the same calls, and rules, as the spec's own.
     */
    async applySimple(who: CapitalScope, offerId: string, form: SimpleFormAnswers) {
      const { offer } = await service.simpleForm(who, offerId);
      const sign = { ...form.sign, email: form.sign.email.trim().toLowerCase() };
      const existing = await repo.applicationOfOffer(offer.id);
      const id =
        existing?.id ??
        (
          await service.createApplication(who, {
            offer_id: offer.id,
            merchant_id: offer.merchant_id,
            application: { full_name: sign.name, email: sign.email, phone: sign.phone },
          })
        ).id;
      await service.updateApplication(who, id, {
        authorized_signatory: sign,
        ...(form.finance
          ? {
              finance_signatory: {
                ...form.finance,
                ...(form.finance.email ? { email: form.finance.email.trim().toLowerCase() } : {}),
              },
            }
          : {}),
        legal_info: {
          company_name: form.company_name_or_legal_name,
          cr_number: form.cr_number,
          cr_file_url: form.cr_file,
          company_address: form.registered_company_address,
        },
        ...(form.bank_statement_url ? { bank_statements: [{ url: form.bank_statement_url }] } : {}),
      });
      return service.submitApplication(who, id, { application_id: id });
    },

    /**
     * GET …/{connector}/connections: each platform, whether it is connected, and where its consent page is (the
     * connect widget opens it; null without a configured connector); `sandbox` says the connector is ours.
     */
    async connections(who: CapitalScope, name: string, merchantId: string) {
      const { merchantIds } = who;
      if (!(CONNECTORS as readonly string[]).includes(name)) throw notFound('connector not found');
      if (!merchantIds.includes(merchantId)) throw notFound('merchant not found');
      const connected = new Set((await repo.connections(merchantId)).map((c) => c.platform));
      return {
        sandbox: connector?.sandbox ?? false,
        items: PLATFORMS.map((platform) => ({
          platform,
          connected: connected.has(platform),
          consent_url: connector ? connector.consentUrl({ merchantId, platform }) : null,
        })),
      };
    },

    /** POST …/{connector}/connect: the consent page's token, checked by the connector, connects the platform. */
    async connect(
      who: CapitalScope,
      name: string,
      body: { platform: string; merchant_id: string; public_token: string },
    ) {
      const { merchantIds } = who;
      if (!(CONNECTORS as readonly string[]).includes(name)) throw notFound('connector not found');
      if (!merchantIds.includes(body.merchant_id)) throw notFound('merchant not found');
      if (!connector) throw new HttpError(503, 'no e-commerce connector is configured');
      const valid = await connector.verify({
        publicToken: body.public_token,
        merchantId: body.merchant_id,
        platform: body.platform,
      });
      if (!valid)
        throw new HttpError(
          400,
          'the connect token is not valid',
          { '/public_token': fieldError('capital:error.connectToken') },
          { reason: 'invalid_token' },
        );
      await repo.connect(body.merchant_id, body.platform, deps.clock.now());
      return { platform: body.platform, connected: true };
    },

    /** The lazy IBAN check of the capital wizard (§7): AE and 21 digits (§5), with a valid checksum. */
    checkIban(input: string) {
      const { iban, valid, bank } = readIban(input);
      const capital = valid && /^AE\d{21}$/.test(iban);
      return { is_valid: capital, bank_data: { bank_name: capital ? bank : null } };
    },

    async waitlist(who: CapitalScope) {
      const entry = await repo.waitlistEntry(who.accountId);
      return {
        joined: entry !== undefined,
        stores: entry?.stores ?? [],
        capitalUse: entry?.capitalUse ?? null,
        otherUse: entry?.otherUse ?? null,
      };
    },

    /** POST …/capital/waitlist (§2 Waitlist page, §5): at least one of the account's stores and a purpose. */
    async joinWaitlist(who: CapitalScope, body: { stores: string[]; capitalUse: string; otherUse?: string }) {
      const { merchantIds } = who;
      const mine = new Set((await deps.accounts.storesOf(merchantIds)).map((s) => s.id));
      const errors: Record<string, FieldError> = {};
      body.stores.forEach((store, i) => {
        if (!mine.has(store)) errors[`/stores/${i}`] = fieldError('capital:error.unknownStore');
      });
      const other = body.otherUse?.trim() ?? '';
      if (body.capitalUse === 'other' && other === '')
        errors['/otherUse'] = fieldError('validation:error.required');
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const entry = await repo.joinWaitlist({
        accountId: who.accountId,
        stores: [...new Set(body.stores)],
        capitalUse: body.capitalUse,
        otherUse: body.capitalUse === 'other' ? other : null,
        createdAt: deps.clock.now(),
      });
      return { joined: true, stores: entry.stores, capitalUse: entry.capitalUse, otherUse: entry.otherUse };
    },
  };
  return service;
}

export type CapitalService = ReturnType<typeof createCapitalService>;
