/**
 * What every room of sign-in shares (index.ts lists the rooms): its dependencies, the codes — sent, resent,
 * spent once, the lockouts of their addresses — and the sessions' tokens and lifetimes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { hashCode, newCode, newSalt, sameHash, sha256 } from '../../auth/codes';
import type { Clock } from '../../clock';
import { HttpError, badRequest } from '../../errors';
import { createCodeLocks } from '../codeLocks';
import type { AuthRepository, OtpRow, SessionRow } from '../../repositories/auth';
import type { OutboxService } from '../outbox';
import { isEmail, isPhone } from '../../../domain/contact';
import { CODE_LENGTH, RESEND_SECONDS, type Factor } from '../../../domain/signInFlow';

export const CODE_VALID_MS = 2 * 60_000;
/** Code lengths and the resend wait are the spec's (§9), shared with the app. */
export const RESEND_AFTER_MS = RESEND_SECONDS * 1000;
// The per-address lockouts are shared with every code the product sends (codeLocks.ts).
export { ATTEMPT_LIMIT, LOCK_MS } from '../codeLocks';
export const FIRST_CODE_LIFETIME_MS = 30 * 60_000;
/**
 * Wrong tries one code takes before it is dead (§8 "max attempts reached"; the number is ours): two slips are
 * common, a third wrong try on the same code means it was misread, so a fresh code — which may be sent at once —
 * helps more than more guesses. The address's own lockout (5 wrong in 30 minutes) still counts across codes.
 */
export const CODE_TRIES = 3;
export const MAX_ATTEMPTS = 'max attempts reached';
/**
 * An account whose addresses were locked out 3 times within a day is blocked for a day (§8 "account temporarily
 * blocked"; the numbers are ours): the address lockout alone lets 240 guesses a day at a 4-digit phone code, a
 * 2.4 % chance of the first factor; after the block, at most 15 every two days.
 */
export const BLOCK_AFTER_LOCKOUTS = 3;
export const BLOCK_MS = 24 * 60 * 60_000;
export const ACCOUNT_BLOCKED = 'account temporarily blocked';
export const HALF_OPEN_LIFETIME_MS = 30 * 60_000;
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60_000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
/** A webview token is good once, for a minute: the app opens the page at once (docs/shell-and-permissions.md). */
export const WEBVIEW_TOKEN_MS = 60_000;
/**
 * SMS pumping (issue 14, finding 4): a set-up code goes to an address nobody has confirmed yet, so one session
 * could send codes to any number of premium numbers. New addresses per session and per client address in an
 * hour are capped, on top of the per-address lockouts: three covers a typo and a second phone; ten covers an
 * office signing up its staff from one connection.
 */
export const SETUP_WINDOW_MS = 60 * 60_000;
export const SETUP_ADDRESSES_PER_SESSION = 3;

export type Credentials = { email: string } | { phone: string };

/** `+966501234567` → `+9665••••••67`; `sara@example.com` → `s•••@example.com`. */
export function maskAddress(factor: Factor, value: string): string {
  if (factor === 'phone')
    return `${value.slice(0, 5)}${'•'.repeat(Math.max(0, value.length - 7))}${value.slice(-2)}`;
  const [local = '', domain = ''] = value.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

export interface AuthDeps {
  repository: AuthRepository;
  outbox: OutboxService;
  clock: Clock;
  /** New set-up addresses per client address per hour (SETUP_ADDRESS_LIMIT, default in config.ts). */
  setupAddressLimit: number;
}

/** A session row's own fields, as a room opens one (its id and token made here). */
type NewSession = Omit<
  Parameters<AuthRepository['insertSession']>[0],
  'id' | 'tokenHash' | 'createdAt' | 'lastSeenAt'
>;

/** Normalises and checks an address: e-mail trimmed and lowercased, phone as given. */
function checkAddress(factor: Factor, raw: string): string {
  if (factor === 'email') {
    const email = raw.trim().toLowerCase();
    if (!isEmail(email)) throw badRequest('invalid email');
    return email;
  }
  const phone = raw.trim();
  if (!isPhone(phone)) throw badRequest('invalid phone');
  return phone;
}

/** A bearer token and the hash the database keeps of it. */
const newToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256(token) };
};

