/**
 * Legal entities' answers (onboarding spec §7 "Other"; src/server/routes/legalEntities.ts;
 * docs/legal-entities.md), for the server's routes and service and the web app's calls alike.
 */
import { LEGAL_ENTITY_STATUSES, OWNER_ROLES } from '../domain/legalEntities';
import { ChoiceList, Nullable, NullableString, OneOf, Type, type Static } from './common';

/** What every member reads of an entity: what the shell's alert and the licence reminder need. */
const ALERT_FIELDS = {
  id: Type.String(),
  merchant_id: Type.String(),
  status: OneOf(LEGAL_ENTITY_STATUSES),
  country: Type.String(),
  license_expiry_date: NullableString({ description: 'yyyy-mm-dd' }),
};

/** What its workspace admins read besides. */
const ADMIN_FIELDS = {
  legal_company_name: Type.String(),
  iban: NullableString(),
  license_url: NullableString(),
  bank_name: NullableString(),
  legal_address: NullableString(),
};

/**
 * A renewed licence the merchant sent, waiting for the provider's check (`POST …/merchant/{id}/legal_entity`;
 * docs/legal-entities.md "Renewing the licence"). The entity's status is the provider's to change.
 */
export const LicenceRenewal = Type.Object({
  license_url: Type.String(),
  license_expiry_date: Type.String({ description: 'yyyy-mm-dd' }),
  commercial_registration_number: NullableString(),
  sent_at: Type.String({ format: 'date-time' }),
  sent_by: Type.String({ description: 'the e-mail (else phone) of the admin who sent it' }),
});
export type LicenceRenewal = Static<typeof LicenceRenewal>;

/** What a workspace admin sends to renew the licence. */
export const RenewLicenceBody = Type.Object(
  {
    license_url: Type.String({ minLength: 1, maxLength: 500, description: 'an address an upload answered' }),
    license_expiry_date: Type.String({
      minLength: 1,
      maxLength: 10,
      description: 'yyyy-mm-dd, at least two weeks from today',
    }),
    commercial_registration_number: Type.Optional(Type.String({ maxLength: 15 })),
    legal_entity_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          'which of the merchant’s entities (one per licensed country); default: its first, as GET reads',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RenewLicenceBody = Static<typeof RenewLicenceBody>;

export const LegalEntityAlert = Type.Object(ALERT_FIELDS);
export type LegalEntityAlert = Static<typeof LegalEntityAlert>;

/** An entity as its workspace admins read it. */
export const LegalEntity = Type.Object({
  ...ALERT_FIELDS,
  ...ADMIN_FIELDS,
  renewal: Nullable(LicenceRenewal),
});
export type LegalEntity = Static<typeof LegalEntity>;

/**
 * An entity in the list: every member's entities, the admin fields only of those whose merchant the caller
 * administers.
 */
export const LegalEntityListItem = Type.Object({
  ...ALERT_FIELDS,
  legal_company_name: Type.Optional(ADMIN_FIELDS.legal_company_name),
  iban: Type.Optional(ADMIN_FIELDS.iban),
  license_url: Type.Optional(ADMIN_FIELDS.license_url),
  bank_name: Type.Optional(ADMIN_FIELDS.bank_name),
  legal_address: Type.Optional(ADMIN_FIELDS.legal_address),
  renewal: Type.Optional(Nullable(LicenceRenewal)),
});
export type LegalEntityListItem = Static<typeof LegalEntityListItem>;

export const LegalEntitiesQuery = Type.Object(
  {
    status: Type.Optional(ChoiceList(LEGAL_ENTITY_STATUSES)),
    request_id: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export const LegalEntities = Type.Object({ items: Type.Array(LegalEntityListItem) });

/** One entity with the rest of its legal info (licence type and number, unified number, VAT …). */
export const LegalEntityDetail = Type.Object({
  ...ALERT_FIELDS,
  ...ADMIN_FIELDS,
  legal_info: Type.Record(Type.String(), Type.Unknown()),
  owners_count: Type.Integer(),
  renewal: Nullable(LicenceRenewal),
});
export type LegalEntityDetail = Static<typeof LegalEntityDetail>;

export const Owner = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: OneOf(['individual', 'company'] as const),
  nationality: Type.Optional(Type.String()),
  share: Type.Number({ description: 'percent' }),
  roles: Type.Optional(Type.Array(OneOf(OWNER_ROLES))),
});
export type Owner = Static<typeof Owner>;
export const Owners = Type.Object({ items: Type.Array(Owner) });

export const LegalEntitiesWithStores = Type.Object({
  items: Type.Array(
    Type.Object({
      ...ALERT_FIELDS,
      ...ADMIN_FIELDS,
      stores: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), country: Type.String() })),
    }),
  ),
});
