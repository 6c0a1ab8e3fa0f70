/**
 * The merchant wallet's and the card's requests and answers (shell spec §2.3 "Finance: merchant wallet … card";
 * issue 35; docs/wallet.md; src/server/routes/wallet.ts), for the server and the web app alike. Amounts are decimal
 * strings with the currency's decimals; days are yyyy-mm-dd (UTC).
 */
import { CARD_STATUSES, MOVEMENT_KINDS, MOVEMENT_STATUSES, PAYOUT_DESTINATIONS } from '../domain/wallet';
import {
  Instant,
  Nullable,
  NullableString,
  OneOf,
  Type,
  ValueList,
  type Static,
  OF_MERCHANT,
  TokenPage,
} from './common';

const Amount = (description: string) => Type.String({ description: `${description}; a decimal` });

export const BankAccount = Type.Object({
  iban: Type.String({ description: 'with its hidden digits, grouped by four' }),
  bank_name: NullableString(),
});

export const Wallet = Type.Object({
  ...OF_MERCHANT,
  currency: Type.String(),
  available: Amount('what can be moved out or spent now'),
  pending: Amount('payouts credited today, available tomorrow'),
  in_transit: Amount('transfers of today on their way to the bank (already taken from available)'),
  payout_destination: OneOf(PAYOUT_DESTINATIONS, { description: 'where the next payouts go' }),
  /** The bank account on file (the first legal entity’s); null without one. */
  bank: Nullable(BankAccount),
  limits: Type.Object({
    min: Amount('the least one transfer moves'),
    max: Amount('the most one transfer moves'),
    daily: Amount('what a day’s transfers move in all'),
    daily_count: Type.Integer({ description: 'how many transfers a day' }),
    used_today: Amount('what today’s transfers moved'),
    count_today: Type.Integer(),
  }),
});
export type Wallet = Static<typeof Wallet>;

export const WalletsAnswer = Type.Object({
  wallets: Type.Array(Wallet, { description: 'one per merchant of the caller’s that may hold a wallet' }),
});
export type WalletsAnswer = Static<typeof WalletsAnswer>;
export const WalletAnswer = Type.Object({ wallet: Wallet });
export type WalletAnswer = Static<typeof WalletAnswer>;

export const Movement = Type.Object({
  id: Type.String(),
  kind: OneOf(MOVEMENT_KINDS, { description: 'payout in, transfer to the bank, card payment' }),
  status: OneOf(MOVEMENT_STATUSES),
  amount: Amount('signed: money in is positive'),
  currency: Type.String(),
  day: Type.String({ description: 'yyyy-mm-dd' }),
  at: Instant,
  payout_id: NullableString(),
  store_name: NullableString({ description: 'a payout’s store' }),
  counterparty: NullableString({ description: 'a card payment’s payee; a transfer’s bank' }),
  iban: NullableString({ description: 'a transfer’s account, its hidden digits hidden' }),
});
export type Movement = Static<typeof Movement>;

const MOVEMENT_FILTERS = {
  kinds: Type.Optional(ValueList(`any of ${MOVEMENT_KINDS.join(', ')}`)),
  statuses: Type.Optional(ValueList(`any of ${MOVEMENT_STATUSES.join(', ')}`)),
  day_gte: Type.Optional(Type.String({ maxLength: 10, description: 'the first day (yyyy-mm-dd)' })),
  day_lte: Type.Optional(Type.String({ maxLength: 10, description: 'the last day (yyyy-mm-dd)' })),
};
export const MovementsQuery = Type.Object(
  {
    ...MOVEMENT_FILTERS,
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    page_token: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type MovementsQuery = Static<typeof MovementsQuery>;
export const MovementsPage = TokenPage('movements', Movement);
export type MovementsPage = Static<typeof MovementsPage>;

export const DestinationBody = Type.Object(
  { destination: OneOf(PAYOUT_DESTINATIONS) },
  { additionalProperties: false },
);
export type DestinationBody = Static<typeof DestinationBody>;

export const TransferBody = Type.Object(
  {
    amount: Type.String({ maxLength: 20, description: 'a decimal in the wallet’s currency' }),
    code: Type.String({ pattern: '^\\d{4,6}$', description: 'the step-up code just sent' }),
  },
  { additionalProperties: false },
);
export type TransferBody = Static<typeof TransferBody>;
export const TransferAnswer = Type.Object({ movement: Movement, wallet: Wallet });
export type TransferAnswer = Static<typeof TransferAnswer>;

export const WALLET_PARAMS = Type.Object({ merchantId: Type.String({ minLength: 1, maxLength: 100 }) });

// ——— The card ———

export const Card = Type.Object({
  id: Type.String(),
  status: OneOf(CARD_STATUSES),
  holder_name: Type.String(),
  number: Type.String({ description: 'masked: its last four digits' }),
  last4: Type.String(),
  expiry: Type.String({ description: 'MM/YY' }),
  created_at: Instant,
});
export type Card = Static<typeof Card>;

export const CardHolder = Type.Object({
  ...OF_MERCHANT,
  currency: Type.String(),
  /** Null while the merchant has none: it may apply. */
  card: Nullable(Card),
  available: Amount('the wallet’s available balance, what the card spends'),
  daily_limit: Amount('the most the card pays in a day'),
  spent_today: Amount(''),
  payout_destination: OneOf(PAYOUT_DESTINATIONS),
  payments: Type.Array(Movement, { description: 'the card’s latest payments, newest first (10)' }),
});
export type CardHolder = Static<typeof CardHolder>;
export const CardsAnswer = Type.Object({
  cards: Type.Array(CardHolder, { description: 'one per merchant of the caller’s whose card it may see' }),
});
export type CardsAnswer = Static<typeof CardsAnswer>;
export const CardAnswer = Type.Object({ card: CardHolder });
export type CardAnswer = Static<typeof CardAnswer>;

export const CardApplicationBody = Type.Object(
  {
    holder_name: Type.String({ minLength: 2, maxLength: 26, description: 'as printed: letters and spaces' }),
    payout_destination: OneOf(PAYOUT_DESTINATIONS, {
      description: 'where the merchant’s payouts go from now on (the wallet lets the card spend them)',
    }),
    accept_terms: Type.Literal(true),
  },
  { additionalProperties: false },
);
export type CardApplicationBody = Static<typeof CardApplicationBody>;

export const CardRevealBody = Type.Object(
  { code: Type.String({ pattern: '^\\d{4,6}$', description: 'the step-up code just sent' }) },
  { additionalProperties: false },
);
export type CardRevealBody = Static<typeof CardRevealBody>;
export const CardDetails = Type.Object({
  number: Type.String(),
  cvc: Type.String(),
  expiry: Type.String({ description: 'MM/YY' }),
  holder_name: Type.String(),
});
export type CardDetails = Static<typeof CardDetails>;

/** A card payment as the (simulated) card network asks for it: `POST /dev/cards/{id}/payments`, outside production. */
export const CardPaymentBody = Type.Object(
  {
    amount: Type.String({ maxLength: 20, description: 'a decimal in the card’s currency' }),
    payee: Type.String({ minLength: 1, maxLength: 80 }),
  },
  { additionalProperties: false },
);
export type CardPaymentBody = Static<typeof CardPaymentBody>;
export const CardPaymentAnswer = Type.Object({
  approved: Type.Boolean(),
  decline: NullableString({ description: 'card_frozen, insufficient_funds, daily_limit' }),
  movement: Nullable(Movement),
});
export type CardPaymentAnswer = Static<typeof CardPaymentAnswer>;
