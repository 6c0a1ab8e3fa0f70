/**
 * The advance's money (docs/capital.md "From approval to money"): the bank's answer on a direct-debit mandate, and
 * the provider's run that pays signed advances out — to the bank account on file or the merchant wallet, as a
 * `capital_disbursement` payout — after which the loan is `paying`.
 */
import { decimalToMinor } from '../../../domain/money';
import { HttpError, notFound } from '../../errors';
import type { LoanRow } from '../../repositories/capital';
import type { CapitalContext } from './context';
import { isObject, loanView } from './model';

/** Mandate statuses (capital §4's direct-debit statuses): what the simulated bank moves a mandate to. */
export type MandateOutcome = 'active' | 'rejected';

export function moneyCalls({ deps, repo }: CapitalContext) {
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

  return {
    /**
     * The bank's answer on a mandate (the simulated bank's dev call; a real bank's callback replaces it): active
     * lets a `waiting_for_dda` loan wait for its money; rejected stays with the merchant to fix (a new phone asks
     * again).
     */
    async mandateDecided(loanId: string, outcome: MandateOutcome) {
      const row = await repo.loanById(loanId);
      if (!row) throw notFound('loan not found');
      if (!isObject(row.data.direct_debit)) throw new HttpError(409, 'the loan has no direct debit');
      if (row.data.direct_debit.status === 'active')
        throw new HttpError(409, 'the mandate is already active');
      const data = { ...row.data, direct_debit: { status: outcome } };
      const moved =
        outcome === 'active' && row.status === 'waiting_for_dda'
          ? await repo.moveLoan(row.id, 'waiting_for_dda', {
              status: 'waiting',
              data,
              updatedAt: deps.clock.now(),
            })
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
      const failed: string[] = [];
      // One advance that cannot be paid out (its store gone, the database busy) does not hold up the others; it
      // stays `waiting` for the next run.
      for (const loan of due)
        try {
          if (await disburse(loan)) disbursed.push(loan.id);
        } catch (error) {
          failed.push(loan.id);
          deps.log?.error({ err: error, loan: loan.id }, 'paying out a capital advance failed');
        }
      return { disbursed, failed };
    },
  };
}
