/** Loans (capital spec §2 Loans, §3 Loan, §7): the list, one loan, taking one out, its direct-debit signatory. */
import { randomUUID } from 'node:crypto';
import { HttpError, notFound } from '../../errors';
import type { CapitalContext } from './context';
import { isObject, loanView, type CapitalScope } from './model';

export function loanCalls({ deps, repo, applicationOf, viewOf }: CapitalContext) {
  return {
    async loans(who: CapitalScope) {
      return { items: (await repo.loans(who.merchantIds)).map(loanView) };
    },

    async loan(who: CapitalScope, id: string) {
      const row = await repo.loan(who.merchantIds, id);
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
      const terms = (await viewOf(merchantIds, application)).loan_terms;
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
      const row = await repo.loan(who.merchantIds, id);
      if (!row) throw notFound('loan not found');
      if (row.status === 'closed') throw new HttpError(409, 'a closed loan cannot be changed');
      const updated = await repo.updateLoan(row.id, {
        data: { ...row.data, authorized_signatory: { phone: body.authorized_signatory.phone } },
        updatedAt: deps.clock.now(),
      });
      return loanView(updated!);
    },
  };
}
