/**
 * Loans (capital spec §2 Loans, §3 Loan, §7): the list, one loan, taking one out once its contract is signed
 * (loanContract.ts), and the signatory's phone changed with a code sent to the new phone. The advance's money — the
 * mandate, the payout — is money.ts.
 */
import { hashCode, newCode, newSalt, sameHash } from '../../auth/codes';
import { fieldError, HttpError, notFound } from '../../errors';
import type { CapitalContext } from './context';
import type { LoanTaking } from './loanContract';
import { SIGNATORY_CODE } from './signatory';
import { isObject, loanView, publicData, type CapitalScope } from './model';

export function loanCalls(
  { deps, repo }: CapitalContext,
  { takeable, makeLoan, requestMandate }: LoanTaking,
) {
  return {
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
          key: 'capital-money:take.signFirst',
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
        throw new HttpError(429, 'too many attempts to send code', undefined, {
          retry_after: Math.ceil(wait / 1000),
        });
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
      if (!otp || otp.phone !== phone || now.getTime() - Number(otp.sent_at) > SIGNATORY_CODE.validMs)
        throw failed();
      const salt = String(otp.salt);
      if (!(await deps.codeLocks.tryThisCode(`loan:${salt}`, SIGNATORY_CODE.maxAttempts)))
        throw new HttpError(400, 'too many failed attempts', {
          '/code': fieldError('capital:error.tooManyAttempts'),
        });
      const attempt = await deps.codeLocks.tryCode(phone).catch(() => {
        throw new HttpError(400, 'too many failed attempts', {
          '/code': fieldError('capital:error.tooManyAttempts'),
        });
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
        await requestMandate(
          updated,
          (await deps.accounts.account(who.accountId))?.lang === 'ar' ? 'ar' : 'en',
        );
      return loanView(updated);
    },
  };
}
