/**
 * SQL of the onboarding review loop (issue 58; services/review.ts): the reviewers' queue, one application with its
 * answers, a move made only from where the application still stands (so two reviewers never both act), and the
 * audit of every move.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import {
  accounts,
  applicationReviews,
  applications,
  drafts,
  legalEntities,
  memberships,
  merchants,
  organizations,
  stores,
  type PermissionFlag,
} from '../db/schema';
import type { ApprovedBusiness } from '../../domain/approval';
import type { SentBackItem } from '../../domain/review';
import { containing } from './like';
import { ibanKey } from '../../engine/core/iban';

export type ReviewedApplication = typeof applications.$inferSelect & {
  answers: Record<string, unknown>;
  version: string;
  email: string | null;
};
export type ReviewEntry = typeof applicationReviews.$inferSelect & { actorName: string | null };

export interface QueueFilter {
  statuses: readonly string[];
  /** The country of main operations (ISO 3166 alpha-3). */
  country?: string;
  /** A business name, an e-mail or an application id, in part. */
  search?: string;
  page: number;
  size: number;
}

/** What a move changes, beside the status. */
export type MoveChanges = Partial<
  Pick<
    typeof applications.$inferInsert,
    | 'reviewerId'
    | 'reviewRound'
    | 'sentBack'
    | 'reviewedAnswers'
    | 'decisionReason'
    | 'reviewNote'
    | 'decidedAt'
    | 'submittedAt'
  >
>;

/** What an approval creates with it (domain/approval.ts), and the applicant's place in it. */
export interface Provision {
  business: ApprovedBusiness;
  member: { accountId: string; role: string; flags: Record<string, PermissionFlag> };
}

/**
 * Approving would give the new legal entity a bank account another legal entity already has (§8
 * LEGAL_BANK_DETAILS_CONFLICT): thrown inside the approval's transaction, so nothing of it is written.
 */
export class BankDetailsTaken extends Error {
  override name = 'BankDetailsTaken';
}

export function createReviewRepository(db: Db) {
  const answers = sql<Record<string, unknown>>`${drafts.data}`;
  const columns = {
    application: applications,
    answers,
    version: drafts.version,
    email: accounts.email,
  };
  const joined = () =>
    db
      .select(columns)
      .from(applications)
      .innerJoin(drafts, eq(drafts.id, applications.draftId))
      .innerJoin(accounts, eq(accounts.id, applications.accountId));
  const flat = (r: {
    application: typeof applications.$inferSelect;
    answers: Record<string, unknown>;
    version: string;
    email: string | null;
  }): ReviewedApplication => ({
    ...r.application,
    answers: r.answers,
    version: r.version,
    email: r.email,
  });

  function where(filter: QueueFilter): SQL | undefined {
    const parts: (SQL | undefined)[] = [inArray(applications.status, [...filter.statuses])];
    if (filter.country) parts.push(sql`${drafts.data} ->> 'country_of_main_operations' = ${filter.country}`);
    if (filter.search) {
      const like = containing(filter.search);
      parts.push(
        or(
          sql`${drafts.data} ->> 'business_name' ilike ${like}`,
          ilike(accounts.email, like),
          ilike(applications.id, like),
        ),
      );
    }
    return and(...parts);
  }

  return {
    /** A page of the queue, longest waiting first, and how many match. */
    async queue(filter: QueueFilter) {
      const condition = where(filter);
      const [rows, [total]] = await Promise.all([
        joined()
          .where(condition)
          .orderBy(asc(applications.submittedAt), asc(applications.id))
          .limit(filter.size)
          .offset((filter.page - 1) * filter.size),
        db
          .select({ n: count() })
          .from(applications)
          .innerJoin(drafts, eq(drafts.id, applications.draftId))
          .innerJoin(accounts, eq(accounts.id, applications.accountId))
          .where(condition),
      ]);
      return { rows: rows.map(flat), total: total?.n ?? 0 };
    },

    async get(id: string): Promise<ReviewedApplication | undefined> {
      const [row] = await joined().where(eq(applications.id, id)).limit(1);
      return row && flat(row);
    },

    /**
     * Moves an application from `from` (the status its caller read) to `to` — and, where told, only while
     * `heldBy` has it — with its audit row, in one transaction. Undefined when it no longer stands there: another
     * reviewer or another click moved it first.
     */
    async move(input: {
      id: string;
      from: string;
      heldBy?: string;
      to: string;
      changes: MoveChanges;
      audit: { actorId: string; action: string; reasons: SentBackItem[] | string[]; note: string | null };
      /**
       * Sent back: its answers open again for the merchant (the draft is a draft again, carried forward as one),
       * with each thing sent back as a message on its field (the wizard's attention list).
       */
      reopen?: { attention: { pointer: string; key: string; params: Record<string, unknown> }[] };
      /** Approved: the organization, merchant, store and legal entity it creates, written with the move. */
      provision?: Provision;
      now: Date;
    }) {
      return db.transaction(async (tx) => {
        const held = input.heldBy ? eq(applications.reviewerId, input.heldBy) : undefined;
        const [moved] = await tx
          .update(applications)
          .set({ ...input.changes, status: input.to, updatedAt: input.now })
          .where(and(eq(applications.id, input.id), eq(applications.status, input.from), held))
          .returning({ id: applications.id });
        if (!moved) return undefined;
        if (input.provision) {
          const { business, member } = input.provision;
          const iban = business.legalEntity.iban ? ibanKey(business.legalEntity.iban) : null;
          if (iban) {
            // Two approvals of one IBAN at once wait for each other here, so the second sees the first's entity.
            await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`iban:${iban}`}))`);
            const [clash] = await tx
              .select({ id: legalEntities.id })
              .from(legalEntities)
              .where(sql`upper(replace(${legalEntities.iban}, ' ', '')) = ${iban}`)
              .limit(1);
            if (clash) throw new BankDetailsTaken();
          }
          await tx.insert(organizations).values({ ...business.organization, status: 'approved' });
          await tx.insert(merchants).values(business.merchant);
          await tx.insert(stores).values(business.store);
          await tx.insert(legalEntities).values({ ...business.legalEntity, status: 'active' });
          await tx.insert(memberships).values({ ...member, merchantId: business.merchant.id });
          // Mapped to its organization (after it exists: the key refers to it).
          await tx
            .update(applications)
            .set({ organizationId: business.organization.id })
            .where(eq(applications.id, input.id));
        }
        if (input.reopen)
          await tx
            .update(drafts)
            .set({ status: 'draft', attention: input.reopen.attention, updatedAt: input.now })
            .where(
              eq(
                drafts.id,
                sql`(select ${applications.draftId} from ${applications} where ${applications.id} = ${input.id})`,
              ),
            );
        await tx.insert(applicationReviews).values({
          id: randomUUID(),
          applicationId: input.id,
          actorId: input.audit.actorId,
          action: input.audit.action,
          fromStatus: input.from,
          toStatus: input.to,
          reasons: input.audit.reasons,
          note: input.audit.note,
          at: input.now,
        });
        return moved.id;
      });
    },

    /** An application's moves, newest first, with who made each. */
    async history(applicationId: string): Promise<ReviewEntry[]> {
      const rows = await db
        .select({ entry: applicationReviews, email: accounts.email, phone: accounts.phone })
        .from(applicationReviews)
        .leftJoin(accounts, eq(accounts.id, applicationReviews.actorId))
        .where(eq(applicationReviews.applicationId, applicationId))
        .orderBy(desc(applicationReviews.at), desc(applicationReviews.id));
      return rows.map((r) => ({ ...r.entry, actorName: r.email ?? r.phone }));
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
