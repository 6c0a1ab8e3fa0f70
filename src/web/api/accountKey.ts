/**
 * The signed-in account's cache key and fetch, without react-query's hooks: the sign-in page uses these
 * through the QueryClient alone, which keeps its bundle small.
 */
import { api, ApiError } from './client';
import type { SignedIn } from '../../contract/auth';
import type { Account } from '../../contract/account';
import type { Static } from '../../contract/common';
import { holdsSessionHint } from '../../domain/signInFlow';
import { signal } from '../signal';

export const ACCOUNT_QUERY_KEY = ['account'] as const;

const sessionStart = signal();

/** Called when a session starts in this page (the signed-in pages' cache registers here, as it does for logout). */
export const onSessionStarted = sessionStart.listen;

/**
 * The sign-in page says a session has started (signed in, or found signed in) before it sends the person on. What
 * the signed-in pages cached before is forgotten: "nobody signed in" (the account's null, asked while signed out)
 * would send them straight back to sign-in, which sends them on again — a loop with no end, a deep link opened
 * signed out and then signed in on the same page (issue 54's bench found it) — and answers cached for another
 * account must never show to this one.
 */
export const sessionStarted = sessionStart.fire;

export type { Account };

/** Whether this browser holds a session cookie (its readable twin): without one, nobody is signed in. */
export const hasSessionHint = () => typeof document !== 'undefined' && holdsSessionHint(document.cookie);

/**
 * The account, or null when nobody is signed in (a 401 is an answer here, not an error). Without the session
 * cookie's twin nothing is asked: a signed-out visit goes to sign-in with no call answered 401 (issue 56).
 */
export async function fetchAccount(): Promise<Account | null> {
  if (!hasSessionHint()) return null;
  try {
    return await api<Account>('GET', '/merchant/api/v1/account', undefined, { quiet401: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Whether this browser is signed in (GET /merchant/api/v1/auth/session, which answers 200 either way): what the
 * sign-in page asks when it opens, so a signed-out visit logs no 401.
 */
export async function fetchSignedIn(): Promise<boolean> {
  const answer = await api<Static<typeof SignedIn>>('GET', '/merchant/api/v1/auth/session');
  return answer.signed_in;
}
