/** The capital waitlist (capital spec §2 Waitlist page, §5, §7): the account's entry, and joining it. */
import { fieldError, HttpError, type FieldError } from '../../errors';
import type { CapitalContext } from './context';
import { invalid, type CapitalScope } from './model';

/** The waitlist is open only with the `capital_waitlist` experiment (capital spec §6: flags gate the waitlist). */
export function assertWaitlistOpen(who: CapitalScope) {
  if (!who.waitlist) throw new HttpError(403, 'the capital waitlist is not open for this account');
}

export function waitlistCalls({ deps, repo }: CapitalContext) {
  return {
    async waitlist(who: CapitalScope) {
      const entry = await repo.waitlistEntry(who.accountId);
      return {
        joined: entry !== undefined,
        stores: entry?.stores ?? [],
        capitalUse: entry?.capitalUse ?? null,
        otherUse: entry?.otherUse ?? null,
      };
    },

    /** POST …/capital/waitlist: at least one of the account's stores and a purpose. */
    async joinWaitlist(who: CapitalScope, body: { stores: string[]; capitalUse: string; otherUse?: string }) {
      assertWaitlistOpen(who);
      const mine = new Set((await deps.accounts.storesOf(who.merchantIds)).map((s) => s.id));
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
}