/**
 * The account blocks (BLOCK_AFTER_LOCKOUTS): counted and kept in the auth repository's counters table, so every
 * instance sees them.
 */
function accountBlocks(repo: AuthRepository, clock: Clock) {
  const blockKey = (accountId: string) => `lockouts:account:${accountId}`;
  return {
    /** 403 "account temporarily blocked" while the account is (nothing for a code of no account yet). */
    async assertNotBlocked(accountId: string | null) {
      if (!accountId) return;
      const until = await repo.lockedUntil(blockKey(accountId));
      const left = until ? until.getTime() - clock.now().getTime() : 0;
      if (left > 0)
        throw new HttpError(403, ACCOUNT_BLOCKED, undefined, { retry_after: Math.ceil(left / 1000) });
    },
    /** One of the account's addresses has just locked: the third within a day blocks the account for a day. */
    async countLockout(accountId: string | null) {
      if (!accountId) return;
      const now = clock.now();
      const { count } = await repo.bump(blockKey(accountId), now, BLOCK_MS);
      if (count >= BLOCK_AFTER_LOCKOUTS)
        await repo.lock(blockKey(accountId), new Date(now.getTime() + BLOCK_MS));
    },
  };
}

export function authContext(deps: AuthDeps) {
  const { repository: repo, clock } = deps;

  const locks = createCodeLocks({ counters: repo, clock });
  const { assertNotBlocked, countLockout } = accountBlocks(repo, clock);
  const countSend = locks.countSend;

  async function sendCode(factor: Factor, target: string, lang: string) {
    const code = newCode(CODE_LENGTH[factor]);
    const salt = newSalt();
    const body =
      lang === 'ar'
        ? `رمز التحقق الخاص بك هو ${code}. صالح لمدة دقيقتين.`
        : `Your verification code is ${code}. It is valid for 2 minutes.`;
    await deps.outbox.send({
      to: target,
      channel: factor === 'email' ? 'email' : 'sms',
      subject: lang === 'ar' ? 'رمز التحقق' : 'Your verification code',
      body,
      code,
    });
    const now = clock.now();
    return {
      codeHash: hashCode(salt, code),
      salt,
      sentAt: now,
      expiresAt: new Date(now.getTime() + CODE_VALID_MS),
    };
  }

  /**
   * Spends a code of a row: the try is counted for its address before the code is compared (a locked address, or
   * a try past the limit, is refused without comparing), and a right code is used up by one conditional statement
   * that succeeds once — of parallel calls with one right code, one goes on and the others are told the code is
   * gone ("session expired", as a second call after it would be). Issue 53, findings 1 and 2.
   */
  async function spendCode(row: OtpRow, code: string) {
    // The block closes sign-in only: a session already open (its step-up codes) is the person, proven.
    const signIn = row.purpose !== 'step_up';
    if (signIn) await assertNotBlocked(row.accountId);
    // A dead code is refused unjudged and uncounted, unless its address is locked (the longer wait is said).
    if (row.failures >= CODE_TRIES) {
      await locks.assertVerifyOpen(row.target);
      throw badRequest(MAX_ATTEMPTS);
    }
    const attempt = await locks.tryCode(row.target);
    const digitsOk = new RegExp(`^\\d{${CODE_LENGTH[row.channel as Factor]}}$`).test(code);
    const fresh = row.expiresAt > clock.now();
    if (!(digitsOk && fresh && sameHash(hashCode(row.salt, code), row.codeHash))) {
      const failures = await repo.addCodeFailure(row.id);
      await attempt.wrong().catch(async (locked: unknown) => {
        if (signIn) await countLockout(row.accountId);
        throw locked;
      });
      throw badRequest(failures >= CODE_TRIES ? MAX_ATTEMPTS : 'invalid otp code');
    }
    await attempt.right();
    if (!(await repo.spendCode(row.id, clock.now()))) throw badRequest('session expired');
  }

  /** Counts a set-up code to an address this session has not asked for yet; over a cap → 429. */
  async function countSetupAddress(sessionId: string, target: string, clientAddress: string) {
    const now = clock.now();
    const earlier = await repo.setupTargets(sessionId, new Date(now.getTime() - SETUP_WINDOW_MS));
    // The same address again is a resend: its own lockout counts it.
    if (earlier.includes(target)) return;
    const perSession = await repo.bump(`setup-session:${sessionId}`, now, SETUP_WINDOW_MS);
    const perClient = await repo.bump(`setup-client:${clientAddress}`, now, SETUP_WINDOW_MS);
    if (perSession.count > SETUP_ADDRESSES_PER_SESSION || perClient.count > deps.setupAddressLimit)
      throw new HttpError(429, 'too many requests');
  }

  async function resendRow(row: OtpRow) {
    await assertNotBlocked(row.accountId);
    const now = clock.now();
    // A dead code (max attempts reached) may be replaced at once: waiting out the interval would help nobody.
    const wait = row.failures >= CODE_TRIES ? 0 : row.sentAt.getTime() + RESEND_AFTER_MS - now.getTime();
    if (wait > 0)
      throw new HttpError(429, 'too many requests', undefined, { retry_after: Math.ceil(wait / 1000) });
    await countSend(row.target);
    await repo.replaceCode(row.id, await sendCode(row.channel as Factor, row.target, row.lang));
  }

  async function startChallenge(
    session: { id: string; accountId: string },
    factor: Factor,
    target: string,
    lang: string,
    setup: boolean,
  ) {
    await countSend(target);
    const sent = await sendCode(factor, target, lang);
    await repo.insertCode({
      id: randomUUID(),
      purpose: 'challenge',
      channel: factor,
      target,
      accountId: session.accountId,
      sessionId: session.id,
      setup,
      lang,
      ...sent,
      createdAt: clock.now(),
    });
  }

  /** Stores a new session (half-open or open) and answers its id and bearer token. */
  async function insertSession(fields: NewSession) {
    const now = clock.now();
    const { token, tokenHash } = newToken();
    const id = randomUUID();
    await repo.insertSession({
      ...fields,
      id,
      tokenHash,
      userAgent: fields.userAgent?.slice(0, 300) ?? null,
      createdAt: now,
      lastSeenAt: now,
    });
    return { id, token };
  }

  async function firstCode(id: string): Promise<OtpRow> {
    const row = /^[0-9a-f-]{36}$/.test(id) ? await repo.codeById(id) : undefined;
    if (
      !row ||
      row.purpose !== 'sign_in' ||
      row.usedAt ||
      row.createdAt.getTime() + FIRST_CODE_LIFETIME_MS < clock.now().getTime()
    )
      throw badRequest('session expired');
    return row;
  }

  /** Whether the app's session that opened a webview's is still open, unended and unexpired. */
  async function parentAlive(id: string): Promise<boolean> {
    const parent = await repo.sessionById(id);
    return parent !== undefined && parent.state === 'open' && parent.endedAt === null && alive(parent);
  }

  /** How long an open session may still live, at most (its 30 days, or 7 days unused from now). */
  function lifeLeft(row: SessionRow): number {
    const now = clock.now().getTime();
    return Math.max(0, Math.min(row.createdAt.getTime() + SESSION_LIFETIME_MS, now + SESSION_IDLE_MS) - now);
  }

  function alive(row: SessionRow): boolean {
    const now = clock.now().getTime();
    if (row.state === 'half') return row.createdAt.getTime() + HALF_OPEN_LIFETIME_MS > now;
    return (
      row.createdAt.getTime() + SESSION_LIFETIME_MS > now && row.lastSeenAt.getTime() + SESSION_IDLE_MS > now
    );
  }

  return {
    deps,
    repo,
    clock,
    checkAddress,
    countSend,
    sendCode,
    spendCode,
    assertNotBlocked,
    countSetupAddress,
    resendRow,
    startChallenge,
    newToken,
    insertSession,
    firstCode,
    parentAlive,
    lifeLeft,
    alive,
  };
}

export type AuthContext = ReturnType<typeof authContext>;
