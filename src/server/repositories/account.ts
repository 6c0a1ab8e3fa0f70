/** SQL of the signed-in account: its memberships, experiments, stores; analytics events. */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { accounts, events, experiments, legalEntities, memberships, merchants, stores } from '../db/schema';

/**
 * The two reads most calls make after the session — the account, its memberships — as prepared statements: built
 * once and, on PostgreSQL, parsed and planned once a connection (as the session's, repositories/auth.ts).
 */
export const prepareAccountById = (db: Db) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('account_by_id');
const prepareMemberships = (db: Db) =>
  db
    .select({
      merchantId: memberships.merchantId,
      role: memberships.role,
      flags: memberships.flags,
      merchantCountry: merchants.country,
      merchantName: merchants.name,
      organizationId: merchants.organizationId,
    })
    .from(memberships)
    .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
    .where(eq(memberships.accountId, sql.placeholder('accountId')))
    .orderBy(asc(memberships.createdAt), asc(memberships.merchantId))
    .prepare('memberships_of_account');

export function createAccountRepository(db: Db) {
  let byId: ReturnType<typeof prepareAccountById> | undefined;
  let membershipsOf: ReturnType<typeof prepareMemberships> | undefined;
  return {
    async account(id: string) {
      byId ??= prepareAccountById(db);
      return (await byId.execute({ id }))[0];
    },
    /** Adds an area to the ones the account has seen, once (a second call, or two at once, add nothing). */
    async markSeen(id: string, area: string) {
      await db
        .update(accounts)
        .set({ seenAreas: sql`${accounts.seenAreas} || ${JSON.stringify([area])}::jsonb` })
        .where(and(eq(accounts.id, id), sql`not (${accounts.seenAreas} ? ${area})`));
    },
    /** The account that signs in with this e-mail address, if any. */
    async accountByEmail(email: string) {
      return (await db.select().from(accounts).where(eq(accounts.email, email)).limit(1))[0];
    },
    /** The account that signs in with this phone number, if any. */
    async accountIdByPhone(phone: string) {
      return (
        await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phone)).limit(1)
      )[0]?.id;
    },
    /** The account's memberships, oldest first (the first is the one the shell works with). */
    async memberships(accountId: string) {
      membershipsOf ??= prepareMemberships(db);
      return membershipsOf.execute({ accountId });
    },
    /** A merchant's country (its wallet's currency follows it), if the merchant exists. */
    async merchantCountry(merchantId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ country: merchants.country })
        .from(merchants)
        .where(eq(merchants.id, merchantId));
      return row?.country;
    },
    async experiments(accountId: string) {
      return db
        .select({ name: experiments.name, value: experiments.value })
        .from(experiments)
        .where(eq(experiments.accountId, accountId))
        .orderBy(asc(experiments.name));
    },
    async storesOf(merchantIds: string[]) {
      if (merchantIds.length === 0) return [];
      return db
        .select({
          id: stores.id,
          name: stores.name,
          country: stores.country,
          merchantId: stores.merchantId,
          merchantName: merchants.name,
          organizationId: merchants.organizationId,
          availableProducts: stores.availableProducts,
          contractSignedAt: stores.contractSignedAt,
        })
        .from(stores)
        .innerJoin(merchants, eq(merchants.id, stores.merchantId))
        .where(inArray(stores.merchantId, merchantIds))
        .orderBy(asc(stores.createdAt), asc(stores.id));
    },
    /** One of these merchants' stores, with its merchant's organization. */
    async store(merchantIds: string[], storeId: string) {
      if (merchantIds.length === 0) return undefined;
      return (
        await db
          .select({
            ...getTableColumns(stores),
            organizationId: merchants.organizationId,
            merchantName: merchants.name,
          })
          .from(stores)
          .innerJoin(merchants, eq(merchants.id, stores.merchantId))
          .where(and(eq(stores.id, storeId), inArray(stores.merchantId, merchantIds)))
          .limit(1)
      )[0];
    },
    async legalEntitiesOf(merchantIds: string[]) {
      if (merchantIds.length === 0) return [];
      return db
        .select()
        .from(legalEntities)
        .where(inArray(legalEntities.merchantId, merchantIds))
        .orderBy(asc(legalEntities.createdAt), asc(legalEntities.id));
    },
    /** Keeps the renewed licence a merchant sent for its entity (docs/legal-entities.md). */
    async setLicenceRenewal(id: string, renewal: Record<string, unknown>) {
      await db.update(legalEntities).set({ renewal }).where(eq(legalEntities.id, id));
    },
    async addEvent(event: {
      accountId: string | null;
      type: string;
      payload: Record<string, unknown>;
      at: Date;
    }) {
      await db.insert(events).values({
        id: randomUUID(),
        accountId: event.accountId,
        type: event.type,
        payload: event.payload,
        createdAt: event.at,
      });
    },
    /** Each named event fired, with each set of property keys it was fired with (QA: the catalogue's walk). */
    async firedEvents(): Promise<{ event: string; properties: string[] }[]> {
      const answer = await db.execute(sql`
        select distinct payload->>'event' as event,
          coalesce((select array_agg(k order by k) from jsonb_object_keys(payload) k where k <> 'event'), '{}') as properties
        from events where type = 'track' and payload ? 'event'
        order by 1, 2`);
      const { rows } = answer as unknown as { rows: { event: string; properties: string[] }[] };
      return rows.map((row) => ({ event: row.event, properties: [...row.properties] }));
    },
    async events(limit: number) {
      const rows = await db.select().from(events).orderBy(desc(events.createdAt)).limit(limit);
      return rows.map((r) => ({
        type: r.type,
        account_id: r.accountId,
        payload: r.payload,
        created_at: r.createdAt.toISOString(),
      }));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
