/**
 * A store's detail (onboarding spec §2 "Stores", §7 "Stores"; docs/stores.md): the store with its merchant and
 * currency, its commissions and its payout schedules. The list (`GET …/stores`), the products and the contract
 * have their services already (account.ts, organization.ts); these three complete the page's tabs.
 *
 * Scope: the stores page is for workspace admins (shell spec §6), and commissions are the merchant's commercial
 * terms, so these calls are too: a member of the store's merchant who is not an admin gets 403; a store of
 * another merchant, or none, 404.
 */
import { currencyOfCountry, nextPayoutDay, type Commission, type PayoutSchedule } from '../../domain/stores';
import type { Clock } from '../clock';
import { notFound } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { Commissions, Schedules, StoreDetail } from '../../contract/stores';
import type { Static } from '../../contract/common';
import { memberOf, requireMerchant } from './memberships';

export function createStoreService(deps: { accounts: AccountRepository; clock: Clock }) {
  const { accounts } = deps;

  /** One store of the caller's merchants (404 for another's), if the caller administers it (403 otherwise). */
  async function storeFor(accountId: string, storeId: string) {
    const store = await accounts.store(await memberOf(accounts, accountId), storeId);
    if (!store) throw notFound('store not found');
    await requireMerchant(accounts, accountId, store.merchantId, 'is_account_edit_allowed');
    return { ...store, currency: currencyOfCountry(store.country) };
  }

  return {
    async get(accountId: string, storeId: string): Promise<StoreDetail> {
      const s = await storeFor(accountId, storeId);
      return {
        id: s.id,
        name: s.name,
        country: s.country,
        currency: s.currency,
        merchant_id: s.merchantId,
        merchant_name: s.merchantName,
        organization_id: s.organizationId,
        available_products: s.availableProducts,
        contract_signed: s.contractSignedAt !== null,
        contract_signed_at: s.contractSignedAt?.toISOString() ?? null,
        created_at: s.createdAt.toISOString(),
      };
    },

    async commissions(accountId: string, storeId: string): Promise<Static<typeof Commissions>> {
      const s = await storeFor(accountId, storeId);
      return {
        currency: s.currency,
        items: (s.commissions as unknown as Commission[]).map((c) => ({ ...c, currency: s.currency })),
      };
    },

    /** The schedules, each with its next payout day (on or after today, UTC). */
    async schedules(accountId: string, storeId: string): Promise<Static<typeof Schedules>> {
      const s = await storeFor(accountId, storeId);
      const today = deps.clock.now().toISOString().slice(0, 10);
      return {
        currency: s.currency,
        items: (s.payoutSchedules as unknown as PayoutSchedule[]).map((p) => ({
          ...p,
          currency: s.currency,
          next_payout_on: nextPayoutDay(p, today),
        })),
      };
    },
  };
}

export type StoreService = ReturnType<typeof createStoreService>;
