/**
 * Sign-in with two factors (shell spec §4, §7, §8, §9), a wing of rooms over one context (context.ts: the codes,
 * their lockouts, the sessions' tokens and lifetimes):
 *
 * | Room | Holds |
 * | --- | --- |
 * | signIn.ts | the first code and the second factor, up to an open session |
 * | stepUp.ts | the step-up code before a secret or a transfer |
 * | sessions.ts | sessions by token, listed and ended; the development sessions |
 * | webview.ts | the webview's one-time token and its session |
 *
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
import { authContext, type AuthDeps } from './context';
import { sessionCalls } from './sessions';
import { signInCalls } from './signIn';
import { stepUpCalls } from './stepUp';
import { webviewCalls } from './webview';

export * from './context';

export function createAuthService(deps: AuthDeps) {
  const context = authContext(deps);
  return {
    ...signInCalls(context),
    ...stepUpCalls(context),
    ...sessionCalls(context),
    ...webviewCalls(context),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
