/**
 * The development sink's session-replay chunks (db/schema.ts devReplayChunks; SESSION_REPLAY_URL=dev).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { devReplayChunks } from '../db/schema';
import type { ReplaySessionSummary } from '../../contract/sessionReplay';

export function createDevReplayRepository(db: Db) {
  return {
    /** Stores a chunk; a chunk sent again (a retry after a lost answer) replaces itself. */
    async insert(chunk: {
      sessionId: string;
      seq: number;
      area: string;
      events: unknown[];
      bytes: number;
      receivedAt: Date;
    }) {
      const row = {
        sessionId: chunk.sessionId,
        seq: chunk.seq,
        area: chunk.area,
        events: chunk.events,
        eventCount: chunk.events.length,
        bytes: chunk.bytes,
        receivedAt: chunk.receivedAt,
      };
      await db
        .insert(devReplayChunks)
        .values(row)
        .onConflictDoUpdate({ target: [devReplayChunks.sessionId, devReplayChunks.seq], set: row });
    },

    /** Deletes every session but the `keep` newest (by their latest chunk). */
    async keepNewest(keep: number) {
      await db.execute(sql`
        delete from dev_replay_chunks where session_id not in (
          select session_id from dev_replay_chunks group by session_id order by max(received_at) desc limit ${keep}
        )`);
    },

    /** The sessions kept, newest first. */
    async sessions(): Promise<ReplaySessionSummary[]> {
      const rows = await db
        .select({
          sessionId: devReplayChunks.sessionId,
          chunks: sql<number>`count(*)::int`,
          events: sql<number>`sum(${devReplayChunks.eventCount})::int`,
          bytes: sql<number>`sum(${devReplayChunks.bytes})::int`,
          startedAt: sql<Date>`min(${devReplayChunks.receivedAt})`,
          lastAt: sql<Date>`max(${devReplayChunks.receivedAt})`,
          areas: sql<string[]>`array_agg(${devReplayChunks.area} order by ${devReplayChunks.seq})`,
        })
        .from(devReplayChunks)
        .groupBy(devReplayChunks.sessionId)
        .orderBy(sql`max(${devReplayChunks.receivedAt}) desc`);
      return rows.map((row) => ({
        session_id: row.sessionId,
        areas: [...new Set(row.areas)],
        chunks: row.chunks,
        events: row.events,
        bytes: row.bytes,
        started_at: new Date(row.startedAt).toISOString(),
        last_at: new Date(row.lastAt).toISOString(),
      }));
    },

    /** One session's events in the order recorded; null when it is not kept. */
    async events(sessionId: string): Promise<unknown[] | null> {
      const rows = await db
        .select({ events: devReplayChunks.events })
        .from(devReplayChunks)
        .where(and(eq(devReplayChunks.sessionId, sessionId)))
        .orderBy(asc(devReplayChunks.seq));
      if (rows.length === 0) return null;
      return rows.flatMap((row) => row.events as unknown[]);
    },
  };
}

export type DevReplayRepository = ReturnType<typeof createDevReplayRepository>;
