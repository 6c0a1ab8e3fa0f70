/**
 * Capital's requests and answers (capital spec §3, §7; src/server/routes/capital.ts; docs/capital.md), for the
 * server's routes and the web app's calls alike. The rules over them are in src/domain/capital/; the entity
 * types those rules read (`Offer`, `Loan`, `ApplicationRecord`, `ApplicationStep`, `Quote`) stay there, and the
 * checks at the end of this file make every answer here assignable to them — a field renamed on either side
 * fails the type check.
 *
 * Answers built from an application's or a loan's stored document are open (`additionalProperties: true`): the
 * document's other fields (§3: shareholders, social networks, …) are answered as they are; the fields listed
 * here are the ones the web app reads, each typed.
 */
import type { Quote } from '../domain/capital/quote';
import type { ApplicationStep } from '../domain/capital/steps';
import {
  CAPITAL_USES,
  PLATFORMS,
  SIGNATORY_CODE_LENGTH,
  type ApplicationRecord as DomainRecord,
  type Loan as DomainLoan,
  type Offer as DomainOffer,
} from '../domain/capital/types';
import { NullableString, Nullable, OneOf, Type, type Assignable, type Static, type TSchema } from './common';

const OPEN = { additionalProperties: true } as const;
const Id = Type.String({ minLength: 1, maxLength: 100 });
const Text = Type.String({ maxLength: 2000 });
const UrlText = Type.String({ maxLength: 2048 });
const Phone = Type.String({ pattern: '^\\+[0-9]{8,15}$' });
const Email = Type.String({ format: 'email', maxLength: 254 });
// §5: both may come as their digits in a string too (routes/capital.ts reads them as numbers before validation).
const Amount = Type.Number({ minimum: 0, maximum: 1e9, description: 'a number, or its digits as a string' });
const Tenor = Type.Integer({
  minimum: 0,
  maximum: 520,
  description: 'weeks: a number, or its digits as a string',
});
/** A request body's object: the fields named, nothing else. */
const Body = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });
const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);

/** §3 Offer. */
export const Offer = Type.Object(
  {
    id: Type.String(),
    merchant_id: Type.String(),
    store_id: NullableString(),
    merchant_name: Type.String(),
    amount: Type.Number(),
    currency: Type.String(),
    tenor: Type.Integer(),
    repayment_rate: Type.Number(),
    tags: Type.Array(Type.String()),
    weekly_fee_percent: Opt(
      Type.Number({ description: 'ours: the fee of each week, in percent of the amount' }),
    ),
    metadata: Opt(
      Type.Object(
        {
          early_payoff_loan_deduction: Opt(Type.Number()),
          early_payoff_loan_resulting_amount: Opt(Type.Number()),
        },
        OPEN,
      ),
    ),
  },
  OPEN,
);
export type Offer = Static<typeof Offer>;
export const Offers = Type.Object({ items: Type.Array(Offer) });

/** §7 calculate: the quote of an amount and tenor on an offer. */
export const QuoteBody = Body({ amount: Amount, tenor: Tenor });
export const QuoteAnswer = Type.Object(
  {
    amount: Type.Number(),
    tenor: Type.Integer(),
    fee_percent: Type.Number(),
    fee_amount: Type.Number(),
    total_amount: Type.Number(),
    min_repayment_amount: Type.Number(),
    weekly_fee_amount: Type.Number(),
    currency: Type.String(),
  },
  OPEN,
);
export type QuoteAnswer = Static<typeof QuoteAnswer>;

const Repayment = Type.Object(
  {
    id: Type.String(),
    date: Type.String(),
    repayment_type: Type.String({ description: '`early_pay_off`, or anything else for a weekly deduction' }),
    amount: Type.Number(),
    payment_amount: Type.Number(),
    status: Opt(Nullable(OneOf(['paid', 'pending', 'failed'] as const))),
  },
  OPEN,
);

