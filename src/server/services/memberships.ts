/**
 * The one merchant-scope rule of every service: which of a caller's merchants a rule opens — a membership's stored
 * flag cut down to its role's (src/domain/permissions.ts), or a rule over its computed permissions (the sidebar's,
 * per merchant) — read once per call. Services scope every read and write by the merchants it gives, so another
 * merchant's row "does not exist" (404) rather than being forbidden; a caller it opens none to gets 403.
 * tests/server/merchant-scope.test.ts calls every route of the OpenAPI document as another merchant's member.
 */
import {
  computePermissions,
  flagsForRole,
  type ComputedPermissions,
  type PermissionFlag,
} from '../../domain/permissions';
import { HttpError, notFound } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { FileRepository } from '../repositories/files';
import type { Clock } from '../clock';

/**
 * What a merchant area's service is made of (disputes, support): its own repository, the accounts (whom a caller
 * may see), the stored files its records attach, and the clock.
 */
export interface AreaDeps<Repository> {
  repository: Repository;
  accounts: AccountRepository;
  files: FileRepository;
  clock: Clock;
}

export type Membership = Awaited<ReturnType<AccountRepository['memberships']>>[number];

/** What opens a merchant to a caller: a stored flag of the membership, or a rule over its computed permissions. */
export type MerchantRule = PermissionFlag | ((permissions: ComputedPermissions) => boolean);

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

/** The caller's memberships the rule opens (none is no error: a narrower right checked inside a scope). */
export async function membershipsWhere(
  accounts: AccountRepository,
  accountId: string,
  rule: MerchantRule,
): Promise<Membership[]> {
  if (typeof rule === 'string')
    return (await accounts.memberships(accountId)).filter(
      (m) => flagsForRole(m.role, m.flags)[rule] === true,
    );
  return (await membershipPermissions(accounts, accountId))
    .filter((m) => rule(m.permissions))
    .map((m) => m.membership);
}

/** The ids of the caller's merchants the rule opens (none is no error). */
export async function merchantsWhere(
  accounts: AccountRepository,
  accountId: string,
  rule: MerchantRule,
): Promise<string[]> {
  return (await membershipsWhere(accounts, accountId, rule)).map((m) => m.merchantId);
}

/** The caller's memberships the rule opens; 403 (with `refusal`) when it opens none. */
export async function requireMemberships(
  accounts: AccountRepository,
  accountId: string,
  rule: MerchantRule,
  refusal = 'forbidden',
): Promise<Membership[]> {
  const mine = await membershipsWhere(accounts, accountId, rule);
  if (mine.length === 0) throw new HttpError(403, refusal);
  return mine;
}

/** Who did something, as audit rows and screens name a person: the account's email, else its phone, else its id. */
export async function actorName(accounts: AccountRepository, accountId: string): Promise<string> {
  const account = await accounts.account(accountId);
  return account?.email ?? account?.phone ?? accountId;
}

/** The ids of the caller's merchants the rule opens; 403 (with `refusal`) when it opens none. */
export async function requireMerchants(
  accounts: AccountRepository,
  accountId: string,
  rule: MerchantRule,
  refusal = 'forbidden',
): Promise<string[]> {
  return (await requireMemberships(accounts, accountId, rule, refusal)).map((m) => m.merchantId);
}

/**
 * One merchant of the caller's, for a call that names it: 404 when the caller is none of its members (another's
 * merchant "does not exist"), 403 when the caller is but `rule` does not open it (without one, membership is enough).
 */
export async function requireMerchant(
  accounts: AccountRepository,
  accountId: string,
  merchantId: string,
  rule?: MerchantRule,
): Promise<Membership> {
  const membership = (await accounts.memberships(accountId)).find((m) => m.merchantId === merchantId);
  if (!membership) throw notFound('merchant not found');
  if (!rule) return membership;
  // A stored flag is judged on the membership already read; only a computed permission reads the experiments.
  const opens =
    typeof rule === 'string'
      ? flagsForRole(membership.role, membership.flags)[rule] === true
      : (await membershipPermissions(accounts, accountId)).some(
          (m) => m.membership.merchantId === merchantId && rule(m.permissions),
        );
  if (!opens) throw new HttpError(403, 'forbidden');
  return membership;
}

/** The ids of every merchant the caller is a member of, whatever its rights (to find a row before judging it). */
export async function memberOf(accounts: AccountRepository, accountId: string): Promise<string[]> {
  return (await accounts.memberships(accountId)).map((m) => m.merchantId);
}
