/**
 * Contracts signed inside the product (docs/contracts.md): the contract as the page reads it, and the signature.
 */
import { Instant, NullableString, OneOf, PAGE_ANSWER, Type, type Static } from './common';

const Body = <T extends Record<string, ReturnType<typeof Type.String>>>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

/** What the page shows, the same the PDF was rendered from. */
const ContractDocument = Type.Object({
  title: Type.String(),
  direction: OneOf(['ltr', 'rtl'] as const),
  terms: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
  sections: Type.Array(Type.Object({ heading: Type.String(), paragraphs: Type.Array(Type.String()) })),
});

export const ContractView = Type.Object(
  {
    id: Type.String(),
    kind: OneOf(['capital_loan', 'store'] as const),
    subject_id: Type.String(),
    status: OneOf(['prepared', 'signed'] as const),
    language: Type.String(),
    document: ContractDocument,
    document_sha256: Type.String({ description: 'the SHA-256 of the PDF as read (document.pdf)' }),
    phone: Type.String({ description: "the signatory's phone, masked: where the code goes" }),
    code_sent_at: NullableString(),
    signed: Type.Union([
      Type.Object({ name: Type.String(), at: Type.String(), sha256: Type.String() }),
      Type.Null(),
    ]),
    loan_id: Type.Optional(
      NullableString({ description: 'a capital contract: the loan its signature made' }),
    ),
  },
  { additionalProperties: true },
);
export type ContractView = Static<typeof ContractView>;

export const ContractPrepareBody = Type.Union([
  Type.Object({ language: Type.Optional(OneOf(['en', 'ar'] as const)) }, { additionalProperties: false }),
  Type.Null(),
]);

export const ContractSignBody = Body({
  name: Type.String({ minLength: 1, maxLength: 120 }),
  signature: Type.String({ maxLength: 300_000, description: 'the drawn signature, a PNG data URL' }),
  code: Type.String({ pattern: '^[0-9]{4}$' }),
  document_sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});
export type ContractSignBody = Static<typeof ContractSignBody>;

export const ContractCodeSent = Type.Object({
  sent: Type.Boolean(),
  phone: Type.String(),
  resend_after: Type.Integer(),
});

/** The provider's staff: the signed contracts, found by a part of the merchant's or signer's name or the id. */
export const SignedContractsQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({
        maxLength: 100,
        description: "part of the merchant's name, the signer's name or the id",
      }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
  },
  { additionalProperties: false },
);
export type SignedContractsQuery = Static<typeof SignedContractsQuery>;

export const SignedContract = Type.Object({
  id: Type.String(),
  kind: OneOf(['capital_loan', 'store'] as const),
  subject_id: Type.String(),
  merchant_name: Type.String(),
  language: Type.String(),
  signer_name: Type.String(),
  signed_at: Instant,
});
export type SignedContract = Static<typeof SignedContract>;

export const SignedContracts = Type.Object({ contracts: Type.Array(SignedContract), ...PAGE_ANSWER });
export type SignedContracts = Static<typeof SignedContracts>;
