/**
 * The lockouts of one-time codes, per address (a phone number or an e-mail), shared by every code the product
 * sends — the sign-in codes (services/auth.ts) and capital's signatory code (services/capital/signatory.ts) — so a number
 * is protected the same way whichever form sends to it: 5 codes sent to one address within 30 minutes, or 5
 * wrong codes for it within 30 minutes, lock it for 30 minutes (the decision is auth's; the spec gives the
 * 30-minute wait). Counters and locks live in the auth repository's counters table.
 */
import type { Clock } from '../clock';
import { badRequest } from '../errors';

export const LOCK_MS = 30 * 60_000;
export const ATTEMPT_LIMIT = 5;

/** What the lockouts need from storage (the auth repository's counters). */
export interface CounterStore {
  bump(key: string, now: Date, windowMs: number): Promise<{ count: number; lockedUntil: Date | null }>;
  lock(key: string, until: Date): Promise<void>;
  lockedUntil(key: string): Promise<Date | null>;
  reset(key: string): Promise<void>;
}

/** Why a code could not be sent or checked (the messages are §8's server words; callers may word them their way). */
export const SEND_LOCKED = 'too many attempts to send code';
export const VERIFY_LOCKED = 'too many attempts to verify code';

export function createCodeLocks(deps: { counters: CounterStore; clock: Clock }) {
  const { counters, clock } = deps;
  async function assertNotLocked(key: string, message: string) {
    const until = await counters.lockedUntil(key);
    if (until && until > clock.now()) throw badRequest(message);
  }
  return {
    /** Counts a code sent to `target`; the sixth within the window locks the address (400 SEND_LOCKED). */
    async countSend(target: string) {
      const key = `send:${target}`;
      await assertNotLocked(key, SEND_LOCKED);
      const now = clock.now();
      const { count } = await counters.bump(key, now, LOCK_MS);
      if (count > ATTEMPT_LIMIT) {
        await counters.lock(key, new Date(now.getTime() + LOCK_MS));
        throw badRequest(SEND_LOCKED);
      }
    },
    /** 400 VERIFY_LOCKED while `target` is locked for wrong codes. */
    async assertCanVerify(target: string) {
      await assertNotLocked(`verify:${target}`, VERIFY_LOCKED);
    },
    /** A wrong code for `target`: counted; the limit locks the address (and says so: 400 VERIFY_LOCKED). */
    async wrongCode(target: string) {
      const key = `verify:${target}`;
      const now = clock.now();
      const { count } = await counters.bump(key, now, LOCK_MS);
      if (count >= ATTEMPT_LIMIT) {
        await counters.lock(key, new Date(now.getTime() + LOCK_MS));
        throw badRequest(VERIFY_LOCKED);
      }
    },
    /** A right code for `target`: its wrong ones are forgotten. */
    async rightCode(target: string) {
      await counters.reset(`verify:${target}`);
    },
  };
}

export type CodeLocks = ReturnType<typeof createCodeLocks>;
