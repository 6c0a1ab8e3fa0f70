/**
 * A workspace's team (onboarding spec §1 "users (invite, manage, roles)", shell spec §6; docs/users.md): what the
 * users page and the server agree on. Pure: no I/O.
 *
 * A user's "stores" are the merchant accounts they are a member of (a membership per merchant, with one role):
 * the spec's store pages are keyed by merchant (`business-profile/stores/{merchantId}`), and access in this
 * product is granted per merchant, so a person added to a merchant sees every store of it.
 */
import { ROLES, type Role } from './permissions';

/** Users per page (spec §3: paginated lists default to 20). */
export const USERS_LIMIT = 20;

/** A person who has been added but has never finished a sign-in is `invited`; then `active`. */
export const USER_STATUSES = ['invited', 'active'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** The longest search text the list takes (a name, an e-mail address or a phone number). */
export const USER_QUERY_MAX = 100;

/**
 * Whether a team member matches a search: part of the name, the e-mail address or the phone number's digits,
 * regardless of case and of spaces or a + typed with the number.
 */
export function matchesUserQuery(
  user: { email: string | null; phone: string | null; first_name: string | null; last_name: string | null },
  query: string,
): boolean {
  const text = query.trim().toLowerCase();
  if (text === '') return true;
  const digits = text.replace(/[\s+()-]/g, '');
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').toLowerCase();
  return (
    name.includes(text) ||
    (user.email ?? '').toLowerCase().includes(text) ||
    (/^\d+$/.test(digits) && (user.phone ?? '').replace(/\D/g, '').includes(digits))
  );
}
