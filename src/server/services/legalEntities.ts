/**
 * Legal entities (onboarding spec §2 "Other areas", §3, §7; shell spec §2.3; docs/legal-entities.md): the list
 * with its status filter (also what the shell's alert reads), one entity with its legal info, its owners, and the
 * entities with their merchants' stores.
 *
 * Scope: the list is every member's (the shell's alert needs it: hasMerchantAccess gates the lookup, §4), but a
 * member who does not administer an entity's merchant gets only what the alert reads — id, merchant, status,
 * country and licence expiry — never more than the detail route would give them (which is nothing: 403). One
 * entity's details, its owners and the entities with stores carry bank details and owners' identities, so they
 * are for workspace admins (`is_account_edit_allowed`, the page's canViewStoreManagement) — 403 for another
 * member, 404 for another merchant's entity.
 */
import { flagsForRole } from '../../domain/permissions';
import { isLegalEntityStatus } from '../../domain/legalEntities';
import { fieldError, HttpError, notFound } from '../errors';
import type { AccountRepository } from '../repositories/account';
import { valuesOf } from './listFilters';
import type {
  LegalEntity,
  LegalEntityAlert,
  LegalEntityDetail,
  LegalEntityListItem,
  Owner,
} from '../../contract/legalEntities';
import type { LegalEntityStatus } from '../../domain/legalEntities';

type Row = Awaited<ReturnType<AccountRepository['legalEntitiesOf']>>[number];

/** What every member may read of an entity: what the shell's alert and the licence reminder need. */
function alertView(e: Row): LegalEntityAlert {
  return {
    id: e.id,
    merchant_id: e.merchantId,
    // Written only as one of the four (fixtures are checked against them).
    status: e.status as LegalEntityStatus,
    country: e.country,
    license_expiry_date: e.licenseExpiryDate,
  };
}

/** An entity as its workspace admins read it. */
function summary(e: Row): LegalEntity {
  return {
    ...alertView(e),
    legal_company_name: e.legalCompanyName,
    iban: e.iban,
    license_url: e.licenseUrl,
    bank_name: e.bankName,
    legal_address: e.legalAddress,
  };
}

export function createLegalEntityService(deps: { accounts: AccountRepository }) {
  const { accounts } = deps;

  /** The caller's merchants, and those whose entities they may read in full (workspace admins). */
  async function scopeOf(accountId: string) {
    const memberships = await accounts.memberships(accountId);
    return {
      all: memberships.map((m) => m.merchantId),
      admin: memberships
        .filter((m) => flagsForRole(m.role, m.flags).is_account_edit_allowed === true)
        .map((m) => m.merchantId),
    };
  }

  /** One entity of the caller's merchants (404 for another's), if the caller administers it (403 otherwise). */
  async function one(accountId: string, id: string) {
    const scope = await scopeOf(accountId);
    const mine = (await accounts.legalEntitiesOf(scope.all)).find((e) => e.id === id);
    if (!mine) throw notFound('legal entity not found');
    if (!scope.admin.includes(mine.merchantId)) throw new HttpError(403, 'forbidden');
    return mine;
  }

  return {
    /** The entities of the caller's merchants, oldest first; `status` keeps those in the given statuses. */
    async list(accountId: string, input: { status?: string[] }): Promise<{ items: LegalEntityListItem[] }> {
      const statuses = valuesOf(input.status);
      const unknown = statuses.find((s) => !isLegalEntityStatus(s));
      if (unknown)
        throw new HttpError(400, 'bad filter: status', {
          '/status': fieldError('validation:error.enum', { value: unknown }),
        });
      const scope = await scopeOf(accountId);
      const rows = await accounts.legalEntitiesOf(scope.all);
      return {
        items: rows
          .filter((e) => statuses.length === 0 || statuses.includes(e.status))
          .map((e) => (scope.admin.includes(e.merchantId) ? summary(e) : alertView(e))),
      };
    },

    async get(accountId: string, id: string): Promise<LegalEntityDetail> {
      const row = await one(accountId, id);
      return { ...summary(row), legal_info: row.legalInfo, owners_count: row.owners.length };
    },

    async owners(accountId: string, id: string): Promise<{ items: Owner[] }> {
      // Stored as the fixtures' checked file gives them (src/server/fixtures/fixture.schema.json).
      return { items: (await one(accountId, id)).owners as unknown as Owner[] };
    },

    /** The caller's entities (those they administer), each with its merchant's stores. */
    async withStores(accountId: string) {
      const merchants = (await scopeOf(accountId)).admin;
      if (merchants.length === 0) throw new HttpError(403, 'forbidden');
      const [entities, stores] = await Promise.all([
        accounts.legalEntitiesOf(merchants),
        accounts.storesOf(merchants),
      ]);
      return {
        items: entities.map((e) => ({
          ...summary(e),
          stores: stores
            .filter((s) => s.merchantId === e.merchantId)
            .map((s) => ({ id: s.id, name: s.name, country: s.country })),
        })),
      };
    },
  };
}

export type LegalEntityService = ReturnType<typeof createLegalEntityService>;
