/**
 * The merchant's virtual card (shell spec §2.3 "Finance: … card", §6 "Card: payouts allowed and virtual cards
 * enabled"; issue 35; docs/wallet.md "The card"): its state and masked number, its details after a fresh
 * second-factor code, freeze and unfreeze, its application when there is none, and its payments, which spend the
 * merchant wallet's available balance (src/domain/wallet.ts authorise).
 *
 * The issuer is simulated: a card's number is a Luhn-valid number in a test range (never a real card's), kept
 * with its code in `virtual_cards`, and the card network's payment requests come through `POST
 * /dev/cards/{id}/payments` (absent in production). Scope as the wallet's: a merchant whose membership opens
 * canViewCard; another merchant's card "does not exist" (404); a caller with none, 403.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { decimalToMinor, minorToDecimal } from '../../domain/money';
import {
  authorise,
  balanceOf,
  cardDailyLimit,
  isHolderName,
  testCardNumber,
  maskCardNumber,
  walletCurrency,
  type CardStatus,
} from '../../domain/wallet';
import type {
  Card,
  CardApplicationBody,
  CardDetails,
  CardHolder,
  CardPaymentAnswer,
  CardPaymentBody,
} from '../../contract/wallet';
import type { Clock } from '../clock';
import { fieldError, HttpError, notFound, refuseProblems } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { CardRow, WalletRepository } from '../repositories/wallet';
import { requireMemberships, type Membership } from './memberships';
import { presentMovement } from './wallet';

export interface CardDeps {
  repository: WalletRepository;
  accounts: AccountRepository;
  settle: (merchantIds: string[]) => Promise<unknown>;
  clock: Clock;
}

/** A fresh Luhn-valid 16-digit number in the issuer's test range. */
export function newCardNumber(): string {
  let digits = '';
  while (digits.length < 9) digits += String(randomInt(10));
  return testCardNumber(digits);
}

const expiryOf = (card: CardRow) =>
  `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`;

