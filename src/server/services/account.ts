/**
 * The signed-in account (shell spec §7): account, permissions (cut to the role — src/domain/permissions.ts),
 * experiments, stores and their products, analytics events. Everything is scoped to the account's own
 * merchants.
 */
import { isSeenArea, type SeenArea } from '../../domain/seenAreas';
import { flagsForRole, type Experiment, type PermissionFlags } from '../../domain/permissions';
import type { Clock } from '../clock';
import { fieldError, HttpError } from '../errors';
import { privateProperty } from '../../domain/eventPrivacy';
import type { AccountRepository } from '../repositories/account';
import type { Stores } from '../../contract/stores';
import type { Account, Experiments, PermissionAnswer } from '../../contract/account';
import type { Static } from '../../contract/common';
import { merchantsWhere, requireMerchants } from './memberships';

export function createAccountService(deps: { repository: AccountRepository; clock: Clock }) {
  const repo = deps.repository;

  async function memberships(accountId: string) {
    return (await repo.memberships(accountId)).map((m) => ({
      ...m,
      effective: flagsForRole(m.role, m.flags) as PermissionFlags,
    }));
  }

  return {
    /** The person has opened an area with a "new" badge: it goes, for this account on every device (issue 56). */
    async markSeen(accountId: string, area: SeenArea) {
      await repo.markSeen(accountId, area);
    },

    /** The account as its session check reads it (the route adds whether the session is a webview's). */
    async account(accountId: string): Promise<Omit<Account, 'webview'>> {
      const account = await repo.account(accountId);
      if (!account) throw new HttpError(401, 'unauthorized');
      return {
        id: account.id,
        email: account.email,
        phone: account.phone,
        first_name: account.firstName,
        last_name: account.lastName,
        lang: account.lang,
        staff_role: account.staffRole,
        seen_areas: account.seenAreas.filter(isSeenArea),
        created_at: account.createdAt.toISOString(),
        permissions: (await repo.memberships(accountId)).map((m) => ({
          merchant_id: m.merchantId,
          role: m.role,
          merchant_country: m.merchantCountry,
        })),
      };
    },

    /** The flags of the account's first membership; every flag false without one. */
    async permissions(accountId: string): Promise<PermissionAnswer> {
      const [first] = await memberships(accountId);
      return {
        ...(first?.effective ?? flagsForRole('', {})),
        merchant_id: first?.merchantId ?? null,
        role: first?.role ?? null,
      };
    },

    async experiments(accountId: string, entityId: string | undefined): Promise<Experiments> {
      if (entityId !== undefined && entityId !== accountId) throw new HttpError(403, 'forbidden');
      return { experiments: await repo.experiments(accountId) };
    },

    /** Whether an experiment is on for the account (only the value 'enabled' counts, shell spec §6). */
    async experimentOn(accountId: string, name: Experiment): Promise<boolean> {
      return (await repo.experiments(accountId)).some((e) => e.name === name && e.value === 'enabled');
    },

    async stores(accountId: string): Promise<Static<typeof Stores>> {
      const merchantIds = await requireMerchants(repo, accountId, 'has_store_access');
      const rows = await repo.storesOf(merchantIds);
      return {
        items: rows.map((s) => ({
          id: s.id,
          name: s.name,
          country: s.country,
          merchant_id: s.merchantId,
          merchant_name: s.merchantName,
          organization_id: s.organizationId,
          available_products: s.availableProducts,
          contract_signed: s.contractSignedAt !== null,
        })),
      };
    },

    async availableProducts(accountId: string, storeId: string) {
      const store = await repo.store(await merchantsWhere(repo, accountId, 'has_store_access'), storeId);
      // Another merchant's store reads as missing, so ids of other merchants' stores cannot be probed.
      if (!store) throw new HttpError(404, 'not found');
      return { items: store.availableProducts };
    },

    /** An analytics event, kept; one carrying a code, an IBAN or an identity number is refused (domain/eventPrivacy.ts). */
    async recordEvent(accountId: string | null, type: string, payload: Record<string, unknown>) {
      const secret = privateProperty(payload);
      if (secret)
        throw new HttpError(
          400,
          `an analytics event may not carry a ${secret.kind} (/properties${secret.pointer})`,
          {
            [`/properties${secret.pointer}`]: fieldError('validation:error.privateInEvent', {
              kind: secret.kind,
            }),
          },
        );
      await repo.addEvent({ accountId, type, payload, at: deps.clock.now() });
    },
    events: (limit = 200) => repo.events(limit),
    firedEvents: () => repo.firedEvents(),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
