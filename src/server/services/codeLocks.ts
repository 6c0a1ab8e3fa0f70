/**
 * The lockouts of one-time codes, per address (a phone number or an e-mail), shared by every code the product
 * sends — the sign-in and set-up codes and the step-up code (services/auth/) and capital's signatory code
 * (services/capital/signatory.ts) — so a number is protected the same way whichever form sends to it: 5 codes
 * sent to one address within 30 minutes, or 5 tries of a code for it within 30 minutes that were not right, lock
 * it for 30 minutes (the decision is auth's; the spec gives the 30-minute wait). Counters and locks live in the
 * auth repository's counters table, so every instance counts together.
 *
 * A try is counted *before* its code is compared (issue 53, finding 2): the count is one statement that
 * answers its new value, so of 300 tries sent at once only the first 5 are ever compared and the rest are refused
 * without looking at the code. Counting after a wrong comparison let 20–40 of such a burst be judged.
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

/** One counted try of a code: say how it went once it has been compared. */
export interface CodeTry {
  /** The code was right: the address's earlier tries are forgotten. */
  right(): Promise<void>;
  /** The code was wrong: at the limit the address locks, and this throws 400 VERIFY_LOCKED to say so. */
  wrong(): Promise<void>;
}

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
    /** Throws 400 VERIFY_LOCKED while `target`'s code checks are locked; counts nothing. */
    assertVerifyOpen: (target: string) => assertNotLocked(`verify:${target}`, VERIFY_LOCKED),
    /**
     * Counts a try of a code for `target` before it is compared. While the address is locked, or once this try is
     * past the limit, it throws 400 VERIFY_LOCKED and the code must not be compared at all.
     */
    async tryCode(target: string): Promise<CodeTry> {
      const key = `verify:${target}`;
      const now = clock.now();
      const { count, lockedUntil } = await counters.bump(key, now, LOCK_MS);
      // Past the limit the try is refused unjudged; the lock itself is set by the wrong try that reached the limit
      // (below), so a burst that brought the right code among its first five leaves no lock behind.
      if ((lockedUntil && lockedUntil > now) || count > ATTEMPT_LIMIT) throw badRequest(VERIFY_LOCKED);
      return {
        right: () => counters.reset(key),
        async wrong() {
          if (count < ATTEMPT_LIMIT) return;
          await counters.lock(key, new Date(clock.now().getTime() + LOCK_MS));
          throw badRequest(VERIFY_LOCKED);
        },
      };
    },
    /**
     * Counts a try of one code (named by `code`, a key of its own such as its salt) before it is compared: false
     * once it has been tried `limit` times, and it must then not be compared (a new code is asked for).
     */
    async tryThisCode(code: string, limit: number): Promise<boolean> {
      const { count } = await counters.bump(`code:${code}`, clock.now(), LOCK_MS);
      return count <= limit;
    },
  };
}

export type CodeLocks = ReturnType<typeof createCodeLocks>;