export function createCardService(deps: CardDeps) {
  const { repository, accounts, clock } = deps;
  const today = () => clock.now().toISOString().slice(0, 10);

  async function allowed(accountId: string): Promise<Membership[]> {
    return requireMemberships(accounts, accountId, (p) => p.canViewCard);
  }
  async function membershipOf(accountId: string, merchantId: string) {
    const membership = (await allowed(accountId)).find((m) => m.merchantId === merchantId);
    if (!membership) throw notFound();
    return membership;
  }
  /** A card of the caller's merchants, with its membership; 404 for any other. */
  async function cardOf(accountId: string, cardId: string) {
    const mine = await allowed(accountId);
    const card = await repository.cardById(cardId);
    const membership = card && mine.find((m) => m.merchantId === card.merchantId);
    if (!card || !membership) throw notFound();
    return { card, membership };
  }

  const presentCard = (card: CardRow): Card => ({
    id: card.id,
    status: card.status as CardStatus,
    holder_name: card.holderName,
    number: maskCardNumber(card.number),
    last4: card.number.slice(-4),
    expiry: expiryOf(card),
    created_at: card.createdAt.toISOString(),
  });

  async function holderOf(membership: Membership): Promise<CardHolder> {
    const currency = walletCurrency(membership.merchantCountry);
    const wallet = await repository.ensure(membership.merchantId, currency);
    const day = today();
    const [card, rows, spent] = await Promise.all([
      repository.card(membership.merchantId),
      repository.balanceRows(membership.merchantId, day),
      repository.dayTotals(membership.merchantId, 'card', day),
    ]);
    const payments = card
      ? await repository.movements(
          { merchantId: membership.merchantId, kinds: ['card'], cardId: card.id },
          10,
        )
      : [];
    const money = (minor: number) => minorToDecimal(minor, wallet.currency);
    return {
      merchant_id: membership.merchantId,
      merchant_name: membership.merchantName,
      currency: wallet.currency,
      card: card ? presentCard(card) : null,
      available: money(balanceOf(rows, day).available),
      daily_limit: money(cardDailyLimit(wallet.currency)),
      spent_today: money(spent.total),
      payout_destination: wallet.payoutDestination === 'wallet' ? 'wallet' : 'bank',
      payments: payments.map((p) => presentMovement(p, day)),
    };
  }

  return {
    async list(accountId: string): Promise<{ cards: CardHolder[] }> {
      const mine = await allowed(accountId);
      await deps.settle(mine.map((m) => m.merchantId));
      return { cards: await Promise.all(mine.map(holderOf)) };
    },

    /**
     * Applies for the merchant's card: issued at once (virtual), in the holder's name as printed, valid three
     * years; the merchant's payouts go where the application says from the next payout run. 409 when the
     * merchant has a card already.
     */
    async apply(
      accountId: string,
      merchantId: string,
      body: CardApplicationBody,
    ): Promise<{ card: CardHolder }> {
      const membership = await membershipOf(accountId, merchantId);
      const holder = body.holder_name.trim().replace(/\s+/g, ' ');
      if (!isHolderName(holder))
        refuseProblems({ '/holder_name': fieldError('wallet:card.application.holderNameRule') });
      await deps.settle([merchantId]);
      await repository.ensure(merchantId, walletCurrency(membership.merchantCountry));
      const now = clock.now();
      const issued = await repository.insertCard({
        id: `card-${randomUUID()}`,
        merchantId,
        status: 'active',
        holderName: holder.toUpperCase(),
        number: newCardNumber(),
        cvc: String(randomInt(1000)).padStart(3, '0'),
        expiryMonth: now.getUTCMonth() + 1,
        expiryYear: now.getUTCFullYear() + 3,
        accountId,
        createdAt: now,
      });
      if (!issued) throw new HttpError(409, 'the merchant has a card already');
      await repository.setDestination(merchantId, body.payout_destination, now);
      return { card: await holderOf(membership) };
    },

    /** Freezes or unfreezes a card: a frozen card declines every payment until it is unfrozen. */
    async setStatus(accountId: string, cardId: string, status: CardStatus): Promise<{ card: CardHolder }> {
      const { card, membership } = await cardOf(accountId, cardId);
      if (card.status !== status) await repository.setCardStatus(card.id, status, clock.now());
      return { card: await holderOf(membership) };
    },

    /** The card's number, code and expiry, once per fresh second-factor code (the code is used up). */
    async reveal(accountId: string, cardId: string, stepUp: () => Promise<void>): Promise<CardDetails> {
      const { card } = await cardOf(accountId, cardId);
      await stepUp();
      return {
        number: card.number.replace(/(\d{4})(?=\d)/g, '$1 '),
        cvc: card.cvc,
        expiry: expiryOf(card),
        holder_name: card.holderName,
      };
    },

    /**
     * The (simulated) card network's payment request: approved when the card is active, within its daily limit
     * and the wallet's available balance — checked under the wallet's lock — and then taken from the wallet.
     */
    async pay(cardId: string, body: CardPaymentBody): Promise<CardPaymentAnswer> {
      const card = await repository.cardById(cardId);
      if (!card) throw notFound();
      const wallet = await repository.ensure(
        card.merchantId,
        walletCurrency(await countryOf(card.merchantId)),
      );
      const amount = decimalToMinor(body.amount, wallet.currency);
      if (amount === null || amount <= 0)
        refuseProblems({ '/amount': fieldError('validation:error.amount', { currency: wallet.currency }) });
      await deps.settle([card.merchantId]);
      const day = today();
      const result = await repository.spend({
        merchantId: card.merchantId,
        today: day,
        kind: 'card',
        decide: (state) =>
          authorise({
            status: (state.card?.status ?? 'frozen') as CardStatus,
            amount: amount!,
            currency: wallet.currency,
            available: balanceOf(state.movements, day).available,
            spentToday: state.day.total,
          }),
        movement: {
          id: `wc-${randomUUID()}`,
          amountMinor: -amount!,
          currency: wallet.currency,
          cardId: card.id,
          counterparty: body.payee.trim(),
          createdAt: clock.now(),
        },
      });
      if ('refused' in result) return { approved: false, decline: result.refused, movement: null };
      return { approved: true, decline: null, movement: presentMovement(result.row, day) };
    },
  };

  async function countryOf(merchantId: string): Promise<string> {
    return (await accounts.merchantCountry(merchantId)) ?? 'ARE';
  }
}

export type CardService = ReturnType<typeof createCardService>;
