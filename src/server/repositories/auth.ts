/** SQL of sign-in: accounts by address, one-time codes, sessions, counters, used bot-check challenges. */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation } from '../db/errors';
import type { Db } from '../db';
import { notifyAccess } from './accessEvents';
import { accounts, counters, meta, otpCodes, sessions, usedBotChallenges, webviewTokens } from '../db/schema';

export type AccountRow = typeof accounts.$inferSelect;
export type OtpRow = typeof otpCodes.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/**
 * A live session by its token's hash — asked by every API request first — as a prepared statement: built once
 * (drizzle's query building is some 60 µs a call) and, on PostgreSQL, parsed and planned once a connection.
 */
const prepareSessionByHash = (db: Db) =>
  db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.endedAt)))
    .limit(1)
    .prepare('session_by_token_hash');

export function createAuthRepository(db: Db) {
  return { ...accountRows(db), ...codeRows(db), ...sessionRows(db), ...guardRows(db) };
}

/** The accounts, by address or id, and a second address set. */
function accountRows(db: Db) {
  return {
    async accountByEmail(email: string): Promise<AccountRow | undefined> {
      return (await db.select().from(accounts).where(eq(accounts.email, email)).limit(1))[0];
    },
    async accountByPhone(phone: string): Promise<AccountRow | undefined> {
      return (await db.select().from(accounts).where(eq(accounts.phone, phone)).limit(1))[0];
    },
    async accountById(id: string): Promise<AccountRow | undefined> {
      return (await db.select().from(accounts).where(eq(accounts.id, id)).limit(1))[0];
    },
    /** A new account for an e-mail, or the one made meanwhile (two first codes to one new address, verified at once). */
    async createAccount(values: { email: string; lang: string; createdAt: Date }): Promise<AccountRow> {
      const [row] = await db
        .insert(accounts)
        .values({ id: randomUUID(), email: values.email, lang: values.lang, createdAt: values.createdAt })
        .onConflictDoNothing()
        .returning();
      return row ?? (await db.select().from(accounts).where(eq(accounts.email, values.email)).limit(1))[0]!;
    },
    /** Sets the account's phone or e-mail; false when another account already has it. */
    async setAccountAddress(id: string, field: 'email' | 'phone', value: string): Promise<boolean> {
      try {
        await db
          .update(accounts)
          .set(field === 'email' ? { email: value } : { phone: value })
          .where(eq(accounts.id, id));
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}

/** The codes sent: stored, found, replaced on a resend, spent once, failures counted. */
function codeRows(db: Db) {
  /** A session's newest code not used yet that matches the conditions. */
  const newestUnused = async (sessionId: string, ...where: SQL[]): Promise<OtpRow | undefined> =>
    (
      await db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.sessionId, sessionId), ...where, isNull(otpCodes.usedAt)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1)
    )[0];
  return {
    async insertCode(row: typeof otpCodes.$inferInsert): Promise<void> {
      await db.insert(otpCodes).values(row);
    },
    async codeById(id: string): Promise<OtpRow | undefined> {
      return (await db.select().from(otpCodes).where(eq(otpCodes.id, id)).limit(1))[0];
    },
    /** The newest unused step-up code of a session for one purpose (a fresh code before a secret is shown). */
    latestStepUp: (sessionId: string, action: string) =>
      newestUnused(sessionId, eq(otpCodes.purpose, 'step_up'), eq(otpCodes.action, action)),
    /** The newest unused second-factor code of a session. */
    latestChallenge: (sessionId: string) => newestUnused(sessionId, eq(otpCodes.purpose, 'challenge')),
    /** The addresses a session has asked a set-up code for (a second factor or a changed phone) since a time. */
    async setupTargets(sessionId: string, since: Date): Promise<string[]> {
      const rows = await db
        .selectDistinct({ target: otpCodes.target })
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.sessionId, sessionId),
            eq(otpCodes.setup, true),
            sql`${otpCodes.createdAt} > ${since}`,
          ),
        );
      return rows.map((r) => r.target);
    },
    /** A resend: the new code replaces the old one, whose wrong tries no longer count. */
    async replaceCode(id: string, values: { codeHash: string; salt: string; sentAt: Date; expiresAt: Date }) {
      await db
        .update(otpCodes)
        .set({ ...values, failures: 0 })
        .where(eq(otpCodes.id, id));
    },
    /**
     * Uses a code up: true for the one call that finds it unused and unexpired, false for every other — one
     * conditional statement, so parallel calls with one code cannot all pass (issue 53, finding 1).
     */
    async spendCode(id: string, at: Date): Promise<boolean> {
      const spent = await db
        .update(otpCodes)
        .set({ usedAt: at })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.usedAt), sql`${otpCodes.expiresAt} > ${at}`))
        .returning({ id: otpCodes.id });
      return spent.length === 1;
    },
    /** Counts a wrong try of a code; answers its wrong tries so far (one statement: parallel tries each count). */
    async addCodeFailure(id: string): Promise<number> {
      const [row] = await db
        .update(otpCodes)
        .set({ failures: sql`${otpCodes.failures} + 1` })
        .where(eq(otpCodes.id, id))
        .returning({ failures: otpCodes.failures });
      return row?.failures ?? 0;
    },
  };
}

