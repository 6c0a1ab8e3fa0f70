/**
 * The signed-in account's cache key and fetch, without react-query's hooks: the sign-in page uses these
 * through the QueryClient alone, which keeps its bundle small.
 */
import { api, ApiError } from './client';
import type { SignedIn } from '../../contract/auth';
import type { Account } from '../../contract/account';
import type { Static } from '../../contract/common';

export const ACCOUNT_QUERY_KEY = ['account'] as const;

export type { Account };

/** The account, or null when nobody is signed in (a 401 is an answer here, not an error). */
export async function fetchAccount(): Promise<Account | null> {
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
