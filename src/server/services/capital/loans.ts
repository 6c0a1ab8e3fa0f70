/**
 * Loans (capital spec §2 Loans, §3 Loan, §7), from approval to money (docs/capital.md "From approval to money"):
 * the contract of an approved application (a `capital_loan` contract, services/contracts), the loan its signature
 * makes (`waiting`, or `waiting_for_dda` for a direct-debit advance until the bank's mandate is active), the
 * signatory's phone changed with a code, and the provider's run that pays the advance out (`paying`).
 */
import { randomUUID } from 'node:crypto';
import { decimalToMinor } from '../../../domain/money';
import type { Language } from '../../../domain/language';
import { hashCode, newCode, newSalt, sameHash } from '../../auth/codes';
import { fieldError, HttpError, notFound } from '../../errors';
import type { ContractRow } from '../../repositories/contracts';
import type { LoanRow } from '../../repositories/capital';
import { capitalLoanDocument, type ContractWords } from '../contracts/documents';
import type { ContractKindHandler, ContractSubject } from '../contracts';
import type { CapitalContext } from './context';
import { SIGNATORY_CODE } from './signatory';
import { isObject, loanView, offerView, publicData, type CapitalScope } from './model';

/** Mandate statuses (capital §4's direct-debit statuses): what the simulated bank moves a mandate to. */
export type MandateOutcome = 'active' | 'rejected';