/** §3 Loan, with the share repaid worked out. */
export const Loan = Type.Object(
  {
    id: Type.String(),
    merchant_id: Type.String(),
    status: Type.String(),
    currency: Type.String(),
    amount: Type.Number(),
    fee_amount: Type.Number(),
    amount_vat: Type.Number({ description: 'the total owed' }),
    paid_amount: Type.Number(),
    repaid_percent: Type.Number(),
    tenor: Type.Integer(),
    repayment_rate: Type.Number(),
    minimum_repayment_amount: Type.Number(),
    next_repayment_date: NullableString(),
    tags: Type.Array(Type.String()),
    early_pay_off: Opt(
      Nullable(Type.Object({ repayment_amount: Type.Number(), capital_amount: Type.Number() }, OPEN)),
    ),
    legal_info: Opt(
      Nullable(Type.Object({ company_name: Opt(NullableString()), legal_name: Opt(NullableString()) }, OPEN)),
    ),
    direct_debit: Opt(Nullable(Type.Object({ status: Type.String() }, OPEN))),
    authorized_signatory: Opt(Nullable(Type.Object({ phone: Opt(Type.String()) }, OPEN))),
    contract_id: Opt(
      NullableString({ description: 'the contract signed inside the product (docs/contracts.md)' }),
    ),
    disbursement: Opt(
      Nullable(
        Type.Object(
          {
            destination: OneOf(['bank', 'wallet'] as const),
            iban: Opt(NullableString()),
            bank_name: Opt(NullableString()),
            at: Opt(Type.String({ description: 'when it was paid out' })),
          },
          OPEN,
        ),
      ),
    ),
    repayments: Type.Array(Repayment),
    applied_at: Opt(NullableString()),
  },
  OPEN,
);
export type Loan = Static<typeof Loan>;
export const Loans = Type.Object({ items: Type.Array(Loan) });
export const LoanApplyBody = Body({ application_id: Id });
export const LoanApplied = Type.Object({ loan_id: Type.String() });
/** The signatory's new phone, with the code sent to it (`POST …/loans/{id}/signatory-code`). */
export const LoanPatchBody = Body({
  authorized_signatory: Body({ phone: Phone }),
  code: Opt(Type.String({ pattern: '^[0-9]{4}$' })),
});
export const LoanPhoneCodeBody = Body({ phone: Phone });
export const LoanCodeSent = Type.Object({ sent: Type.Boolean(), resend_after: Type.Integer() });

/** An application's step (§3 steps; src/domain/capital/steps.ts). */
const Step = Type.Unsafe<ApplicationStep>({
  type: 'object',
  properties: {
    name: { type: 'string' },
    completed: { type: 'boolean' },
    optional: { type: 'boolean' },
    group_name: { type: 'string', enum: ['kyb_flow', 'full_revenue_flow'] },
  },
  additionalProperties: true,
});

/** §2 Approved summary: the terms of an approved application. */
const LoanTerms = Type.Object(
  {
    amount: Type.Number(),
    currency: Type.String(),
    fee_percent: Type.Number(),
    fee_amount: Type.Number(),
    minimum_repayment_amount: Type.Number(),
    tenor: Type.Integer(),
    start_date: Type.String({ description: 'yyyy-mm-dd' }),
    end_date: Type.String({ description: 'yyyy-mm-dd' }),
  },
  OPEN,
);

/** §3 Application: its answers as stored, with its terms once approved. */
export const Application = Type.Object(
  {
    id: Type.String(),
    application_id: Type.String(),
    merchant_id: Type.String(),
    offer_id: NullableString(),
    status: Type.String(),
    amount: Type.Number(),
    tenor: Type.Integer(),
    currency: Type.String(),
    reasons: Type.Array(Type.String()),
    steps: Type.Array(Step),
    created_at: Type.String(),
    updated_at: Type.String(),
    authorized_signatory: Opt(
      Type.Object({ name: Opt(Type.String()), email: Opt(Type.String()), phone: Opt(Type.String()) }, OPEN),
    ),
    legal_info: Opt(
      Type.Object(
        {
          company_name: Opt(Type.String()),
          cr_number: Opt(Type.String()),
          company_address: Opt(Type.String()),
        },
        OPEN,
      ),
    ),
    bank_details: Opt(Type.Object({ iban: Opt(Type.String()), bank_name: Opt(NullableString()) }, OPEN)),
    guarantor: Opt(Type.Object({ name: Opt(Type.String()) }, OPEN)),
    loan_terms: Nullable(LoanTerms),
    loan_id: Opt(NullableString({ description: 'the advance taken on it (its contract signed)' })),
  },
  OPEN,
);
export type Application = Static<typeof Application>;
/** The application of an offer, or null when it has none yet. */
export const ApplicationOrNone = Nullable(Application);

/** §3 "Application record on the list". */
export const ApplicationRecord = Type.Object(
  {
    application: Type.Object(
      { application_id: Type.String(), status: Type.String(), created_at: Type.String() },
      OPEN,
    ),
    offer: Type.Object({ amount_vat: Type.Number(), currency: Type.String() }, OPEN),
    sign_authority: Type.Object({ legal_name: NullableString() }, OPEN),
    merchant_id: Opt(Type.String()),
    offer_id: Opt(NullableString()),
  },
  OPEN,
);
export const ApplicationRecords = Type.Object({ items: Type.Array(ApplicationRecord) });

/** §7 create: an application on an offer, with the contact or the terms asked for. */
export const ApplicationCreateBody = Body({
  offer_id: Id,
  merchant_id: Opt(Id),
  store_id: Opt(Id),
  amount: Opt(Amount),
  tenor: Opt(Tenor),
  application: Opt(Body({ full_name: Text, email: Email, phone: Phone })),
});
export type ApplicationCreateBody = Static<typeof ApplicationCreateBody>;
export const ApplicationCreated = Type.Object({ id: Type.String(), application_id: Type.String() });

