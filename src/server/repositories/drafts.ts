/** SQL of drafts: one per (flow, owner, scope), their answers as one JSON document. */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { drafts } from '../db/schema';

export type DraftRow = typeof drafts.$inferSelect;

/** A draft by its id: every autosave and every view of an application reads it (prepared: repositories/auth.ts). */
const prepareById = (db: Db) =>
  db
    .select()
    .from(drafts)
    .where(eq(drafts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('draft_by_id');

export function createDraftRepository(db: Db) {
  let byIdQuery: ReturnType<typeof prepareById> | undefined;
  const byOwner = async (flow: string, ownerId: string, scope: string) =>
    (
      await db
        .select()
        .from(drafts)
        .where(and(eq(drafts.flow, flow), eq(drafts.ownerId, ownerId), eq(drafts.scope, scope)))
        .limit(1)
    )[0];
  return {
    byOwner,
    /** The owner's latest draft of a flow still under way (any scope), if any. */
    async openOf(flow: string, ownerId: string) {
      return (
        await db
          .select()
          .from(drafts)
          .where(and(eq(drafts.flow, flow), eq(drafts.ownerId, ownerId), eq(drafts.status, 'draft')))
          .orderBy(desc(drafts.createdAt))
          .limit(1)
      )[0];
    },
    /** How many drafts of a flow the owner has, sent or not. */
    async countOf(flow: string, ownerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(drafts)
        .where(and(eq(drafts.flow, flow), eq(drafts.ownerId, ownerId)));
      return row?.n ?? 0;
    },
    async byId(id: string) {
      byIdQuery ??= prepareById(db);
      return (await byIdQuery.execute({ id }))[0];
    },
    /** Creates the owner's draft of a flow, or gives the one already there (two tabs, two servers). */
    /** @param now - the service's clock (so "untouched for N days" counts from the time the service keeps) */
    async insert(
      row: Pick<DraftRow, 'flow' | 'ownerId' | 'scope' | 'version' | 'data'> & { id?: string },
      now?: Date,
    ) {
      const inserted = await db
        .insert(drafts)
        .values({ ...row, id: row.id ?? randomUUID(), ...(now && { createdAt: now, updatedAt: now }) })
        .onConflictDoNothing({ target: [drafts.flow, drafts.ownerId, drafts.scope] })
        .returning();
      if (inserted[0]) return { row: inserted[0], created: true };
      return { row: (await byOwner(row.flow, row.ownerId, row.scope))!, created: false };
    },
    async update(id: string, changes: Partial<Omit<DraftRow, 'id' | 'createdAt'>>, now: Date) {
      return (
        await db
          .update(drafts)
          .set({ ...changes, updatedAt: now })
          .where(eq(drafts.id, id))
          .returning()
      )[0]!;
    },
    /**
     * Marks a draft submitted unless it already is: of two submits at once (two tabs, two servers) exactly one
     * gets the row back.
     */
    async submit(id: string, changes: Pick<DraftRow, 'data' | 'version' | 'outcome'>, now: Date) {
      return (
        await db
          .update(drafts)
          .set({ ...changes, status: 'submitted', submittedAt: now, updatedAt: now, attention: [] })
          .where(and(eq(drafts.id, id), eq(drafts.status, 'draft')))
          .returning()
      )[0];
    },
    /**
     * Another owner's submitted draft of the flow with the same answer at a path of its data (case-insensitive),
     * e.g. the same commercial registration number: the duplicate checks.
     */
    async answeredElsewhere(flow: string, ownerId: string, path: string[], value: string) {
      const rows = await db
        .select({ id: drafts.id })
        .from(drafts)
        .where(
          and(
            eq(drafts.flow, flow),
            ne(drafts.ownerId, ownerId),
            eq(drafts.status, 'submitted'),
            sql`lower(${drafts.data} #>> ${`{${path.join(',')}}`}) = lower(${value})`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type DraftRepository = ReturnType<typeof createDraftRepository>;
