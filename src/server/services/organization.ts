/**
 * The second onboarding record (onboarding spec §2 "Dashboard onboarding gate", §7 Organization and Stores):
 * after ops approve an application (a fixture or ops action: `organizations.status = approved`), the merchant
 * completes the organization's business profile, signs its store's contract, and the contract's completion marks
 * the second record completed. The spec shows the calls, not their shapes; ours:
 *
 * - `GET …/organizations/{id}/business-profile` → `{ id, name, status, approved, profile, contract_signed,
 *   completed }`; `PUT` the profile (`display_name`, `support_email`, `support_phone`, `website`) — only once
 *   approved (409 before), by a member allowed to edit the account (`is_account_edit_allowed`).
 * - `GET …/stores/{id}/contract` → `{ store_id, organization_id, signed, signed_at, can_sign }`; `POST` with
 *   `{ accept: true }` signs it — approved, business profile given, same permission.
 * - `GET …/stores/{id}/contract/complete` → `{ completed }`: a signed contract completes the second record (where a
 *   signing service would send the merchant back; ours signs in place).
 *
 * Everything is scoped: another organization's profile or another merchant's store reads as not found.
 */
import { isEmail, isPhone } from '../../domain/contact';
import type { Clock } from '../clock';
import { fieldError, HttpError, notFound } from '../errors';
import type { FieldError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { OrganizationRepository } from '../repositories/organization';
import type {
  BusinessProfile,
  ContractCompletion,
  OrganizationProfile,
  StoreContract,
} from '../../contract/stores';
import { membershipsWhere, merchantsWhere } from './memberships';
import type { ContractKindHandler, ContractSubject } from './contracts';
import { storeDocument } from './contracts/documents';

export type { BusinessProfile };

const PROFILE_FIELDS = ['display_name', 'support_email', 'support_phone', 'website'] as const;

/** The profile's problems by JSON pointer (message keys, as the application's field_errors). */
export function profileErrors(body: Record<string, unknown>): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const key of Object.keys(body))
    if (!(PROFILE_FIELDS as readonly string[]).includes(key))
      errors[`/${key}`] = fieldError('validation:error.unknownField');
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim() : undefined);
  const name = text('display_name');
  if (!name) errors['/display_name'] = fieldError('validation:error.required');
  else if (name.length > 100)
    errors['/display_name'] = fieldError('validation:error.maxLength', { length: 100 });
  const email = text('support_email');
  if (!email) errors['/support_email'] = fieldError('validation:error.required');
  else if (!isEmail(email)) errors['/support_email'] = fieldError('validation:error.format.email');
  const phone = text('support_phone');
  if (!phone) errors['/support_phone'] = fieldError('validation:error.required');
  else if (!isPhone(phone)) errors['/support_phone'] = fieldError('validation:error.format.phone');
  const website = text('website');
  if (website && !/^https:\/\/[^\s/$.?#][^\s]*$/i.test(website))
    errors['/website'] = fieldError('validation:error.format.https-url');
  return errors;
}

export function createOrganizationService(deps: {
  repository: OrganizationRepository;
  accounts: AccountRepository;
  clock: Clock;
}) {
  const repo = deps.repository;

  /** Whether the caller administers one of these merchants (signs, edits the profile). */
  const administers = async (accountId: string, merchantIds: string[]) =>
    (await merchantsWhere(deps.accounts, accountId, 'is_account_edit_allowed')).some((id) =>
      merchantIds.includes(id),
    );

  async function organizationFor(accountId: string, organizationId: string, write: boolean) {
    const mine = (await membershipsWhere(deps.accounts, accountId, 'has_merchant_access')).filter(
      (m) => m.organizationId === organizationId,
    );
    const organization = mine.length > 0 ? await repo.organization(organizationId) : undefined;
    if (!organization) throw notFound('organization not found');
    if (
      write &&
      !(await administers(
        accountId,
        mine.map((m) => m.merchantId),
      ))
    )
      throw new HttpError(403, 'forbidden');
    return organization;
  }

  async function storeFor(accountId: string, storeId: string, write: boolean) {
    const members = await membershipsWhere(deps.accounts, accountId, 'has_store_access');
    const store = await deps.accounts.store(
      members.map((m) => m.merchantId),
      storeId,
    );
    if (!store || !store.organizationId) throw notFound('store not found');
    const organization = await repo.organization(store.organizationId);
    if (!organization) throw notFound('store not found');
    const canSign = await administers(accountId, [store.merchantId]);
    if (write && !canSign) throw new HttpError(403, 'forbidden');
    return { store, organization, canSign };
  }

  const view = (
    o: NonNullable<Awaited<ReturnType<OrganizationRepository['organization']>>>,
  ): OrganizationProfile => ({
    id: o.id,
    name: o.name,
    status: o.status,
    approved: o.status === 'approved',
    // Stored only once profileErrors found nothing wrong with it.
    profile: (o.businessProfile as BusinessProfile | null) ?? null,
    contract_signed: o.contractSigned,
    completed: o.businessProfileCompleted,
  });

  /**
   * The `store` kind of contract (docs/contracts.md): a store's merchant services agreement, signed inside the
   * product by an administrator of its merchant, with a code to their own phone; its signature signs the store.
   */
  const contractKind: ContractKindHandler = {
    async readable(accountId, contract) {
      return storeFor(accountId, contract.subjectId, false).then(
        () => true,
        () => false,
      );
    },
    async subject(accountId, storeId): Promise<ContractSubject> {
      const { store, organization } = await storeFor(accountId, storeId, true);
      if (organization.status !== 'approved') throw new HttpError(409, 'organization is not approved yet');
      if (!organization.businessProfile)
        throw new HttpError(409, 'complete the business profile before signing the contract');
      if (store.contractSignedAt)
        throw new HttpError(409, 'the contract is already signed', undefined, {
          key: 'contracts:signing.alreadySigned',
        });
      const account = await deps.accounts.account(accountId);
      if (!account?.phone)
        throw new HttpError(409, 'add a phone to your account to sign', undefined, {
          key: 'stores:contract.noPhone',
        });
      const products = Array.isArray(store.availableProducts)
        ? (store.availableProducts as unknown[]).filter((p): p is string => typeof p === 'string')
        : [];
      return {
        merchantId: store.merchantId,
        phone: account.phone,
        document: (words, language) =>
          storeDocument(words, language, {
            merchant: store.merchantName,
            store: store.name,
            products,
            signatory:
              [account.firstName, account.lastName].filter(Boolean).join(' ') || (account.email ?? ''),
          }),
      };
    },
    async signed(accountId, contract) {
      const { store, organization } = await storeFor(accountId, contract.subjectId, true);
      if (!store.contractSignedAt) {
        await repo.signContract(store.id, accountId, deps.clock.now());
        await repo.updateOrganization(organization.id, { contractSigned: true });
      }
      return {};
    },
  };

  return {
    storeContractKind: contractKind,

    async businessProfile(accountId: string, organizationId: string) {
      return view(await organizationFor(accountId, organizationId, false));
    },

    async saveBusinessProfile(accountId: string, organizationId: string, body: Record<string, unknown>) {
      const organization = await organizationFor(accountId, organizationId, true);
      if (organization.status !== 'approved') throw new HttpError(409, 'organization is not approved yet');
      const errors = profileErrors(body);
      if (Object.keys(errors).length > 0) throw new HttpError(422, 'business profile is incomplete', errors);
      const profile: Record<string, string> = {};
      for (const key of PROFILE_FIELDS) {
        const value = typeof body[key] === 'string' ? (body[key] as string).trim() : '';
        if (value) profile[key] = value;
      }
      return view((await repo.updateOrganization(organization.id, { businessProfile: profile }))!);
    },

    async contract(accountId: string, storeId: string): Promise<StoreContract> {
      const { store, organization, canSign } = await storeFor(accountId, storeId, false);
      return {
        store_id: store.id,
        organization_id: organization.id,
        signed: store.contractSignedAt !== null,
        signed_at: store.contractSignedAt?.toISOString() ?? null,
        can_sign: canSign && organization.status === 'approved' && !!organization.businessProfile,
      };
    },

    async signContract(accountId: string, storeId: string, accept: boolean) {
      const { store, organization } = await storeFor(accountId, storeId, true);
      if (organization.status !== 'approved') throw new HttpError(409, 'organization is not approved yet');
      if (!organization.businessProfile)
        throw new HttpError(409, 'complete the business profile before signing the contract');
      if (accept !== true)
        throw new HttpError(422, 'the contract must be accepted', {
          '/accept': fieldError('validation:error.required'),
        });
      if (!store.contractSignedAt) {
        await repo.signContract(store.id, accountId, deps.clock.now());
        await repo.updateOrganization(organization.id, { contractSigned: true });
      }
      return this.contract(accountId, storeId);
    },

    async completeContract(accountId: string, storeId: string): Promise<ContractCompletion> {
      const { store, organization } = await storeFor(accountId, storeId, false);
      const completed = store.contractSignedAt !== null;
      if (completed && !organization.businessProfileCompleted)
        await repo.updateOrganization(organization.id, { businessProfileCompleted: true });
      return { completed };
    },
  };
}

export type OrganizationService = ReturnType<typeof createOrganizationService>;
