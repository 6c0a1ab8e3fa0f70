/** SQL of a workspace's team: the members of some merchants, their sign-in state, invitations and changes. */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { notifyAccess } from './accessEvents';
import { accounts, memberships, merchants, sessions, type PermissionFlag } from '../db/schema';
import { isUniqueViolation } from '../db/errors';

export interface MemberRow {
  accountId: string;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  merchantId: string;
  merchantName: string;
  role: string;
  addedAt: Date;
}

export function createUsersRepository(db: Db) {
  return {
    /** Every membership of these merchants with its person and merchant, oldest first. */
    async membersOf(merchantIds: string[]): Promise<MemberRow[]> {
      if (merchantIds.length === 0) return [];
      return db
        .select({
          accountId: accounts.id,
          email: accounts.email,
          phone: accounts.phone,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          merchantId: merchants.id,
          merchantName: merchants.name,
          role: memberships.role,
          addedAt: memberships.createdAt,
        })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
        .where(inArray(memberships.merchantId, merchantIds))
        .orderBy(asc(memberships.createdAt), asc(accounts.id), asc(merchants.id));
    },

    /** Which of these accounts have ever finished a sign-in (a session that was opened). */
    async signedIn(accountIds: string[]): Promise<Set<string>> {
      if (accountIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ id: sessions.accountId })
        .from(sessions)
        .where(and(inArray(sessions.accountId, accountIds), eq(sessions.state, 'open')));
      return new Set(rows.map((r) => r.id));
    },

    async merchantNames(merchantIds: string[]) {
      if (merchantIds.length === 0) return [];
      return db
        .select({ id: merchants.id, name: merchants.name, country: merchants.country })
        .from(merchants)
        .where(inArray(merchants.id, merchantIds))
        .orderBy(asc(merchants.name), asc(merchants.id));
    },

    async accountBy(field: 'email' | 'phone', value: string) {
      return (
        await db
          .select({ id: accounts.id })
          .from(accounts)
          .where(eq(field === 'email' ? accounts.email : accounts.phone, value))
          .limit(1)
      )[0];
    },

    /**
     * The account that signs in with this address — made now if there is none, so the invited person's first
     * sign-in finds it. Two invitations of one new address at once both end with the same account.
     */
    async accountFor(field: 'email' | 'phone', value: string, lang: string, now: Date): Promise<string> {
      const found = await this.accountBy(field, value);
      if (found) return found.id;
      try {
        const [row] = await db
          .insert(accounts)
          .values({ id: randomUUID(), [field]: value, lang, createdAt: now })
          .returning({ id: accounts.id });
        return row!.id;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const again = await this.accountBy(field, value);
        if (!again) throw error;
        return again.id;
      }
    },

    /**
     * Gives the account exactly these of the scope's merchants, with one role and its flags: memberships in the
     * scope but not listed go, listed ones are made or changed. Memberships outside the scope are untouched.
     */
    async setMemberships(input: {
      accountId: string;
      scope: string[];
      merchantIds: string[];
      role: string;
      flags: Record<string, PermissionFlag>;
      now: Date;
    }) {
      await db.transaction(async (tx) => {
        const leaving = input.scope.filter((id) => !input.merchantIds.includes(id));
        if (leaving.length > 0)
          await tx
            .delete(memberships)
            .where(and(eq(memberships.accountId, input.accountId), inArray(memberships.merchantId, leaving)));
        for (const merchantId of input.merchantIds)
          await tx
            .insert(memberships)
            .values({
              accountId: input.accountId,
              merchantId,
              role: input.role,
              flags: input.flags,
              createdAt: input.now,
            })
            .onConflictDoUpdate({
              target: [memberships.accountId, memberships.merchantId],
              set: { role: input.role, flags: input.flags },
            });
        await notifyAccess(tx, { accountId: input.accountId });
      });
    },

    /** Takes the account out of the scope's merchants; returns how many memberships went. */
    async removeMemberships(accountId: string, scope: string[]) {
      if (scope.length === 0) return 0;
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(memberships)
          .where(and(eq(memberships.accountId, accountId), inArray(memberships.merchantId, scope)))
          .returning({ merchantId: memberships.merchantId });
        await notifyAccess(tx, { accountId });
        return gone.length;
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
