/**
 * Which of a caller's merchants a permission flag opens: the membership's stored flags cut down to its role's
 * (src/domain/permissions.ts), read once per call. Services scope every read and write by it, so another
 * merchant's row "does not exist" (404) rather than being forbidden.
 */
import { flagsForRole, type PermissionFlag } from '../../domain/permissions';
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
