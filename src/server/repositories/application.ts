/** SQL of onboarding applications (their answers are their drafts', see repositories/drafts.ts). */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { applications, drafts, legalEntities, memberships, merchants } from '../db/schema';
import { ibanKey } from '../../engine/core/iban';
import { prepareAccountById } from './account';

export type ApplicationRow = typeof applications.$inferSelect;

/** The account's application: every onboarding call reads it (prepared, as the session's: repositories/auth.ts). */
const prepareByAccount = (db: Db) =>
  db
    .select()
    .from(applications)
    .where(eq(applications.accountId, sql.placeholder('accountId')))
    .limit(1)
    .prepare('application_by_account');

/**
 * Whether a business name is taken, in one round trip (every autosave that changes the name asks): a merchant of
 * another organisation has it (case and outer spaces aside; the account's own merchants may keep theirs), or
 * another account's submitted application of the flow answers it.
 */
const prepareNameTaken = (db: Db) =>
  db
    .select({
      taken: sql<boolean>`exists (
        select 1 from ${merchants}
        where lower(trim(${merchants.name})) = lower(trim(${sql.placeholder('name')}))
          and not exists (
            select 1 from ${memberships}
            where ${memberships.merchantId} = ${merchants.id} and ${memberships.accountId} = ${sql.placeholder('accountId')}
          )
      ) or exists (
        select 1 from ${drafts}
        where ${drafts.flow} = ${sql.placeholder('flow')}
          and ${drafts.ownerId} <> ${sql.placeholder('accountId')}
          and ${drafts.status} = 'submitted'
          and lower(${drafts.data} #>> '{business_name}') = lower(trim(${sql.placeholder('name')}))
      )`,
    })
    .from(sql`(select 1) as one`)
    .prepare('business_name_taken');

/**
 * Whether an IBAN is another business's bank account (§8 LEGAL_BANK_DETAILS_CONFLICT), in one round trip: the
 * legal entity of a merchant the account is no member of has it, or another account's submitted application of the
 * flow answers it. Compared upper case without spaces.
 */
const prepareIbanTaken = (db: Db) =>
  db
    .select({
      taken: sql<boolean>`exists (
        select 1 from ${legalEntities}
        where upper(replace(${legalEntities.iban}, ' ', '')) = ${sql.placeholder('iban')}
          and not exists (
            select 1 from ${memberships}
            where ${memberships.merchantId} = ${legalEntities.merchantId}
              and ${memberships.accountId} = ${sql.placeholder('accountId')}
          )
      ) or exists (
        select 1 from ${drafts}
        where ${drafts.flow} = ${sql.placeholder('flow')}
          and ${drafts.ownerId} <> ${sql.placeholder('accountId')}
          and ${drafts.status} = 'submitted'
          and upper(replace(${drafts.data} #>> '{bank_details,iban}', ' ', '')) = ${sql.placeholder('iban')}
      )`,
    })
    .from(sql`(select 1) as one`)
    .prepare('iban_taken');

export function createApplicationRepository(db: Db) {
  let byAccountQuery: ReturnType<typeof prepareByAccount> | undefined;
  let nameTakenQuery: ReturnType<typeof prepareNameTaken> | undefined;
  let ibanTakenQuery: ReturnType<typeof prepareIbanTaken> | undefined;
  let accountQuery: ReturnType<typeof prepareAccountById> | undefined;
  const byAccount = async (accountId: string) => {
    byAccountQuery ??= prepareByAccount(db);
    return (await byAccountQuery.execute({ accountId }))[0];
  };
  return {
    byAccount,
    async account(accountId: string) {
      accountQuery ??= prepareAccountById(db);
      return (await accountQuery.execute({ id: accountId }))[0];
    },
    async insert(row: Omit<typeof applications.$inferInsert, 'id'>) {
      // One application per account: a second create (two tabs) returns the first.
      await db
        .insert(applications)
        .values({ ...row, id: row.draftId ?? randomUUID() })
        .onConflictDoNothing({ target: applications.accountId });
      return (await byAccount(row.accountId))!;
    },
    async update(id: string, changes: Partial<typeof applications.$inferInsert>, now: Date) {
      return (
        await db
          .update(applications)
          .set({ ...changes, updatedAt: now })
          .where(eq(applications.id, id))
          .returning()
      )[0]!;
    },
    /** The business name is another organisation's merchant's, or in another account's submitted application. */
    async businessNameTaken(accountId: string, name: string, flow: string) {
      nameTakenQuery ??= prepareNameTaken(db);
      const [row] = await nameTakenQuery.execute({ accountId, name, flow });
      return row?.taken === true;
    },
    /** The IBAN is another business's bank account, or in another account's submitted application. */
    async ibanTaken(accountId: string, iban: string, flow: string) {
      ibanTakenQuery ??= prepareIbanTaken(db);
      const [row] = await ibanTakenQuery.execute({ accountId, iban: ibanKey(iban), flow });
      return row?.taken === true;
    },
  };
}

export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;
