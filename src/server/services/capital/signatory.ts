/**
 * The signatory's code (capital spec §2 KYB wizard "your details" and "confirm code", §7 resend-otp and verify,
 * §8, §9): a code by SMS to the phone the signatory gave, and its check, which confirms the phone and verifies
 * the application.
 */
import { SIGNATORY_CODE_LENGTH } from '../../../domain/capital/types';
import { hashCode, newCode, newSalt, sameHash } from '../../auth/codes';
import { fieldError, HttpError } from '../../errors';
import { SEND_LOCKED, VERIFY_LOCKED } from '../codeLocks';
import type { CapitalContext } from './context';
import { completeSteps, invalid, isObject, publicData, stepsOf, type CapitalScope } from './model';

/** §9: signatory code of 4 digits; resend after 30 seconds. Ours: a code lasts 10 minutes, 5 wrong tries. */
export const SIGNATORY_CODE = {
  length: SIGNATORY_CODE_LENGTH,
  resendAfterMs: 30_000,
  validMs: 10 * 60_000,
  maxAttempts: 5,
};

/**
 * Ours (the spec sets none): one application sends signatory codes to at most 3 different numbers in an hour.
 * Each number has its own send lockout, but without this one merchant could have SMS sent to any number of
 * strangers by changing the signatory's phone again and again (SMS pumping); 3 is sign-in's cap of new numbers
 * per session, and leaves room for a typo and a change of signatory. A number already sent to is a resend.
 */
export const SIGNATORY_NUMBERS = { perWindow: 3, windowMs: 60 * 60_000 };

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

export function signatoryCalls({ deps, repo, editableApplication, viewOf }: CapitalContext) {
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

  return {
    /** POST …/resend-otp: a new code by SMS to the signatory's phone, at most every 30 seconds (§9). */
    async sendSignatoryCode(who: CapitalScope, id: string) {
      const row = await editableApplication(who.merchantIds, id);
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
          _otp: { salt, hash: hashCode(salt, code), sent_at: now, phone },
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

    /**
     * POST …/verify: the signatory's code; a right one confirms the phone and verifies the application. Every try
     * is counted before the code is compared — this code's own (5: ask for a new one) and the number's with
     * sign-in's (5 within 30 minutes lock it for 30 minutes) — and a right code is used up by one conditional
     * statement, so tries sent at once are judged no more often than tries sent one by one (issue 53).
     */
    async verifySignatoryCode(who: CapitalScope, id: string, code: string) {
      const row = await editableApplication(who.merchantIds, id);
      const otp = isObject(row.data._otp) ? row.data._otp : undefined;
      const now = deps.clock.now();
      const failed = () =>
        invalid({ '/code': fieldError('capital:error.codeFailed') }, 'otp verification failed');
      if (!otp || now.getTime() - Number(otp.sent_at) > SIGNATORY_CODE.validMs) throw failed();
      const phone = String(otp.phone ?? '');
      const salt = String(otp.salt);
      if (!(await deps.codeLocks.tryThisCode(`signatory:${salt}`, SIGNATORY_CODE.maxAttempts)))
        throw invalid({ '/code': fieldError('capital:error.tooManyAttempts') }, 'too many failed attempts');
      const verifyLocked = lockedAs(VERIFY_LOCKED, '/code', 'too many failed attempts');
      const attempt = await deps.codeLocks.tryCode(phone).catch(verifyLocked);
      if (!sameHash(hashCode(salt, code), String(otp.hash))) {
        await attempt.wrong().catch(verifyLocked);
        throw invalid({ '/code': fieldError('capital:error.codeInvalid') }, 'invalid otp code');
      }
      await attempt.right();
      const rest = publicData(row.data); // the code is used up
      const signatory = isObject(rest.authorized_signatory) ? rest.authorized_signatory : {};
      const steps = completeSteps(stepsOf(rest), new Set(['your_details']));
      // Only while this code is still the application's: of calls bringing it at once, one verifies.
      const updated = await repo.spendSignatoryCode(row.id, salt, {
        status: 'verified',
        data: { ...rest, steps, authorized_signatory: { ...signatory, phone_confirmed: true } },
        updatedAt: now,
      });
      if (!updated) throw failed();
      return viewOf(who.merchantIds, updated);
    },
  };
}
