/**
 * Where the capital entry page sends a merchant (capital spec §2, "Entry redirect rules"), from the fake-door
 * flag and the three lists (loans, offers, applications).
 *
 * Decisions where the spec is silent:
 * - The fake-door flag is read first: it comes with the account, so the waitlist needs none of the three lists.
 * - One or two of the three requests failing (not all three): the loans list, which shows what did load and the
 *   failure toast. Counting a failed list as empty could send a merchant with a loan to an offer page.
 * - "That application page" is the application's own page (`/applications/{id}`).
 */
import { bestOffer } from './offers';
import type { Offer } from './types';

/** One of the three requests: still loading, failed, or its items. */
export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'done'; items: readonly T[] };

export type EntryTarget =
  | { to: 'blank' }
  | { to: 'not_found' }
  | { to: 'waitlist' }
  | { to: 'payouts' }
  | { to: 'application'; id: string }
  | { to: 'loan'; id: string }
  | { to: 'offer'; id: string }
  | { to: 'loans' };

/**
 * Whether the fake door sends the merchant to the waitlist (§2): its flag, and the waitlist's own open (§6:
 * flags gate the fake door and the waitlist) — a fake door with the waitlist closed would lead to a refusal, so
 * the entry goes on by the data instead.
 */
export const fakeDoorOpen = (experiments: readonly string[]) =>
  experiments.includes('capital_fake_door') && experiments.includes('capital_waitlist');

/**
 * @param input - the fake-door flag and the three requests
 * @returns - where to go (or a blank page while loading, or the 404 page)
 */
export function entryTarget(input: {
  fakeDoor: boolean;
  loans: Loaded<{ id: string }>;
  offers: Loaded<Offer>;
  applications: Loaded<{ id: string }>;
}): EntryTarget {
  if (input.fakeDoor) return { to: 'waitlist' };
  const all = [input.loans, input.offers, input.applications];
  if (all.some((r) => r.state === 'loading')) return { to: 'blank' };
  if (all.every((r) => r.state === 'failed')) return { to: 'not_found' };
  if (input.loans.state !== 'done' || input.offers.state !== 'done' || input.applications.state !== 'done')
    return { to: 'loans' };
  const loans = input.loans.items;
  const offers = input.offers.items;
  const applications = input.applications.items;
  if (loans.length === 0 && offers.length === 0 && applications.length === 0) return { to: 'payouts' };
  if (loans.length === 0 && offers.length === 0 && applications.length === 1)
    return { to: 'application', id: applications[0]!.id };
  if (loans.length === 1 && offers.length === 0 && applications.length === 0)
    return { to: 'loan', id: loans[0]!.id };
  if (loans.length === 0 && applications.length === 0) return { to: 'offer', id: bestOffer(offers)!.id };
  return { to: 'loans' };
}

/** The page-opened analytics event fires only when none of the three requests failed (§2). */
export const sendsPageOpened = (requests: readonly Loaded<unknown>[]): boolean =>
  requests.every((r) => r.state === 'done');
