/**
 * Which of a caller's merchants a permission flag opens: the membership's stored flags cut down to its role's
 * (src/domain/permissions.ts), read once per call. Services scope every read and write by it, so another
 * merchant's row "does not exist" (404) rather than being forbidden.
 */
import { computePermissions, flagsForRole, type PermissionFlag } from '../../domain/permissions';
import type { AccountRepository } from '../repositories/account';

export async function merchantsWith(
  accounts: AccountRepository,
  accountId: string,
  flag: PermissionFlag,
): Promise<string[]> {
  return (await accounts.memberships(accountId))
    .filter((m) => flagsForRole(m.role, m.flags)[flag] === true)
    .map((m) => m.merchantId);
}

export type Membership = Awaited<ReturnType<AccountRepository['memberships']>>[number];

/** The caller's memberships, each with the permissions it computes to (the sidebar's rule, per merchant). */
export async function membershipPermissions(accounts: AccountRepository, accountId: string) {
  const [memberships, experiments] = await Promise.all([
    accounts.memberships(accountId),
    accounts.experiments(accountId),
  ]);
  const enabled = experiments.filter((e) => e.value === 'enabled').map((e) => e.name);
  return memberships.map((membership) => ({
    membership,
    permissions: computePermissions({
      flags: flagsForRole(membership.role, membership.flags),
      experiments: enabled,
      role: membership.role,
      application: null,
      firstStoreProducts: null,
      merchantCountry: membership.merchantCountry,
    }),
  }));
}

/** The caller's memberships whose computed permissions pass `allow`. */
export async function membershipsWhere(
  accounts: AccountRepository,
  accountId: string,
  allow: (p: ReturnType<typeof computePermissions>) => boolean,
): Promise<Membership[]> {
  return (await membershipPermissions(accounts, accountId))
    .filter((m) => allow(m.permissions))
    .map((m) => m.membership);
}
