/**
 * What approving an onboarding application creates (issue 58; docs/review.md): the organization (approved, so the
 * dashboard gate sends the merchant on to the business profile), its merchant, its first store and its legal
 * entity, each from the application's answers, and the applicant as the merchant's workspace admin. Pure: the
 * repository writes these rows in the same transaction as the approval.
 *
 * Decisions where the spec is silent:
 * - The organization, the merchant and the store are named by the business name the merchant gave (the store's
 *   display name is the business profile's, given after approval); the store offers FIRST_STORE_PRODUCTS.
 * - The legal entity starts `active` with the licence, address, bank details and owners as answered; an owner's
 *   roles are the form's flags (`is_shareholder` → shareholder, …).
 * - A freelancer (no company owners) is their own and only owner, from the application's first and last name.
 */
import type { OwnerRole } from './legalEntities';
import type { Product } from './stores';

/**
 * What a new store offers until the provider's team changes it: pay later and instalments, the products every
 * market has (the dashboard opens for a store with products; commissions and payout schedules are the provider's
 * to set, so they start empty).
 */
export const FIRST_STORE_PRODUCTS: readonly Product[] = ['pay_later', 'installments'];

export interface ApprovalIds {
  organization: string;
  merchant: string;
  store: string;
  legalEntity: string;
}

export type ApprovedOwner = {
  id: string;
  name: string;
  kind: 'individual' | 'company';
  nationality: string | null;
  share: number;
  roles: OwnerRole[];
};

export interface ApprovedBusiness {
  organization: { id: string; name: string };
  merchant: { id: string; organizationId: string; name: string; country: string };
  store: { id: string; merchantId: string; name: string; country: string; availableProducts: Product[] };
  legalEntity: {
    id: string;
    merchantId: string;
    country: string;
    legalCompanyName: string;
    iban: string | null;
    bankName: string | null;
    licenseUrl: string | null;
    legalAddress: string | null;
    licenseExpiryDate: string | null;
    legalInfo: Record<string, unknown>;
    owners: ApprovedOwner[];
  };
}

type Answers = Record<string, unknown>;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const record = (value: unknown): Answers =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Answers) : {};

/** The form's owner flags and the legal entity's role each stands for. */
const ROLE_FLAGS: readonly [string, OwnerRole][] = [
  ['is_shareholder', 'shareholder'],
  ['is_senior_management', 'senior_management'],
  ['is_authorised_signatory', 'authorized_signatory'],
  ['is_ultimate_beneficial_owner', 'ultimate_beneficial_owner'],
];

/** The legal info the legal entity keeps beside its own columns (numbers and kinds, never documents). */
const LEGAL_INFO_KEPT = [
  'business_license_type',
  'commercial_registration_number',
  'unified_number',
  'vat_registration_number',
  'freelance_certificate_number',
] as const;

function owners(answers: Answers, legal: Answers, legalEntityId: string): ApprovedOwner[] {
  const listed = Array.isArray(legal.company_owners) ? legal.company_owners.map(record) : [];
  if (listed.length === 0) {
    const name = [text(answers.first_name), text(answers.last_name)].filter(Boolean).join(' ');
    return name
      ? [
          {
            id: `${legalEntityId}-owner-1`,
            name,
            kind: 'individual',
            nationality: text(legal.nationality) ?? text(answers.country_of_main_operations),
            share: 100,
            roles: ['shareholder', 'ultimate_beneficial_owner', 'authorized_signatory'],
          },
        ]
      : [];
  }
  return listed.map((owner, i) => ({
    id: `${legalEntityId}-owner-${i + 1}`,
    name: text(owner.name) ?? text(owner.company_name) ?? '—',
    kind: owner.type === 'company' ? 'company' : 'individual',
    nationality: text(owner.nationality),
    share: typeof owner.shares_percent === 'number' ? owner.shares_percent : 0,
    roles: ROLE_FLAGS.filter(([flag]) => owner[flag] === true).map(([, role]) => role),
  }));
}

/**
 * Whether the answers name a business and its country: what approval needs (the basic-info step asks both, so a
 * submitted application has them; one changed by hand in the database may not).
 */
export const canApprove = (answers: Answers): boolean =>
  text(answers.business_name) !== null && text(answers.country_of_main_operations) !== null;

/**
 * The records an approved application creates, named by `ids`.
 * @param answers - the application's answers as submitted (`canApprove` true)
 * @param ids - the new rows' ids (the caller makes them: the domain makes no random values)
 */
export function approvedBusiness(answers: Answers, ids: ApprovalIds): ApprovedBusiness {
  const legal = record(answers.legal_info);
  const bank = record(answers.bank_details);
  const country = text(answers.country_of_main_operations) ?? '';
  const name = text(answers.business_name) ?? '';
  const legalInfo = Object.fromEntries(
    LEGAL_INFO_KEPT.filter((key) => text(legal[key]) !== null).map((key) => [key, text(legal[key])]),
  );
  const businessType = text(record(legal.business_type).id);
  if (businessType) legalInfo.business_type = businessType;
  return {
    organization: { id: ids.organization, name },
    merchant: { id: ids.merchant, organizationId: ids.organization, name, country },
    store: {
      id: ids.store,
      merchantId: ids.merchant,
      name,
      country,
      availableProducts: [...FIRST_STORE_PRODUCTS],
    },
    legalEntity: {
      id: ids.legalEntity,
      merchantId: ids.merchant,
      country,
      legalCompanyName: text(legal.legal_company_name) ?? name,
      iban: text(bank.iban),
      bankName: text(bank.bank_name),
      licenseUrl: text(legal.license_url) ?? text(legal.freelance_certificate_url),
      legalAddress: text(legal.legal_address),
      licenseExpiryDate: text(legal.license_expiry_date),
      legalInfo,
      owners: owners(answers, legal, ids.legalEntity),
    },
  };
}