/** The sessions and the webview's one-time tokens. */
function sessionRows(db: Db) {
  let sessionByHash: ReturnType<typeof prepareSessionByHash> | undefined;
  /** Ends the sessions a condition picks; live connections opened in them close (the chat socket), on every server. */
  const endSessions = (where: SQL, at: Date) =>
    db.transaction(async (tx) => {
      const ended = await tx
        .update(sessions)
        .set({ endedAt: at })
        .where(where)
        .returning({ id: sessions.id });
      for (const row of ended) await notifyAccess(tx, { sessionId: row.id });
      return ended.length;
    });
  return {
    async insertSession(row: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(row);
    },
    async insertWebviewToken(row: typeof webviewTokens.$inferInsert): Promise<void> {
      await db.insert(webviewTokens).values(row);
    },
    /** Uses a webview token once: the row if it was unused and unexpired at `now` (and is now used), else none. */
    async useWebviewToken(tokenHash: string, now: Date) {
      return (
        await db
          .update(webviewTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(webviewTokens.tokenHash, tokenHash),
              isNull(webviewTokens.usedAt),
              sql`${webviewTokens.expiresAt} > ${now}`,
            ),
          )
          .returning()
      )[0];
    },
    async sessionByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
      sessionByHash ??= prepareSessionByHash(db);
      return (await sessionByHash.execute({ hash: tokenHash }))[0];
    },
    async updateSession(id: string, values: Partial<typeof sessions.$inferInsert>) {
      await db.update(sessions).set(values).where(eq(sessions.id, id));
    },
    async openSessions(accountId: string): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.accountId, accountId), isNull(sessions.endedAt), eq(sessions.state, 'open')))
        .orderBy(desc(sessions.lastSeenAt));
    },
    /**
     * Ends one session of an account, and the webview sessions it opened; false if it is not theirs or already
     * ended.
     */
    async endSession(accountId: string, id: string, at: Date): Promise<boolean> {
      const own = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.accountId, accountId), isNull(sessions.endedAt)))
        .limit(1);
      if (own.length === 0) return false;
      await endSessions(
        and(
          eq(sessions.accountId, accountId),
          or(eq(sessions.id, id), eq(sessions.parentSessionId, id)),
          isNull(sessions.endedAt),
        )!,
        at,
      );
      return true;
    },
    /** Ends every session of an account except `keep` and the webview sessions it opened; returns how many. */
    async endOtherSessions(accountId: string, keep: string, at: Date): Promise<number> {
      return endSessions(
        and(
          eq(sessions.accountId, accountId),
          ne(sessions.id, keep),
          or(isNull(sessions.parentSessionId), ne(sessions.parentSessionId, keep)),
          isNull(sessions.endedAt),
        )!,
        at,
      );
    },
    /** A session by id, whether or not it has ended. */
    async sessionById(id: string): Promise<SessionRow | undefined> {
      return (await db.select().from(sessions).where(eq(sessions.id, id)).limit(1))[0];
    },
  };
}

/** What guards sign-in: the flood counters, the lockouts, the bot check's spent challenges, the shared secrets. */
function guardRows(db: Db) {
  return {
    /**
     * Adds one to a counter in a fixed window (a new window starts when the old one is over) and returns the
     * count and any lock. One statement, so concurrent requests on several processes count correctly.
     */
    async bump(
      key: string,
      now: Date,
      windowMs: number,
    ): Promise<{ count: number; lockedUntil: Date | null }> {
      const windowStart = new Date(now.getTime() - windowMs);
      const [row] = await db
        .insert(counters)
        .values({ key, count: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: counters.key,
          set: {
            count: sql`case when ${counters.windowStartedAt} <= ${windowStart} then 1 else ${counters.count} + 1 end`,
            windowStartedAt: sql`case when ${counters.windowStartedAt} <= ${windowStart} then ${now} else ${counters.windowStartedAt} end`,
          },
        })
        .returning({ count: counters.count, lockedUntil: counters.lockedUntil });
      return row!;
    },
    async lockedUntil(key: string): Promise<Date | null> {
      return (
        (
          await db.select({ lockedUntil: counters.lockedUntil }).from(counters).where(eq(counters.key, key))
        )[0]?.lockedUntil ?? null
      );
    },
    async lock(key: string, until: Date) {
      await db.update(counters).set({ lockedUntil: until }).where(eq(counters.key, key));
    },
    async reset(key: string) {
      await db.delete(counters).where(eq(counters.key, key));
    },

    /** Records a bot-check challenge as used; false if it was used before. */
    async useBotChallenge(challenge: string, expiresAt: Date, now: Date): Promise<boolean> {
      await db.delete(usedBotChallenges).where(sql`${usedBotChallenges.expiresAt} < ${now}`);
      const inserted = await db
        .insert(usedBotChallenges)
        .values({ challenge, expiresAt })
        .onConflictDoNothing()
        .returning({ challenge: usedBotChallenges.challenge });
      return inserted.length > 0;
    },
    /** A secret shared by every server process, made once and kept in the database. */
    async sharedSecret(name: string, make: () => string): Promise<string> {
      await db.insert(meta).values({ key: name, value: make() }).onConflictDoNothing();
      const [row] = await db.select().from(meta).where(eq(meta.key, name));
      return String(row!.value);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
