/**
 * SQL of the merchant wallet and its card (docs/wallet.md). Money moving out (a transfer, a card payment) is one
 * transaction that locks the wallet's row, reads its balance and the day's totals, asks the caller's rule
 * (src/domain/wallet.ts) and writes the movement — so two tabs or two instances never spend the same money twice.
 */
import { and, desc, eq, getTableColumns, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { payouts, stores, virtualCards, walletMovements, wallets } from '../db/schema';
import { bankAccountOf } from './payouts';
import type { Movement as DomainMovement, MovementKind, MovementStatus } from '../../domain/wallet';

export type WalletRow = typeof wallets.$inferSelect;
export type MovementRow = typeof walletMovements.$inferSelect & { storeName: string | null };
export type CardRow = typeof virtualCards.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface MovementQuery {
  merchantId: string;
  kinds?: MovementKind[];
  from?: string;
  to?: string;
  cardId?: string;
  /** Only movements in these states as of `today` (a state depends on the day: domain/wallet.ts movementStatus). */
  statuses?: { among: MovementStatus[]; today: string };
}

/** A movement's state as of `day`, as SQL: the same rule as domain/wallet.ts movementStatus. */
function statusCondition(status: MovementStatus, day: string): SQL {
  const m = walletMovements;
  const pending = sql`(${m.amountMinor} > 0 and ${m.kind} = 'payout' and ${m.day} >= ${day})`;
  const inTransit = sql`(${m.amountMinor} < 0 and ${m.kind} = 'transfer' and ${m.day} >= ${day})`;
  if (status === 'pending') return pending;
  if (status === 'in_transit') return inTransit;
  return sql`not (${pending} or ${inTransit})`;
}

export interface MovementCursor {
  at: Date;
  id: string;
}

/**
 * The wallet's movements summed by what decides their state (kind, in or out, before today or not): the domain's
 * balance rule (balanceOf) reads these sums as if each were one movement, on a day before today or today.
 */
async function balanceRows(db: Db | Tx, merchantId: string, today: string): Promise<DomainMovement[]> {
  const rows = await db
    .select({
      kind: walletMovements.kind,
      incoming: sql<boolean>`${walletMovements.amountMinor} > 0`,
      recent: sql<boolean>`${walletMovements.day} >= ${today}`,
      amount: sql<string>`sum(${walletMovements.amountMinor})`,
    })
    .from(walletMovements)
    .where(eq(walletMovements.merchantId, merchantId))
    // By position: the day's parameter would make the select's expression and the group's two different ones.
    .groupBy(sql`1, 2, 3`);
  return rows.map((r) => ({
    kind: r.kind as MovementKind,
    amount: Number(r.amount),
    day: r.recent === true || String(r.recent) === 'true' ? today : '0001-01-01',
  }));
}

/** What the wallet's transfers (or its card's payments) of `today` moved, and how many. */
async function dayTotals(db: Db | Tx, merchantId: string, kind: MovementKind, today: string) {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(-sum(${walletMovements.amountMinor}), 0)`,
      count: sql<string>`count(*)`,
    })
    .from(walletMovements)
    .where(
      and(
        eq(walletMovements.merchantId, merchantId),
        eq(walletMovements.kind, kind),
        eq(walletMovements.day, today),
        lt(walletMovements.amountMinor, 0),
      ),
    );
  return { total: Number(row?.total ?? 0), count: Number(row?.count ?? 0) };
}

export interface SpendInput {
  merchantId: string;
  today: string;
  kind: 'transfer' | 'card';
  /** Decides from the balance and the day's totals; a refusal is returned as it is, nothing written. */
  decide: (state: {
    movements: DomainMovement[];
    day: { total: number; count: number };
    card: CardRow | undefined;
  }) => string | null;
  movement: Omit<typeof walletMovements.$inferInsert, 'merchantId' | 'kind' | 'day'>;
}

export function createWalletRepository(db: Db) {
  return {
    /** The merchant's wallet, made in `currency` the first time (two callers at once keep the first's). */
    async ensure(merchantId: string, currency: string): Promise<WalletRow> {
      const read = async () => (await db.select().from(wallets).where(eq(wallets.merchantId, merchantId)))[0];
      const kept = await read();
      if (kept) return kept;
      await db.insert(wallets).values({ merchantId, currency }).onConflictDoNothing();
      return (await read())!;
    },

    async setDestination(merchantId: string, destination: string, at: Date) {
      await db
        .update(wallets)
        .set({ payoutDestination: destination, destinationChangedAt: at })
        .where(eq(wallets.merchantId, merchantId));
    },

    balanceRows: (merchantId: string, today: string) => balanceRows(db, merchantId, today),
    dayTotals: (merchantId: string, kind: MovementKind, today: string) =>
      dayTotals(db, merchantId, kind, today),

    /** The bank account on file (repositories/payouts.ts bankAccountOf). */
    bankAccount: (merchantId: string) => bankAccountOf(db, merchantId),

    /** A page of movements, newest first. */
    async movements(query: MovementQuery, limit: number, cursor?: MovementCursor): Promise<MovementRow[]> {
      const conditions: (SQL | undefined)[] = [eq(walletMovements.merchantId, query.merchantId)];
      if (query.kinds?.length) conditions.push(inArray(walletMovements.kind, query.kinds));
      if (query.from) conditions.push(gte(walletMovements.day, query.from));
      if (query.to) conditions.push(lte(walletMovements.day, query.to));
      if (query.cardId) conditions.push(eq(walletMovements.cardId, query.cardId));
      if (query.statuses?.among.length) {
        const { among, today } = query.statuses;
        conditions.push(or(...among.map((status) => statusCondition(status, today))));
      }
      if (cursor)
        conditions.push(
          or(
            lt(walletMovements.createdAt, cursor.at),
            and(eq(walletMovements.createdAt, cursor.at), lt(walletMovements.id, cursor.id)),
          ),
        );
      return db
        .select({ ...getTableColumns(walletMovements), storeName: stores.name })
        .from(walletMovements)
        .leftJoin(payouts, eq(payouts.id, walletMovements.payoutId))
        .leftJoin(stores, eq(stores.id, payouts.storeId))
        .where(and(...conditions))
        .orderBy(desc(walletMovements.createdAt), desc(walletMovements.id))
        .limit(limit);
    },

    /**
     * Money out, under the wallet row's lock: `decide` sees the balance and the day's totals as they are inside
     * the lock; a refusal writes nothing.
     */
    async spend(input: SpendInput): Promise<{ refused: string } | { row: MovementRow }> {
      return db.transaction(async (tx) => {
        await tx.select().from(wallets).where(eq(wallets.merchantId, input.merchantId)).for('update');
        const [movements, day, card] = await Promise.all([
          balanceRows(tx, input.merchantId, input.today),
          dayTotals(tx, input.merchantId, input.kind, input.today),
          input.movement.cardId
            ? tx
                .select()
                .from(virtualCards)
                .where(eq(virtualCards.id, input.movement.cardId))
                .then((r) => r[0])
            : Promise.resolve(undefined),
        ]);
        const refused = input.decide({ movements, day, card });
        if (refused) return { refused };
        const [row] = await tx
          .insert(walletMovements)
          .values({ ...input.movement, merchantId: input.merchantId, kind: input.kind, day: input.today })
          .returning();
        return { row: { ...row!, storeName: null } };
      });
    },

    async card(merchantId: string): Promise<CardRow | undefined> {
      return (await db.select().from(virtualCards).where(eq(virtualCards.merchantId, merchantId)))[0];
    },
    async cardById(id: string): Promise<CardRow | undefined> {
      return (await db.select().from(virtualCards).where(eq(virtualCards.id, id)))[0];
    },
    /** Issues a card; false when the merchant has one already (its first stays). */
    async insertCard(card: typeof virtualCards.$inferInsert): Promise<boolean> {
      const rows = await db.insert(virtualCards).values(card).onConflictDoNothing().returning();
      return rows.length > 0;
    },
    async setCardStatus(id: string, status: string, at: Date): Promise<CardRow | undefined> {
      const [row] = await db
        .update(virtualCards)
        .set({ status, statusChangedAt: at })
        .where(eq(virtualCards.id, id))
        .returning();
      return row;
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
