import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { Db } from '../db';
import { outbox } from '../db/schema';

export type OutboxChannel = 'email' | 'sms';

export interface OutboxMessage {
  to: string;
  channel: OutboxChannel;
  code: string | null;
  body: string;
  created_at: string;
}

export function createOutboxRepository(db: Db) {
  return {
    async insert(message: {
      to: string;
      channel: OutboxChannel;
      code?: string | null;
      body: string;
      createdAt: Date;
    }) {
      await db.insert(outbox).values({
        id: randomUUID(),
        to: message.to,
        channel: message.channel,
        code: message.code ?? null,
        body: message.body,
        createdAt: message.createdAt,
      });
    },
    /** Newest first; `limit` keeps the dev listing bounded. */
    async list(limit: number): Promise<OutboxMessage[]> {
      const rows = await db
        .select()
        .from(outbox)
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(limit);
      return rows.map((row) => ({
        to: row.to,
        channel: row.channel as OutboxChannel,
        code: row.code,
        body: row.body,
        created_at: row.createdAt.toISOString(),
      }));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
