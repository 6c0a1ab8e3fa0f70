/**
 * Sign-in with two factors (shell spec §4, §7, §8, §9).
 *
 * 1. authenticate: e-mail (an unknown one signs up once its code is right) or a known phone; a code goes out
 *    (e-mail 6 digits, phone 4; both valid 2 minutes; resend not before 120 s). The answer's `session_id` names
 *    this first code, not a session.
 * 2. verify: the first code; a half-open session starts (cookie) that can only finish the second factor:
 *    input_2fa (a code goes to the account's other address) or setup_2fa (the account has none yet).
 * 3. challenge/setup + challenge/verify (or challenge to resend): the second code opens the session; the
 *    answer carries `auth_token` (bearer) and the cookie is renewed. An open session can use the same two calls
 *    to add or change its phone or e-mail (the account page).
 *
 * Decisions (the spec gives the messages and the 30-minute wait, not the counts): 5 codes sent to one address
 * within 30 minutes, or 5 wrong codes for one address within 30 minutes, lock that address for 30 minutes;
 * a first-code `session_id` lives 30 minutes; a half-open session 30 minutes; an open one 30 days, or 7 days
 * unused. The second factor is always asked, so verify never answers `authenticated` (the app still handles it).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { hashCode, newCode, newSalt, sameHash, sha256 } from '../auth/codes';
import type { Clock } from '../clock';
import { HttpError, badRequest } from '../errors';
import { createCodeLocks } from './codeLocks';
import type { AccountRow, AuthRepository, OtpRow, SessionRow } from '../repositories/auth';
import type { OutboxService } from './outbox';
import { isEmail, isPhone } from '../../domain/contact';
import { CODE_LENGTH, RESEND_SECONDS, type Factor } from '../../domain/signInFlow';
import type { Revoked, Sessions } from '../../contract/auth';
import type { StepUpPurpose } from '../../contract/merchants';
import type { SessionContext } from '../auth/session';

export const CODE_VALID_MS = 2 * 60_000;
/** Code lengths and the resend wait are the spec's (§9), shared with the app. */
export const RESEND_AFTER_MS = RESEND_SECONDS * 1000;
// The per-address lockouts are shared with every code the product sends (codeLocks.ts).
export { ATTEMPT_LIMIT, LOCK_MS } from './codeLocks';
export const FIRST_CODE_LIFETIME_MS = 30 * 60_000;
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

