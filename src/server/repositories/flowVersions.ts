/**
 * SQL of the catalogue in the database: flow versions (immutable rows), the current pointer of each flow, the
 * audit of every pointer move, and the studio's working copies.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Classification } from '../../catalogue/classify';
import type { Db } from '../db';
import {
  accounts,
  drafts,
  flowAudit,
  flowPointers,
  flowVersions,
  studioPreviews,
  studioWorkingCopies,
} from '../db/schema';

export type FlowVersionRow = typeof flowVersions.$inferSelect;
export type FlowPointerRow = typeof flowPointers.$inferSelect;
export type FlowAuditRow = typeof flowAudit.$inferSelect;
export type WorkingCopyRow = typeof studioWorkingCopies.$inferSelect;

/** What a version's row holds of its compiled files (src/catalogue/compile.ts CompiledVersion, as JSON). */
export interface StoredCompiled {
  /** COMPILER_FINGERPRINT of what made them (src/catalogue/compile.ts); files of another compiler are not used. */
  fingerprint?: string;
  manifestFile: string;
  files: Record<string, { body: string; type: 'text/javascript' | 'application/json' }>;
}

export function createFlowVersionRepository(db: Db) {
  return {
    ...pointerMoves(db),
    async pointers(): Promise<FlowPointerRow[]> {
      return db.select().from(flowPointers).orderBy(flowPointers.flow);
    },
    async pointer(flow: string): Promise<FlowPointerRow | undefined> {
      return (await db.select().from(flowPointers).where(eq(flowPointers.flow, flow)).limit(1))[0];
    },
    async version(id: string): Promise<FlowVersionRow | undefined> {
      return (await db.select().from(flowVersions).where(eq(flowVersions.id, id)).limit(1))[0];
    },
    /** A flow's versions, newest first, without their content (the studio's list). */
    async list(flow: string) {
      return db
        .select({
          id: flowVersions.id,
          flow: flowVersions.flow,
          origin: flowVersions.origin,
          authorId: flowVersions.authorId,
          note: flowVersions.note,
          classification: flowVersions.classification,
          createdAt: flowVersions.createdAt,
        })
        .from(flowVersions)
        .where(eq(flowVersions.flow, flow))
        .orderBy(desc(flowVersions.createdAt), flowVersions.id);
    },
    /** Stores a version unless a row with its id is there already (same content, same id: nothing to add). */
    async insert(row: Omit<FlowVersionRow, 'createdAt' | 'compiled'> & { compiled?: StoredCompiled | null }) {
      const inserted = await db
        .insert(flowVersions)
        .values({ ...row, compiled: row.compiled ?? null })
        .onConflictDoNothing({ target: flowVersions.id })
        .returning({ id: flowVersions.id });
      return inserted.length > 0;
    },
    async storeCompiled(id: string, compiled: StoredCompiled) {
      await db.update(flowVersions).set({ compiled }).where(eq(flowVersions.id, id));
    },
    /** Keeps a studio preview's compiled files for every instance; previews older than `before` go. */
    async storePreview(id: string, compiled: StoredCompiled, now: Date, before: Date) {
      await db.delete(studioPreviews).where(lt(studioPreviews.createdAt, before));
      await db.insert(studioPreviews).values({ id, compiled, createdAt: now }).onConflictDoNothing();
    },
    async preview(id: string): Promise<StoredCompiled | undefined> {
      const row = (await db.select().from(studioPreviews).where(eq(studioPreviews.id, id)).limit(1))[0];
      return row?.compiled as StoredCompiled | undefined;
    },
    /** The version a flow's pointer last moved to `to` from (the version before it), if any. */
    async movedFrom(flow: string, to: string): Promise<string | null> {
      const row = (
        await db
          .select({ from: flowAudit.fromVersion })
          .from(flowAudit)
          .where(and(eq(flowAudit.flow, flow), eq(flowAudit.toVersion, to), isNotNull(flowAudit.fromVersion)))
          .orderBy(desc(flowAudit.at), desc(flowAudit.id))
          .limit(1)
      )[0];
      return row?.from ?? null;
    },
    async audit(options: { flow?: string; limit: number; offset: number }) {
      const rows = await db
        .select()
        .from(flowAudit)
        .where(options.flow ? eq(flowAudit.flow, options.flow) : undefined)
        .orderBy(desc(flowAudit.at), desc(flowAudit.id))
        .limit(options.limit + 1)
        .offset(options.offset);
      return { rows: rows.slice(0, options.limit), more: rows.length > options.limit };
    },
    /** The drafts in flight of a flow (not submitted): what a breaking change is replayed against. */
    async draftsInFlight(flow: string) {
      return db
        .select({ id: drafts.id, version: drafts.version, data: drafts.data })
        .from(drafts)
        .where(and(eq(drafts.flow, flow), eq(drafts.status, 'draft')));
    },
    async workingCopy(accountId: string, flow: string): Promise<WorkingCopyRow | undefined> {
      return (
        await db
          .select()
          .from(studioWorkingCopies)
          .where(and(eq(studioWorkingCopies.accountId, accountId), eq(studioWorkingCopies.flow, flow)))
          .limit(1)
      )[0];
    },
    async workingCopies(accountId: string) {
      return db
        .select({
          flow: studioWorkingCopies.flow,
          baseVersion: studioWorkingCopies.baseVersion,
          updatedAt: studioWorkingCopies.updatedAt,
        })
        .from(studioWorkingCopies)
        .where(eq(studioWorkingCopies.accountId, accountId));
    },
    async saveWorkingCopy(row: Omit<WorkingCopyRow, 'updatedAt'>, now: Date) {
      await db
        .insert(studioWorkingCopies)
        .values({ ...row, updatedAt: now })
        .onConflictDoUpdate({
          target: [studioWorkingCopies.accountId, studioWorkingCopies.flow],
          set: { baseVersion: row.baseVersion, content: row.content, updatedAt: now },
        });
    },
    async discardWorkingCopy(accountId: string, flow: string) {
      await db
        .delete(studioWorkingCopies)
        .where(and(eq(studioWorkingCopies.accountId, accountId), eq(studioWorkingCopies.flow, flow)));
    },
    /** Names of accounts (the audit's "who"). */
    async names(ids: string[]): Promise<Record<string, string>> {
      if (ids.length === 0) return {};
      const rows = await db
        .select({
          id: accounts.id,
          email: accounts.email,
          phone: accounts.phone,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
        })
        .from(accounts)
        .where(inArray(accounts.id, ids));
      const name = (r: (typeof rows)[number]) =>
        [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email || r.phone || r.id;
      return Object.fromEntries(rows.map((r) => [r.id, name(r)]));
    },
  };
}

export type FlowVersionRepository = ReturnType<typeof createFlowVersionRepository>;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A flow's pointer, locked until the transaction ends (what a move or a rollout change decides on). */
const lockedPointer = async (tx: Tx, flow: string) =>
  (await tx.select().from(flowPointers).where(eq(flowPointers.flow, flow)).for('update').limit(1))[0];

/** A flow's pointer moved (publish, rollback, seed) or its staged rollout changed, each with its audit row. */
function pointerMoves(db: Db) {
  return {
    /**
     * Moves a flow's pointer, and records the move in the audit, in one transaction. With `expected`, only when
     * the pointer is still there (two ops publishing at once: the second is told, not silently overwritten).
     * @returns - false when the pointer had moved meanwhile
     */
    async move(input: {
      flow: string;
      to: string;
      expected?: string | null;
      setBy: 'files' | 'studio';
      audit: Omit<typeof flowAudit.$inferInsert, 'id' | 'flow' | 'toVersion' | 'fromVersion' | 'at'>;
      now: Date;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const current = await lockedPointer(tx, input.flow);
        if (input.expected !== undefined && (current?.versionId ?? null) !== input.expected) return false;
        // A move ends any rollout under way (finishing one is a move to its version).
        if (current)
          await tx
            .update(flowPointers)
            .set({
              versionId: input.to,
              setBy: input.setBy,
              updatedAt: input.now,
              candidateVersion: null,
              candidateShare: null,
            })
            .where(eq(flowPointers.flow, input.flow));
        else
          await tx
            .insert(flowPointers)
            .values({ flow: input.flow, versionId: input.to, setBy: input.setBy, updatedAt: input.now });
        await tx.insert(flowAudit).values({
          ...input.audit,
          id: randomUUID(),
          flow: input.flow,
          fromVersion: current?.versionId ?? null,
          toVersion: input.to,
          at: input.now,
        });
        return true;
      });
    },
    /**
     * Begins, changes or withdraws a flow's staged rollout (`to` null: withdrawn), with its audit row, in one
     * transaction — only while the pointer is as the caller saw it (`expected`: the current version and the
     * rollout's version or null), so two ops changing one rollout at once are told, not overwritten.
     * @returns - false when the pointer had changed meanwhile
     */
    async setRollout(input: {
      flow: string;
      expected: { current: string; candidate: string | null };
      to: { version: string; share: number } | null;
      audit: {
        action: 'rollout' | 'share' | 'withdraw';
        actorId: string;
        classification: Classification | null;
        affectedDrafts: number | null;
        note: string | null;
      };
      now: Date;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const current = await lockedPointer(tx, input.flow);
        if (
          !current ||
          current.versionId !== input.expected.current ||
          (current.candidateVersion ?? null) !== input.expected.candidate
        )
          return false;
        await tx
          .update(flowPointers)
          .set({
            candidateVersion: input.to?.version ?? null,
            candidateShare: input.to?.share ?? null,
            setBy: 'studio',
            updatedAt: input.now,
          })
          .where(eq(flowPointers.flow, input.flow));
        const rollout = input.to?.version ?? input.expected.candidate!;
        await tx.insert(flowAudit).values({
          ...input.audit,
          id: randomUUID(),
          flow: input.flow,
          // Withdrawn: from the rollout's version back to the current one for everyone.
          fromVersion: input.to ? current.versionId : rollout,
          toVersion: input.to ? rollout : current.versionId,
          share: input.to?.share ?? 0,
          at: input.now,
        });
        return true;
      });
    },
  };
}
