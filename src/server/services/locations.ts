/**
 * Locations (shell spec §2.3, §6 canViewLocations: the locations experiment and has_locations; issue 36;
 * docs/locations.md): a merchant's physical locations — list, add, edit, remove — each checked by
 * src/domain/locations.ts (a problem a field, 400 naming each). Scope: the merchants whose membership opens
 * canViewLocations; another merchant's location "does not exist" (404); a caller with none gets 403.
 */
import { randomUUID } from 'node:crypto';
import { locationProblems } from '../../domain/locations';
import type { Location, LocationBody, LocationsPage, LocationsQuery } from '../../contract/locations';
import type { Clock } from '../clock';
import { fieldError, notFound, refuseProblems, type FieldError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { LocationRepository, LocationRow } from '../repositories/locations';
import { requireMerchants } from './memberships';

export interface LocationDeps {
  repository: LocationRepository;
  accounts: AccountRepository;
  clock: Clock;
}

export function createLocationService(deps: LocationDeps) {
  const { repository, accounts, clock } = deps;

  async function allowed(accountId: string): Promise<string[]> {
    return requireMerchants(accounts, accountId, (p) => p.canViewLocations);
  }

  const present = (row: LocationRow): Location => ({
    id: row.id,
    merchant_id: row.merchantId,
    store_id: row.storeId,
    store_name: row.storeName ?? row.storeId,
    name: row.name,
    address: row.address,
    maps_link: row.mapsLink,
    hours: row.hours,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  /** The body checked against the caller's stores; the merchant is the store's. */
  async function checked(merchantIds: string[], body: LocationBody) {
    const stores = await accounts.storesOf(merchantIds);
    const problems = locationProblems(
      body,
      stores.map((s) => s.id),
    );
    refuseProblems(
      Object.fromEntries(
        Object.entries(problems).map(([pointer, p]): [string, FieldError] => [
          pointer,
          fieldError(`locations:${p.key}`, p.params ?? {}),
        ]),
      ),
    );
    const store = stores.find((s) => s.id === body.store_id)!;
    return {
      merchantId: store.merchantId,
      storeId: store.id,
      name: body.name.trim(),
      address: body.address.trim(),
      mapsLink: body.maps_link.trim(),
      hours: body.hours,
    };
  }

  async function own(accountId: string, id: string) {
    const merchantIds = await allowed(accountId);
    const row = await repository.get(id, merchantIds);
    if (!row) throw notFound();
    return { row, merchantIds };
  }

  return {
    async list(accountId: string, query: LocationsQuery): Promise<LocationsPage> {
      const merchantIds = await allowed(accountId);
      const page = query.page ?? 1;
      const size = query.page_size ?? 20;
      const { rows, total } = await repository.page(merchantIds, size, (page - 1) * size);
      return { locations: rows.map(present), total, page, page_size: size };
    },

    async add(accountId: string, body: LocationBody): Promise<{ location: Location }> {
      const values = await checked(await allowed(accountId), body);
      const id = `loc-${randomUUID()}`;
      const now = clock.now();
      await repository.insert({ id, ...values, createdAt: now, updatedAt: now });
      return { location: present((await repository.get(id, [values.merchantId]))!) };
    },

    async edit(accountId: string, id: string, body: LocationBody): Promise<{ location: Location }> {
      const { merchantIds } = await own(accountId, id);
      const values = await checked(merchantIds, body);
      await repository.update(id, { ...values, updatedAt: clock.now() });
      return { location: present((await repository.get(id, merchantIds))!) };
    },

    async remove(accountId: string, id: string): Promise<void> {
      await own(accountId, id);
      await repository.remove(id);
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;