export function createAuthService(deps: {
  repository: AuthRepository;
  outbox: OutboxService;
  clock: Clock;
  /** New set-up addresses per client address per hour (SETUP_ADDRESS_LIMIT, default in config.ts). */
  setupAddressLimit: number;
}) {
  const { repository: repo, clock } = deps;

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

  const locks = createCodeLocks({ counters: repo, clock });
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
    const attempt = await locks.tryCode(row.target);
    const digitsOk = new RegExp(`^\\d{${CODE_LENGTH[row.channel as Factor]}}$`).test(code);
    const fresh = row.expiresAt > clock.now();
    if (!(digitsOk && fresh && sameHash(hashCode(row.salt, code), row.codeHash))) {
      await repo.addCodeFailure(row.id);
      await attempt.wrong();
      throw badRequest('invalid otp code');
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
    const now = clock.now();
    const wait = row.sentAt.getTime() + RESEND_AFTER_MS - now.getTime();
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

  const newToken = () => {
    const token = randomBytes(32).toString('base64url');
    return { token, tokenHash: sha256(token) };
  };

  return {
    /** POST /merchant/api/v2/auth/authenticate (without session_id). */
    async authenticate(input: { credentials: Credentials; lang: string }): Promise<{ session_id: string }> {
      const factor: Factor = 'email' in input.credentials ? 'email' : 'phone';
      const target = checkAddress(
        factor,
        'email' in input.credentials ? input.credentials.email : input.credentials.phone,
      );
      const account =
        factor === 'email' ? await repo.accountByEmail(target) : await repo.accountByPhone(target);
      if (factor === 'phone' && !account) throw badRequest('start with email');
      await countSend(target);
      const sent = await sendCode(factor, target, input.lang);
      const id = randomUUID();
      await repo.insertCode({
        id,
        purpose: 'sign_in',
        channel: factor,
        target,
        accountId: account?.id ?? null,
        lang: input.lang,
        ...sent,
        createdAt: clock.now(),
      });
      return { session_id: id };
    },

    /** POST /merchant/api/v2/auth/authenticate with session_id: a new first code to the same address. */
    async resendFirst(input: {
      sessionId: string;
      credentials: Credentials;
    }): Promise<{ session_id: string }> {
      const row = await firstCode(input.sessionId);
      const given =
        'email' in input.credentials
          ? input.credentials.email.trim().toLowerCase()
          : input.credentials.phone.trim();
      if (given !== row.target) throw badRequest('session expired');
      await resendRow(row);
      return { session_id: row.id };
    },

    /** POST /merchant/api/v2/auth/verify: the first code; starts a half-open session. */
    async verify(input: { sessionId: string; code: string; userAgent?: string; ip?: string }) {
      const row = await firstCode(input.sessionId);
      await spendCode(row, input.code);
      const now = clock.now();
      const factor = row.channel as Factor;
      let account: AccountRow | undefined =
        factor === 'email' ? await repo.accountByEmail(row.target) : await repo.accountByPhone(row.target);
      if (!account && factor === 'email')
        account = await repo.createAccount({ email: row.target, lang: row.lang, createdAt: now });
      if (!account) throw badRequest('session expired');

      const second: Factor = factor === 'email' ? 'phone' : 'email';
      const secondAddress = second === 'phone' ? account.phone : account.email;
      const pending = secondAddress ? 'input_2fa' : 'setup_2fa';
      const { token, tokenHash } = newToken();
      const session = { id: randomUUID(), accountId: account.id };
      await repo.insertSession({
        ...session,
        tokenHash,
        state: 'half',
        pending,
        factor: second,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
        ip: input.ip ?? null,
        createdAt: now,
        lastSeenAt: now,
      });
      if (secondAddress) await startChallenge(session, second, secondAddress, row.lang, false);
      return {
        token,
        body: {
          status: pending,
          factor: second,
          ...(secondAddress ? { [second]: maskAddress(second, secondAddress) } : {}),
        },
      };
    },

    /** POST /merchant/api/v2/auth/challenge: the second code again. */
    async resendChallenge(session: SessionContext) {
      const row = await repo.latestChallenge(session.id);
      if (!row) throw badRequest('session expired');
      await resendRow(row);
      return {};
    },

    /** POST /merchant/api/v2/auth/challenge/setup: a phone (or e-mail) for the account, confirmed by a code. */
    async setupChallenge(session: SessionContext, credentials: Credentials, clientAddress: string) {
      const factor: Factor = 'email' in credentials ? 'email' : 'phone';
      if (session.state === 'half' && (session.pending !== 'setup_2fa' || session.factor !== factor))
        throw badRequest('bad_request');
      const target = checkAddress(factor, 'email' in credentials ? credentials.email : credentials.phone);
      const owner =
        factor === 'email' ? await repo.accountByEmail(target) : await repo.accountByPhone(target);
      if (owner) throw badRequest(factor === 'email' ? 'email is not unique' : 'phone number is not unique');
      await countSetupAddress(session.id, target, clientAddress);
      const account = await repo.accountById(session.accountId);
      await startChallenge(session, factor, target, account?.lang ?? 'en', true);
      return { factor, [factor]: target };
    },

    /** POST /merchant/api/v2/auth/challenge/verify: the second code; opens a half-open session. */
    async verifyChallenge(session: SessionContext, code: string) {
      const row = await repo.latestChallenge(session.id);
      if (!row) throw badRequest('session expired');
      await spendCode(row, code);
      const now = clock.now();
      if (row.setup) {
        const saved = await repo.setAccountAddress(session.accountId, row.channel as Factor, row.target);
        if (!saved)
          throw badRequest(row.channel === 'email' ? 'email is not unique' : 'phone number is not unique');
      }
      if (session.state === 'open') return { token: null, body: {} };
      const { token, tokenHash } = newToken();
      await repo.updateSession(session.id, { state: 'open', pending: null, tokenHash, lastSeenAt: now });
      return { token, body: { status: 'authenticated', auth_token: token } };
    },

    /**
     * POST /merchant/api/v1/auth/step-up: a fresh code to the account's own second factor (its phone, else its
     * e-mail), asked for before a secret is shown or money moves, for one purpose (an API secret key, a transfer, a
     * card's details) and good only for it. The same lockouts as sign-in's. Asked again for the same purpose within
     * the resend interval, the code already sent is still valid: the answer says when it went (`sent: false`) and
     * nothing is sent; an explicit `resend` then is refused with 429 and how long to wait.
     */
    async startStepUp(session: SessionContext, purpose: StepUpPurpose, resend = false) {
      if (session.state !== 'open') throw new HttpError(401, 'unauthorized');
      // A secret is shown, and money moved, in the app itself, never in a page its token opened.
      if (session.webview) throw new HttpError(403, 'a webview session cannot ask for step-up codes');
      const account = await repo.accountById(session.accountId);
      const factor: Factor = account?.phone ? 'phone' : 'email';
      const target = account?.phone ?? account?.email;
      if (!target) throw badRequest('bad_request');
      const earlier = await repo.latestStepUp(session.id, purpose);
      if (earlier) {
        const wait = earlier.sentAt.getTime() + RESEND_AFTER_MS - clock.now().getTime();
        if (wait > 0 && resend)
          throw new HttpError(429, 'too many requests', undefined, { retry_after: Math.ceil(wait / 1000) });
        if (
          wait > 0 &&
          earlier.expiresAt > clock.now() &&
          earlier.channel === factor &&
          earlier.target === target
        )
          return {
            sent: false,
            sent_at: earlier.sentAt.toISOString(),
            factor,
            to: maskAddress(factor, target),
            resend_after: Math.ceil(wait / 1000),
          };
      }
      await countSend(target);
      const sent = await sendCode(factor, target, account?.lang ?? 'en');
      await repo.insertCode({
        id: randomUUID(),
        purpose: 'step_up',
        action: purpose,
        channel: factor,
        target,
        accountId: session.accountId,
        sessionId: session.id,
        setup: false,
        lang: account?.lang ?? 'en',
        ...sent,
        createdAt: clock.now(),
      });
      return {
        sent: true,
        sent_at: sent.sentAt.toISOString(),
        factor,
        to: maskAddress(factor, target),
        resend_after: RESEND_AFTER_MS / 1000,
      };
    },

    /**
     * Checks this session's newest step-up code for `purpose` and uses it up: one code, one secret shown or one
     * transfer, even when several calls bring it at once. Wrong codes count towards the address's lockout; no code
     * asked for this purpose (or it is used up), 400 "session expired" (ask for one).
     */
    async verifyStepUp(session: SessionContext, purpose: StepUpPurpose, code: string) {
      if (session.webview) throw new HttpError(403, 'a webview session cannot ask for step-up codes');
      const row = await repo.latestStepUp(session.id, purpose);
      if (!row) throw badRequest('session expired');
      await spendCode(row, code);
    },

    /**
     * An open session for an account that has both factors, without codes: only the development routes call it
     * (`POST /dev/sessions`, absent in production), so tests set a signed-in state up without walking the sign-in
     * the auth tests already prove. An account without its second factor yet is refused: it signs in for real.
     */
    async openSessionForDevelopment(input: { email: string; userAgent?: string; ip?: string }) {
      const account = await repo.accountByEmail(checkAddress('email', input.email));
      if (!account) throw badRequest('no account has this e-mail');
      if (!account.phone)
        throw badRequest('the account has no phone yet: it signs in through the sign-in steps');
      const now = clock.now();
      const { token, tokenHash } = newToken();
      await repo.insertSession({
        id: randomUUID(),
        accountId: account.id,
        tokenHash,
        state: 'open',
        pending: null,
        factor: 'phone',
        userAgent: input.userAgent?.slice(0, 300) ?? null,
        ip: input.ip ?? null,
        createdAt: now,
        lastSeenAt: now,
      });
      return { token, body: { status: 'authenticated', auth_token: token } };
    },

    /** The session a token belongs to, if it is still alive (and marks it used). */
    async sessionForToken(token: string): Promise<SessionContext | null> {
      const row = await repo.sessionByTokenHash(sha256(token));
      if (!row || !alive(row)) return null;
      // A webview's session lives only while the app's session that opened it does (issue 53, finding 6).
      if (row.parentSessionId !== null && !(await parentAlive(row.parentSessionId))) return null;
      const now = clock.now();
      if (now.getTime() - row.lastSeenAt.getTime() > 60_000)
        await repo.updateSession(row.id, { lastSeenAt: now });
      return {
        id: row.id,
        accountId: row.accountId,
        state: row.state as 'half' | 'open',
        pending: (row.pending as SessionContext['pending']) ?? null,
        factor: (row.factor as Factor | null) ?? null,
        webview: row.webview,
      };
    },

    /**
     * A one-time token for the mobile app's webview (docs/shell-and-permissions.md "The money area"): the app,
     * signed in, asks for one for the page it opens; good once, for 60 seconds.
     */
    async issueWebviewToken(session: SessionContext, path: string) {
      if (session.webview) throw new HttpError(403, 'a webview session cannot open another webview');
      const now = clock.now();
      const { token, tokenHash } = newToken();
      const expiresAt = new Date(now.getTime() + WEBVIEW_TOKEN_MS);
      await repo.insertWebviewToken({
        tokenHash,
        sessionId: session.id,
        accountId: session.accountId,
        path,
        expiresAt,
        createdAt: now,
      });
      return { token, expiresAt };
    },

    /**
     * The webview's own session for a token: opened when the token is unused, unexpired and the app's session that
     * asked for it is still alive; null otherwise (the token is spent either way).
     */
    async enterWebview(input: { token: string; userAgent?: string; ip?: string }) {
      const now = clock.now();
      const used = await repo.useWebviewToken(sha256(input.token), now);
      if (!used) return null;
      const source = await repo.sessionById(used.sessionId);
      if (!source || source.state !== 'open' || source.endedAt !== null || !alive(source)) return null;
      const { token, tokenHash } = newToken();
      await repo.insertSession({
        id: randomUUID(),
        accountId: used.accountId,
        tokenHash,
        state: 'open',
        pending: null,
        factor: source.factor,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
        ip: input.ip ?? null,
        webview: true,
        parentSessionId: source.id,
        createdAt: now,
        lastSeenAt: now,
      });
      return { token, path: used.path, maxAgeMs: lifeLeft(source) };
    },

    /** Whether a session is open (second factor done, not ended, not expired) and the account's. */
    async sessionOpen(sessionId: string, accountId: string): Promise<boolean> {
      const row = await repo.sessionById(sessionId);
      return (
        row !== undefined &&
        row.accountId === accountId &&
        row.state === 'open' &&
        row.endedAt === null &&
        alive(row)
      );
    },

    async logout(session: SessionContext) {
      await repo.endSession(session.accountId, session.id, clock.now());
    },

    async listSessions(session: SessionContext): Promise<Sessions> {
      const rows = (await repo.openSessions(session.accountId)).filter(alive);
      return {
        items: rows.map((row) => ({
          id: row.id,
          created_at: row.createdAt.toISOString(),
          last_seen_at: row.lastSeenAt.toISOString(),
          user_agent: row.userAgent,
          ip: row.ip,
          current: row.id === session.id,
        })),
      };
    },
    /** Ends every other session of the account (the one asking stays signed in). */
    async revokeOthers(session: SessionContext): Promise<Revoked> {
      return { revoked: await repo.endOtherSessions(session.accountId, session.id, clock.now()) };
    },
    async revoke(session: SessionContext, id: string): Promise<Revoked> {
      if (!(await repo.endSession(session.accountId, id, clock.now()))) throw new HttpError(404, 'not found');
      return { revoked: 1, current: id === session.id };
    },
  };

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
}

export type AuthService = ReturnType<typeof createAuthService>;