/** `AED 100,000.00`: the contract's amounts, the same in both languages. */
const money = (amount: number, currency: string) =>
  `${currency} ${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

const wrongStatus = () =>
  new HttpError(409, 'wrong status of edited loan', undefined, { details: { reason: 'wrong_status' } });

export function loanCalls({ deps, repo, applicationOf, viewOf, scopeOf }: CapitalContext) {
  /** The IBAN the advance goes to (§2 Approved summary: the bank details', else the legal entity's). */
  async function bankAccountOf(merchantId: string, view: Record<string, unknown>) {
    const details = isObject(view.bank_details) ? view.bank_details : {};
    if (typeof details.iban === 'string' && details.iban)
      return { iban: details.iban, bank_name: typeof details.bank_name === 'string' ? details.bank_name : null };
    const entity = (await deps.accounts.legalEntitiesOf([merchantId]))[0];
    return { iban: entity?.iban ?? null, bank_name: entity?.bankName ?? null };
  }

  /** An approved application with no loan yet, with what its contract and loan need. */
  async function takeable(merchantIds: string[], applicationId: string) {
    const application = await applicationOf(merchantIds, applicationId);
    if (application.status !== 'approved') throw wrongStatus();
    if (await repo.loanOfApplication(application.id))
      throw new HttpError(409, 'a loan was already taken out on this application', undefined, {
        key: 'capital:take.already',
      });
    // The answers as the API shows them (open: each wizard adds its own).
    const view = (await viewOf(merchantIds, application)) as unknown as Record<string, unknown>;
    const terms = view.loan_terms;
    if (!isObject(terms)) throw new HttpError(409, 'the application has no loan terms');
    const offerRow = application.offerId ? await repo.offer(merchantIds, application.offerId) : undefined;
    const directDebit = offerRow ? offerView(offerRow).tags.includes('direct_debit') : false;
    const signatory = isObject(view.authorized_signatory) ? view.authorized_signatory : {};
    const phone = typeof signatory.phone === 'string' ? signatory.phone : '';
    if (!/^\+\d{8,15}$/.test(phone))
      throw new HttpError(409, 'the application has no signatory phone to sign with', undefined, {
        key: 'capital:take.noPhone',
      });
    const destination = await repo.payoutDestination(application.merchantId);
    const bank = await bankAccountOf(application.merchantId, view);
    return { application, view, terms, directDebit, signatory, phone, destination, bank };
  }

  /** The loan a signed contract makes; undefined when the application has one already (a concurrent call made it). */
  async function makeLoan(t: Awaited<ReturnType<typeof takeable>>, contract: ContractRow) {
    const now = deps.clock.now();
    const amount = Number(t.terms.amount);
    const fee = Number(t.terms.fee_amount);
    const legal = isObject(t.view.legal_info) ? t.view.legal_info : {};
    const row = await repo
      .insertLoan({
        id: randomUUID(),
        merchantId: t.application.merchantId,
        applicationId: t.application.id,
        status: t.directDebit ? 'waiting_for_dda' : 'waiting',
        data: {
          currency: t.terms.currency,
          amount,
          fee_amount: fee,
          amount_vat: amount + fee,
          paid_amount: 0,
          tenor: t.terms.tenor,
          repayment_rate: 22,
          minimum_repayment_amount: t.terms.minimum_repayment_amount,
          next_repayment_date: null,
          applied_at: now.toISOString(),
          tags: t.directDebit ? ['direct_debit'] : [],
          legal_info: { company_name: legal.company_name ?? null, legal_name: legal.company_name ?? null },
          authorized_signatory: { phone: t.phone },
          ...(t.directDebit ? { direct_debit: { status: 'pending' } } : {}),
          contract_id: contract.id,
          disbursement: {
            destination: t.destination,
            ...(t.destination === 'bank' ? t.bank : {}),
          },
          repayments: [],
        },
        createdAt: now,
        updatedAt: now,
      })
      .catch(async (error: unknown) => {
        if (await repo.loanOfApplication(t.application.id)) return undefined;
        throw error;
      });
    if (row && t.directDebit) await requestMandate(row, contract.language as Language);
    return row;
  }

  /** The simulated bank's side of a mandate request: the signatory gets its SMS (§4 "SMS sent with instructions"). */
  async function requestMandate(loan: LoanRow, language: Language) {
    const phone = isObject(loan.data.authorized_signatory) ? String(loan.data.authorized_signatory.phone) : '';
    await deps.bank.requestMandate({ loanId: loan.id, phone, language });
  }

  /** The `capital_loan` kind of contract: an approved application's advance. */
  const contractKind: ContractKindHandler = {
    readable: async (accountId, contract) =>
      (await scopeOf(accountId).catch(() => ({ merchantIds: [] as string[] }))).merchantIds.includes(contract.merchantId),
    async subject(accountId, applicationId): Promise<ContractSubject> {
      const { merchantIds } = await scopeOf(accountId);
      const t = await takeable(merchantIds, applicationId);
      const legal = isObject(t.view.legal_info) ? t.view.legal_info : {};
      const currency = String(t.terms.currency);
      const amount = Number(t.terms.amount);
      const fee = Number(t.terms.fee_amount);
      return {
        merchantId: t.application.merchantId,
        phone: t.phone,
        document: (words: ContractWords, language: Language) =>
          capitalLoanDocument(words, language, {
            company: String(legal.company_name ?? ''),
            licence: String(legal.cr_number ?? ''),
            address: String(legal.company_address ?? ''),
            signatory: String(t.signatory.name ?? ''),
            principal: money(amount, currency),
            feePercent: String(t.terms.fee_percent),
            fee: money(fee, currency),
            total: money(amount + fee, currency),
            minimum: money(Number(t.terms.minimum_repayment_amount), currency),
            weeks: String(t.terms.tenor),
            start: String(t.terms.start_date),
            end: String(t.terms.end_date),
            directDebit: t.directDebit,
            rate: 22,
            account:
              t.destination === 'wallet'
                ? words.capital_loan.terms.wallet!
                : [t.bank.iban, t.bank.bank_name].filter(Boolean).join(' · '),
          }),
      };
    },
    async signed(accountId, contract) {
      const { merchantIds } = await scopeOf(accountId);
      const loan = await makeLoan(await takeable(merchantIds, contract.subjectId), contract);
      return { loan_id: loan?.id ?? (await repo.loanOfApplication(contract.subjectId))?.id ?? null };
    },
  };

  return {
    capitalContractKind: contractKind,

    async loans(who: CapitalScope) {
      return { items: (await repo.loans(who.merchantIds)).map(loanView) };
    },

    async loan(who: CapitalScope, id: string) {
      const row = await repo.loan(who.merchantIds, id);
      if (!row) throw notFound('loan not found');
      return loanView(row);
    },

    /**
     * POST …/capital/loans: the loan of an approved application whose contract is signed. Signing makes the loan;
     * this call is what makes it again should that step have failed after the signature was kept.
     */
    async applyForLoan(who: CapitalScope, body: { application_id: string }) {
      const t = await takeable(who.merchantIds, body.application_id);
      const contract = await deps.contracts.ofSubject('capital_loan', t.application.id);
      if (contract?.status !== 'signed')
        throw new HttpError(409, 'sign the contract before taking the advance', undefined, {
          key: 'capital:take.signFirst',
        });
      const loan = await makeLoan(t, contract);
      if (!loan) throw new HttpError(409, 'a loan was already taken out on this application');
      return { loan_id: loan.id };
    },

    /** A code to a new signatory phone for the loan (§3 authorized_signatory): sent to that phone, 30 s apart. */
    async sendLoanPhoneCode(who: CapitalScope, id: string, body: { phone: string }) {
      const row = await repo.loan(who.merchantIds, id);
      if (!row) throw notFound('loan not found');
      if (row.status === 'closed') throw new HttpError(409, 'a closed loan cannot be changed');
      const now = deps.clock.now().getTime();
      const previous = isObject(row.data._otp) ? row.data._otp : undefined;
      const wait =
        previous && previous.phone === body.phone
          ? Number(previous.sent_at) + SIGNATORY_CODE.resendAfterMs - now
          : 0;
      if (wait > 0)
        throw new HttpError(429, 'too many attempts to send code', undefined, { retry_after: Math.ceil(wait / 1000) });
      await deps.codeLocks.countSend(body.phone).catch(() => {
        throw new HttpError(400, 'too many failed attempts', {
          '/authorized_signatory/phone': fieldError('capital:error.tooManyAttempts'),
        });
      });
      const code = newCode(SIGNATORY_CODE.length);
      const salt = newSalt();
      await repo.updateLoan(row.id, {
        data: { ...row.data, _otp: { salt, hash: hashCode(salt, code), sent_at: now, phone: body.phone } },
        updatedAt: new Date(now),
      });
      await deps.outbox.send({
        to: body.phone,
        channel: 'sms',
        subject: 'Capital signatory code',
        body: `Your capital signatory code is ${code}`,
        code,
      });
      return { sent: true, resend_after: SIGNATORY_CODE.resendAfterMs / 1000 };
    },

    /**
     * PATCH …/capital/loans/{id}: the direct-debit signatory's phone (§3 "authorized_signatory {phone}"), with the
     * code sent to that phone. A mandate not active yet is asked for again at the new number.
     */
    async patchLoan(
      who: CapitalScope,
      id: string,
      body: { authorized_signatory: { phone: string }; code?: string },
    ) {
      const row = await repo.loan(who.merchantIds, id);
      if (!row) throw notFound('loan not found');
      if (row.status === 'closed') throw new HttpError(409, 'a closed loan cannot be changed');
      const phone = body.authorized_signatory.phone;
      const otp = isObject(row.data._otp) ? row.data._otp : undefined;
      const now = deps.clock.now();
      const failed = () =>
        new HttpError(400, 'otp verification failed', { '/code': fieldError('capital:error.codeFailed') });
      if (!body.code)
        throw new HttpError(400, 'the code sent to the new phone is required', {
          '/code': fieldError('capital:error.codeRequired'),
        });
      if (!otp || otp.phone !== phone || now.getTime() - Number(otp.sent_at) > SIGNATORY_CODE.validMs) throw failed();
      const salt = String(otp.salt);
      if (!(await deps.codeLocks.tryThisCode(`loan:${salt}`, SIGNATORY_CODE.maxAttempts)))
        throw new HttpError(400, 'too many failed attempts', { '/code': fieldError('capital:error.tooManyAttempts') });
      const attempt = await deps.codeLocks.tryCode(phone).catch(() => {
        throw new HttpError(400, 'too many failed attempts', { '/code': fieldError('capital:error.tooManyAttempts') });
      });
      if (!sameHash(hashCode(salt, body.code), String(otp.hash))) {
        await attempt.wrong().catch(() => undefined);
        throw new HttpError(400, 'invalid otp code', { '/code': fieldError('capital:error.codeInvalid') });
      }
      await attempt.right();
      const data = publicData(row.data);
      const mandate = isObject(data.direct_debit) ? String(data.direct_debit.status) : null;
      const askAgain = mandate !== null && mandate !== 'active';
      const updated = await repo.spendLoanCode(row.id, salt, {
        data: {
          ...data,
          authorized_signatory: { phone },
          ...(askAgain ? { direct_debit: { status: 'pending' } } : {}),
        },
        updatedAt: now,
      });
      if (!updated) throw failed();
      if (askAgain)
        await requestMandate(updated, (await deps.accounts.account(who.accountId))?.lang === 'ar' ? 'ar' : 'en');
      return loanView(updated);
    },

    /**
     * The bank's answer on a mandate (the simulated bank's dev call; a real bank's callback replaces it): active
     * lets a `waiting_for_dda` loan wait for its money; rejected stays with the merchant to fix (a new phone asks
     * again).
     */
    async mandateDecided(loanId: string, outcome: MandateOutcome) {
      const row = await repo.loanById(loanId);
      if (!row) throw notFound('loan not found');
      if (!isObject(row.data.direct_debit)) throw new HttpError(409, 'the loan has no direct debit');
      if (row.data.direct_debit.status === 'active') throw new HttpError(409, 'the mandate is already active');
      const data = { ...row.data, direct_debit: { status: outcome } };
      const moved =
        outcome === 'active' && row.status === 'waiting_for_dda'
          ? await repo.moveLoan(row.id, 'waiting_for_dda', { status: 'waiting', data, updatedAt: deps.clock.now() })
          : await repo.updateLoan(row.id, { data, updatedAt: deps.clock.now() });
      if (!moved) throw new HttpError(409, 'the loan moved on meanwhile');
      return loanView(moved);
    },

    /**
     * The provider's run: pays out every signed advance that is due (waiting, its mandate active where it has one),
     * each in its own transaction — a loan already paid out is not paid again, whoever runs at once.
     */
    async runDisbursements() {
      const due = await repo.dueDisbursements();
      const disbursed: string[] = [];
      for (const loan of due) if (await disburse(loan)) disbursed.push(loan.id);
      return { disbursed };
    },

    /** One advance paid out now (the run's step; 409 when it is not waiting for its money). */
    async disburseLoan(loanId: string) {
      const row = await repo.loanById(loanId);
      if (!row) throw notFound('loan not found');
      if (row.status !== 'waiting' || !row.data.contract_id)
        throw new HttpError(409, 'the advance is not waiting to be paid out', undefined, {
          details: { status: row.status },
        });
      const done = await disburse(row);
      if (!done) throw new HttpError(409, 'the advance was already paid out');
      return loanView(done);
    },
  };

  async function disburse(loan: LoanRow) {
    const now = deps.clock.now();
    const currency = String(loan.data.currency ?? 'AED');
    const amountMinor = decimalToMinor(Number(loan.data.amount).toFixed(2), currency);
    if (amountMinor === null) return undefined;
    const day = now.toISOString().slice(0, 10);
    // Repayments start the week after the money arrives (capital §9: weekly).
    const next = new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    const disbursement = isObject(loan.data.disbursement) ? loan.data.disbursement : {};
    const done = await repo.disburse({
      loanId: loan.id,
      data: {
        ...loan.data,
        next_repayment_date: next,
        disbursement: { ...disbursement, at: now.toISOString(), day },
      },
      day,
      at: now,
      currency,
      amountMinor,
      destination: disbursement.destination === 'wallet' ? 'wallet' : 'bank',
    });
    return done?.loan;
  }
}