const FileRef = Body({ url: Opt(UrlText), name: Opt(Text) });
/** §7 PATCH application: the answers a wizard may send, each field's shape per §3. */
export const ApplicationPatchBody = Body({
  application_id: Opt(Id),
  amount: Opt(Amount),
  tenor: Opt(Tenor),
  authorized_signatory: Opt(
    Body({
      name: Opt(Text),
      email: Opt(Email),
      phone: Opt(Phone),
      national_id_number: Opt(Type.String({ pattern: '^[0-9]{15}$' })),
      national_id_url: Opt(UrlText),
    }),
  ),
  finance_signatory: Opt(Body({ name: Opt(Text), email: Opt(Email), phone: Opt(Phone) })),
  legal_info: Opt(
    Body({
      company_name: Opt(Text),
      cr_number: Opt(Type.String({ maxLength: 15 })),
      cr_file_url: Opt(UrlText),
      company_address: Opt(Text),
      license_metadata: Opt(
        Body({
          activities: Opt(Type.Array(Text, { maxItems: 50 })),
          issue_date: Opt(Type.String({ format: 'date' })),
          expiry_date: Opt(Type.String({ format: 'date' })),
        }),
      ),
    }),
  ),
  bank_statements: Opt(
    Type.Array(Body({ url: UrlText, password: Opt(Type.String({ maxLength: 200 })) }), {
      minItems: 1,
      maxItems: 24,
    }),
  ),
  shareholders: Opt(
    Type.Array(
      Body({
        name: Text,
        value: Type.Number(),
        type: OneOf(['company', 'individual'] as const),
        uae_resident: Opt(Type.Boolean()),
        documents: Opt(
          Body({
            passport: Opt(Body({ file: Opt(FileRef) })),
            national_id: Opt(Body({ file: Opt(FileRef) })),
          }),
        ),
      }),
      { maxItems: 20 },
    ),
  ),
  bank_details: Opt(Body({ iban: Type.String({ maxLength: 34 }), bank_name: Opt(Text) })),
  social_networks: Opt(
    Body({ instagram: Opt(Text), facebook: Opt(Text), others: Opt(Type.Array(UrlText, { maxItems: 10 })) }),
  ),
  location_details: Opt(
    Body({
      address: Opt(Text),
      google_maps_link: Opt(UrlText),
      rental_contract_url: Opt(UrlText),
      storefront_photo_url: Opt(UrlText),
    }),
  ),
});
export type ApplicationPatchBody = Static<typeof ApplicationPatchBody>;

/** §7 verify: the signatory's code. */
export const CodeBody = Body({
  code: Type.String({ pattern: `^[0-9]{${SIGNATORY_CODE_LENGTH}}$` }),
});
export const CodeSent = Type.Object({
  sent: Type.Boolean(),
  resend_after: Type.Integer({ description: 'seconds' }),
});
/** §7 submit (a body is optional). */
export const SubmitBody = Type.Unsafe<{ application_id?: string } | null>({
  type: ['object', 'null'],
  properties: { application_id: Id },
  additionalProperties: false,
});
/** §7 reset update: the fix of a reset application (its reason says which fields). */
export const ResetBody = Body({
  cr_file: Opt(UrlText),
  cr_number: Opt(Type.String({ maxLength: 15 })),
  registered_company_address: Opt(Text),
  company_name_or_legal_name: Opt(Text),
});
export type ResetBody = Static<typeof ResetBody>;

/** §3 Ecommerce connection: each platform, whether it is connected, where its consent page is. */
/** The connect widget's services take this as the engine's `Connections` (src/web/api/widgetServices.ts). */
export const Connections = Type.Object({
  sandbox: Type.Boolean(),
  items: Type.Array(
    Type.Object({ platform: Type.String(), connected: Type.Boolean(), consent_url: NullableString() }),
  ),
});
export const ConnectBody = Body({
  platform: OneOf(PLATFORMS),
  merchant_id: Id,
  public_token: Type.String({ minLength: 1, maxLength: 500 }),
});
export const Connected = Type.Object({ platform: Type.String(), connected: Type.Boolean() });

/** §7 IBAN lazy check. */
export const IbanBody = Body({
  iban: Type.String({ minLength: 1, maxLength: 60 }),
  flag: Opt(Type.Boolean()),
});
export const IbanChecked = Type.Object({
  is_valid: Type.Boolean(),
  bank_data: Type.Object({ bank_name: NullableString() }),
});

/** §2 Waitlist page: the account's entry. */
export const Waitlist = Type.Object({
  joined: Type.Boolean(),
  stores: Type.Array(Type.String()),
  capitalUse: NullableString(),
  otherUse: NullableString(),
});
export type Waitlist = Static<typeof Waitlist>;
export const WaitlistBody = Body({
  stores: Type.Array(Id, { minItems: 1, maxItems: 100 }),
  capitalUse: OneOf(CAPITAL_USES),
  otherUse: Opt(Type.String({ maxLength: 500 })),
});

// The answers are what the rules read: each assignable to the domain's type (a rename on either side fails here).
export type Checks = [
  Assignable<Offer, DomainOffer>,
  Assignable<Loan, DomainLoan>,
  Assignable<Static<typeof ApplicationRecord>, DomainRecord>,
  Assignable<QuoteAnswer, Quote>,
];
