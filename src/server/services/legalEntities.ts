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
import { isLegalEntityStatus } from '../../domain/legalEntities';
import { isDay } from '../../domain/days';
import { dateLimitsAt } from '../../engine/core/formats';
import type { Clock } from '../clock';
import { fieldError, HttpError, notFound, refuseProblems, type FieldError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { FileRepository } from '../repositories/files';
import { ownFileReader } from './attachments';
import { valuesOf } from './listFilters';
import type {
  LegalEntity,
  LegalEntityAlert,
  LegalEntityDetail,
  LegalEntityListItem,
  LicenceRenewal,
  Owner,
  RenewLicenceBody,
} from '../../contract/legalEntities';
import type { LegalEntityStatus } from '../../domain/legalEntities';
import { actorName, memberOf, merchantsWhere, requireMerchant, requireMerchants } from './memberships';

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
    // Written only by `renew` below, in this shape.
    renewal: (e.renewal as LicenceRenewal | null) ?? null,
  };
}

/** A licence file: a PDF or a picture of it (capital spec: pdf, jpeg, png). */
const LICENCE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

export function createLegalEntityService(deps: {
  accounts: AccountRepository;
  files: FileRepository;
  clock: Clock;
}) {
  const { accounts, files, clock } = deps;

  /** A merchant of the caller's (404 for another), which the caller administers (403 otherwise). */
  async function administered(accountId: string, merchantId: string) {
    await requireMerchant(accounts, accountId, merchantId, 'is_account_edit_allowed');
  }

  /** The caller's merchants, and those whose entities they may read in full (workspace admins). */
  /** One entity of the caller's merchants (404 for another's), if the caller administers it (403 otherwise). */
  async function one(accountId: string, id: string) {
    const mine = (await accounts.legalEntitiesOf(await memberOf(accounts, accountId))).find(
      (e) => e.id === id,
    );
    if (!mine) throw notFound('legal entity not found');
    await requireMerchant(accounts, accountId, mine.merchantId, 'is_account_edit_allowed');
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
      // Every member sees the entities' alerts; the merchants they administer, the entities in full.
      const [all, admin] = await Promise.all([
        memberOf(accounts, accountId),
        merchantsWhere(accounts, accountId, 'is_account_edit_allowed'),
      ]);
      const rows = await accounts.legalEntitiesOf(all);
      return {
        items: rows
          .filter((e) => statuses.length === 0 || statuses.includes(e.status))
          .map((e) => (admin.includes(e.merchantId) ? summary(e) : alertView(e))),
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

    /** A merchant's legal entity (onboarding spec §7 "Merchants"): null while it has none. */
    async ofMerchant(accountId: string, merchantId: string): Promise<{ legal_entity: LegalEntity | null }> {
      await administered(accountId, merchantId);
      const [entity] = await accounts.legalEntitiesOf([merchantId]);
      return { legal_entity: entity ? summary(entity) : null };
    },

    /**
     * A workspace admin sends the renewed licence of one of the merchant's entities (`legal_entity_id`; else its
     * first, the one GET reads): the file (an upload of theirs or a colleague's: a
     * PDF, JPEG or PNG), its new expiry date (at least two weeks away, the rule of every licence date here), and
     * the registration number when it changed. Kept as the entity's renewal until the provider checks it; the
     * status is the provider's to change (docs/legal-entities.md "Renewing the licence").
     */
    async renew(
      accountId: string,
      merchantId: string,
      body: RenewLicenceBody,
    ): Promise<{ legal_entity: LegalEntity }> {
      await administered(accountId, merchantId);
      const entities = await accounts.legalEntitiesOf([merchantId]);
      const entity = body.legal_entity_id ? entities.find((e) => e.id === body.legal_entity_id) : entities[0];
      if (!entity)
        throw notFound(
          body.legal_entity_id ? 'legal entity not found' : 'the merchant has no legal entity yet',
        );
      const problems: Record<string, FieldError> = {};
      const file = await (await ownFileReader(files, accountId))(body.license_url);
      if (!file) problems['/license_url'] = fieldError('validation:error.fileNotFound');
      else if (!LICENCE_TYPES.includes(file.mimeType))
        problems['/license_url'] = fieldError('legal-entities:renew.fileType');
      if (!isDay(body.license_expiry_date))
        problems['/license_expiry_date'] = fieldError('validation:error.format.date');
      // The forms' rule for a licence date (two weeks ahead at least), by the server's clock.
      else if (body.license_expiry_date < dateLimitsAt('date-2-weeks-ahead', clock.now()).min!)
        problems['/license_expiry_date'] = fieldError('validation:error.format.date-2-weeks-ahead');
      const number = body.commercial_registration_number?.trim() || null;
      refuseProblems(problems);
      const renewal: LicenceRenewal = {
        license_url: body.license_url,
        license_expiry_date: body.license_expiry_date,
        commercial_registration_number: number,
        sent_at: clock.now().toISOString(),
        sent_by: await actorName(accounts, accountId),
      };
      await accounts.setLicenceRenewal(entity.id, renewal);
      await accounts.addEvent({
        accountId,
        type: 'legal_entity_licence_sent',
        payload: { merchant_id: merchantId, legal_entity_id: entity.id },
        at: clock.now(),
      });
      return { legal_entity: summary({ ...entity, renewal }) };
    },

    /** The caller's entities (those they administer), each with its merchant's stores. */
    async withStores(accountId: string) {
      const merchants = await requireMerchants(accounts, accountId, 'is_account_edit_allowed');
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
