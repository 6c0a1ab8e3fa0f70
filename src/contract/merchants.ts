/**
 * The merchant calls of onboarding spec §7 "Merchants" (docs/dashboard.md): the caller's merchants, one
 * merchant's application summary, its API keys (secrets masked) and their reveal after a fresh code, its legal
 * entity, its products; and the step-up code a reveal needs.
 */
import { Instant, Nullable, NullableString, OneOf, Type, type Static } from './common';
import { LegalEntity } from './legalEntities';

export const MerchantSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  country: Type.String(),
  currency: Type.String(),
  organization_id: NullableString(),
  role: Type.String(),
});
export const MerchantsAnswer = Type.Object({ merchants: Type.Array(MerchantSummary) });
export type MerchantsAnswer = Static<typeof MerchantsAnswer>;

/** A merchant's application as the dashboard reads it: its organization's review and onboarding records. */
export const MerchantApplication = Type.Object({
  merchant_id: Type.String(),
  organization_id: NullableString(),
  business_name: Type.String(),
  country: Type.String(),
  status: Type.String({ description: 'the organization’s review: pending, approved or rejected' }),
  business_profile_completed: Type.Boolean(),
  contract_signed: Type.Boolean(),
});
export type MerchantApplication = Static<typeof MerchantApplication>;

/** API keys as any workspace admin reads them: public keys whole, secret keys masked (onboarding spec §3). */
export const ApiKeys = Type.Object({
  public_key: NullableString(),
  secret_key: NullableString({ description: 'masked: its prefix and last 4 characters' }),
  test_public_key: Type.String(),
  test_secret_key: Type.String({ description: 'masked: its prefix and last 4 characters' }),
  has_production_keys: Type.Boolean(),
  has_test_keys: Type.Boolean(),
  created_at: Instant,
});
export type ApiKeys = Static<typeof ApiKeys>;

export const RevealBody = Type.Object(
  {
    environment: OneOf(['production', 'test'] as const),
    code: Type.String({ pattern: '^\\d{4,6}$', description: 'the step-up code just sent' }),
  },
  { additionalProperties: false },
);
export type RevealBody = Static<typeof RevealBody>;
export const RevealAnswer = Type.Object({ environment: Type.String(), secret_key: Type.String() });
export type RevealAnswer = Static<typeof RevealAnswer>;

/**
 * What a step-up code is for. A code is good only for the purpose it was asked for (issue 53, finding 1): a
 * transfer's code cannot reveal a card, nor a card's code an API key.
 */
export const STEP_UP_PURPOSES = ['api_key_reveal', 'wallet_transfer', 'card_reveal'] as const;
export type StepUpPurpose = (typeof STEP_UP_PURPOSES)[number];
export const StepUpBody = Type.Object(
  {
    purpose: OneOf(STEP_UP_PURPOSES, { description: 'what the code will be spent on' }),
    resend: Type.Optional(
      Type.Boolean({
        description:
          'a new code even though one sent within the resend interval is still valid (refused with 429 until the interval is over)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type StepUpBody = Static<typeof StepUpBody>;

/**
 * Where the code is. `sent: false` when a code for this purpose went out within the resend interval and is still
 * good: it is not sent again (a dialog opened twice does not cry "too many requests"), and `sent_at` says when.
 */
export const StepUpAnswer = Type.Object({
  sent: Type.Boolean({ description: 'false: the code sent at `sent_at` is still valid, none was sent now' }),
  sent_at: Instant,
  factor: OneOf(['phone', 'email'] as const),
  to: Type.String({ description: 'where the code went, masked' }),
  resend_after: Type.Integer({ description: 'seconds until a new code may be asked for' }),
});
export type StepUpAnswer = Static<typeof StepUpAnswer>;

export const MerchantLegalEntity = Type.Object({ legal_entity: Nullable(LegalEntity) });
export type MerchantLegalEntity = Static<typeof MerchantLegalEntity>;
/** The entity once its renewed licence is sent (its `renewal` set). */
export const RenewedLegalEntity = Type.Object({ legal_entity: LegalEntity });
export type RenewedLegalEntity = Static<typeof RenewedLegalEntity>;

export const MerchantProducts = Type.Object({
  products: Type.Array(Type.Object({ name: Type.String(), stores: Type.Array(Type.String()) })),
});
export type MerchantProducts = Static<typeof MerchantProducts>;

export const MERCHANT_PARAMS = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
