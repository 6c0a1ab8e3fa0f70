/**
 * Taking an advance (docs/capital.md "From approval to money"): an approved application with no loan yet, its
 * contract (the `capital_loan` kind of services/contracts), the loan its signature makes, and the mandate asked of
 * the bank for a direct-debit advance.
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '../../../domain/language';
import { HttpError } from '../../errors';
import type { ContractRow } from '../../repositories/contracts';
import type { LoanRow } from '../../repositories/capital';
import { capitalLoanDocument, type ContractWords } from '../contracts/documents';
import type { ContractKindHandler, ContractSubject } from '../contracts';
import type { CapitalContext } from './context';
import { isObject, offerView } from './model';

/** `AED 100,000.00`: the contract's amounts, the same in both languages. */
const money = (amount: number, currency: string) =>
  `${currency} ${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

const wrongStatus = () =>
  new HttpError(409, 'wrong status of edited loan', undefined, { details: { reason: 'wrong_status' } });

export function loanTaking({ deps, repo, applicationOf, viewOf, scopeOf }: CapitalContext) {
  /** The IBAN the advance goes to (§2 Approved summary: the bank details', else the legal entity's). */
  async function bankAccountOf(merchantId: string, view: Record<string, unknown>) {
    const details = isObject(view.bank_details) ? view.bank_details : {};
    if (typeof details.iban === 'string' && details.iban)
      return {
        iban: details.iban,
        bank_name: typeof details.bank_name === 'string' ? details.bank_name : null,
      };
    const entity = (await deps.accounts.legalEntitiesOf([merchantId]))[0];
    return { iban: entity?.iban ?? null, bank_name: entity?.bankName ?? null };
  }

  /** An approved application with no loan yet, with what its contract and loan need. */
  async function takeable(merchantIds: string[], applicationId: string) {
    const application = await applicationOf(merchantIds, applicationId);
    if (application.status !== 'approved') throw wrongStatus();
    if (await repo.loanOfApplication(application.id))
      throw new HttpError(409, 'a loan was already taken out on this application', undefined, {
        key: 'capital-money:take.already',
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
        key: 'capital-money:take.noPhone',
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
    const phone = isObject(loan.data.authorized_signatory)
      ? String(loan.data.authorized_signatory.phone)
      : '';
    await deps.bank.requestMandate({ loanId: loan.id, phone, language });
  }

  /** The `capital_loan` kind of contract: an approved application's advance. */
  const contractKind: ContractKindHandler = {
    readable: async (accountId, contract) =>
      (await scopeOf(accountId).catch(() => ({ merchantIds: [] as string[] }))).merchantIds.includes(
        contract.merchantId,
      ),
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

  return { takeable, makeLoan, requestMandate, capitalContractKind: contractKind };
}

export type LoanTaking = ReturnType<typeof loanTaking>;
