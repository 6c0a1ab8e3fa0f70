/**
 * "Who may do what has changed": announced with `pg_notify('access', 'account:<id>' | 'session:<id>')` by the
 * writes that change it (a membership made, changed or removed; a session ended), in the same transaction where
 * there is one, so every server process that listens hears it once it is committed. Live connections (the chat
 * socket) check their holder again when they hear of their account or session.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db';

/** The NOTIFY channel. */
export const ACCESS_NOTIFY = 'access';

export type AccessEvent = { accountId: string } | { sessionId: string };

/** Anything drizzle can run a statement on: the database or a transaction of it. */
type Runner = Pick<Db, 'execute'>;

/** Announces that an account's access, or a session, changed. */
export async function notifyAccess(db: Runner, event: AccessEvent): Promise<void> {
  const payload = 'accountId' in event ? `account:${event.accountId}` : `session:${event.sessionId}`;
  await db.execute(sql`select pg_notify(${ACCESS_NOTIFY}, ${payload})`);
}

/** What a payload announces; null for one this version does not know. */
export function parseAccessEvent(payload: string): AccessEvent | null {
  const colon = payload.indexOf(':');
  const what = payload.slice(0, colon);
  const id = payload.slice(colon + 1);
  if (colon < 1 || id === '') return null;
  if (what === 'account') return { accountId: id };
  if (what === 'session') return { sessionId: id };
  return null;
}
