/**
 * The merchant wallet (shell spec §2.3, §6 canViewMerchantWallet; issue 35; docs/wallet.md): its balance (a sum of
 * its ledger, src/domain/wallet.ts balanceOf), its movements with filters, where the merchant's payouts go, and
 * transfers to the bank account on file after a fresh second-factor code.
 *
 * Scope: a merchant's wallet is the caller's when the caller's membership of it passes the spec's gate — the
 * experiment `merchant_wallet`, merchant access, payouts allowed, and the merchant check (its country is one the
 * wallet is offered in) — the same rule the sidebar computes (domain/permissions.ts). One wallet, where payouts
 * go and transfers are also its card holder's (canViewCard): the card spends the wallet. Another merchant's wallet
 * "does not exist" (404); a caller with none gets 403. The payout run settles a merchant before its wallet is
 * read, so the payouts it chose to take are in.
 */
import { randomUUID } from 'node:crypto';
import { isDay } from '../../domain/days';
import { decimalToMinor, minorToDecimal } from '../../domain/money';
import {
  balanceOf,
  checkTransfer,
  isMovementKind,
  isMovementStatus,
  movementStatus,
  transferLimits,
  walletCurrency,
  type MovementKind,
  type MovementStatus,
  type PayoutDestination,
} from '../../domain/wallet';
import { groupIban, maskIban } from '../../engine/core/iban';
import type { Movement, MovementsPage, MovementsQuery, TransferBody, Wallet } from '../../contract/wallet';
import type { Clock } from '../clock';
import { fieldError, HttpError, notFound, refuseProblems, type FieldError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { MovementCursor, MovementRow, WalletRepository } from '../repositories/wallet';
import { decodePageToken, encodePageToken } from './pageTokens';
import { valuesOf } from './listFilters';
import { requireMemberships, type Membership } from './memberships';

export interface WalletDeps {
  repository: WalletRepository;
  accounts: AccountRepository;
  /** The payout run (services/payouts/ settleDue): a merchant's payouts through today, before its wallet is read. */
  settle: (merchantIds: string[]) => Promise<unknown>;
  clock: Clock;
}

const maskedIban = (iban: string) => groupIban(maskIban(iban.replace(/\s+/g, '')));

/** A movement as the API gives it, its status on `day` (domain/wallet.ts movementStatus); the card's payments too. */
export function presentMovement(row: MovementRow, day: string): Movement {
  return {
    id: row.id,
    kind: row.kind as MovementKind,
    status: movementStatus({ kind: row.kind as MovementKind, amount: row.amountMinor, day: row.day }, day),
    amount: minorToDecimal(row.amountMinor, row.currency),
    currency: row.currency,
    day: row.day,
    at: row.createdAt.toISOString(),
    payout_id: row.payoutId,
    store_name: row.storeName,
    counterparty: row.counterparty,
    iban: row.iban ? maskedIban(row.iban) : null,
  };
}

export function createWalletService(deps: WalletDeps) {
  const context = walletContext(deps);
  return {
    ...balanceCalls(context),
    ...moneyCalls(context),
  };
}

/** What the calls share: the caller's wallet merchants, a wallet read as it is now. */
function walletContext(deps: WalletDeps) {
  const { repository, accounts, clock } = deps;
  const today = () => clock.now().toISOString().slice(0, 10);

  /**
   * The caller's wallet merchants; 403 with none. With `card`, also the merchants whose card the caller may see:
   * the card spends the wallet, so its holder reads the wallet's balance, chooses where payouts go and moves the
   * money to the bank from the card page even without the wallet page (docs/wallet.md "The card").
   */
  async function allowed(accountId: string, card = false): Promise<Membership[]> {
    return requireMemberships(accounts, accountId, (p) => p.canViewMerchantWallet || (card && p.canViewCard));
  }

  async function membershipOf(accountId: string, merchantId: string, card = false): Promise<Membership> {
    const membership = (await allowed(accountId, card)).find((m) => m.merchantId === merchantId);
    if (!membership) throw notFound();
    return membership;
  }

  /** A merchant's wallet as it is now (made the first time, in the merchant's currency). */
  async function walletOf(membership: Membership): Promise<Wallet> {
    const currency = walletCurrency(membership.merchantCountry);
    const day = today();
    const wallet = await repository.ensure(membership.merchantId, currency);
    const [rows, transfers, bank] = await Promise.all([
      repository.balanceRows(membership.merchantId, day),
      repository.dayTotals(membership.merchantId, 'transfer', day),
      repository.bankAccount(membership.merchantId),
    ]);
    const balance = balanceOf(rows, day);
    const limits = transferLimits(wallet.currency);
    const money = (minor: number) => minorToDecimal(minor, wallet.currency);
    return {
      merchant_id: membership.merchantId,
      merchant_name: membership.merchantName,
      currency: wallet.currency,
      available: money(balance.available),
      pending: money(balance.pending),
      in_transit: money(balance.in_transit),
      payout_destination: wallet.payoutDestination === 'wallet' ? 'wallet' : 'bank',
      bank: bank ? { iban: maskedIban(bank.iban), bank_name: bank.bankName } : null,
      limits: {
        min: money(limits.min_minor),
        max: money(limits.max_minor),
        daily: money(limits.daily_minor),
        daily_count: limits.daily_count,
        used_today: money(transfers.total),
        count_today: transfers.count,
      },
    };
  }

  return { deps, repository, accounts, clock, today, allowed, membershipOf, walletOf };
}
type WalletContext = ReturnType<typeof walletContext>;

/** The wallets and their movements. */
function balanceCalls(context: WalletContext) {
  const { deps, repository, today, allowed, membershipOf, walletOf } = context;
  return {
    async list(accountId: string): Promise<{ wallets: Wallet[] }> {
      const mine = await allowed(accountId);
      await deps.settle(mine.map((m) => m.merchantId));
      return { wallets: await Promise.all(mine.map(walletOf)) };
    },

    async get(accountId: string, merchantId: string): Promise<{ wallet: Wallet }> {
      const membership = await membershipOf(accountId, merchantId, true);
      await deps.settle([merchantId]);
      return { wallet: await walletOf(membership) };
    },

    /** A page of movements, newest first; bad filters 400 naming each. */
    async movements(accountId: string, merchantId: string, input: MovementsQuery): Promise<MovementsPage> {
      const membership = await membershipOf(accountId, merchantId);
      await deps.settle([merchantId]);
      await repository.ensure(merchantId, walletCurrency(membership.merchantCountry));
      const problems: Record<string, FieldError> = {};
      const kinds = valuesOf(input.kinds);
      const badKind = kinds.find((k) => !isMovementKind(k));
      if (badKind) problems['/kinds'] = fieldError('validation:error.enum', { value: badKind });
      const statuses = valuesOf(input.statuses);
      const badStatus = statuses.find((s) => !isMovementStatus(s));
      if (badStatus) problems['/statuses'] = fieldError('validation:error.enum', { value: badStatus });
      for (const key of ['day_gte', 'day_lte'] as const)
        if (input[key] !== undefined && !isDay(input[key]))
          problems[`/${key}`] = fieldError('validation:error.format.date');
      if (input.day_gte && input.day_lte && input.day_gte > input.day_lte && !problems['/day_lte'])
        problems['/day_lte'] = fieldError('validation:error.dateOrder');
      refuseProblems(problems);
      let cursor: MovementCursor | undefined;
      if (input.page_token) {
        const { value, id } = decodePageToken(input.page_token, 'instant');
        cursor = { at: new Date(value), id };
      }
      const day = today();
      const size = input.page_size ?? 20;
      const rows = await repository.movements(
        {
          merchantId,
          kinds: kinds as MovementKind[],
          from: input.day_gte,
          to: input.day_lte,
          // A movement's status depends on today, so its filter is a condition on the day (the repository's).
          statuses: { among: statuses as MovementStatus[], today: day },
        },
        size + 1,
        cursor,
      );
      const page = rows.slice(0, size);
      const last = page.at(-1);
      return {
        movements: page.map((r) => presentMovement(r, day)),
        next_page_token:
          rows.length > size && last ? encodePageToken(last.createdAt.toISOString(), last.id) : null,
      };
    },
  };
}

/** Where payouts go, and transfers to the bank. */
function moneyCalls(context: WalletContext) {
  const { deps, repository, clock, today, membershipOf, walletOf } = context;
  return {
    /**
     * Where the merchant's payouts go. The payout run settles the merchant first, so what is due by today goes
     * where it went before; the change applies from the next payout run (tomorrow's payouts on).
     */
    async setDestination(
      accountId: string,
      merchantId: string,
      destination: PayoutDestination,
    ): Promise<{ wallet: Wallet }> {
      const membership = await membershipOf(accountId, merchantId, true);
      // Payouts to a bank account need one on file (issue 56: "No bank account on file" could be chosen).
      if (destination === 'bank' && !(await repository.bankAccount(merchantId)))
        throw new HttpError(409, 'no bank account on file', undefined, { reason: 'no_bank_account' });
      await deps.settle([merchantId]);
      await repository.ensure(merchantId, walletCurrency(membership.merchantCountry));
      await repository.setDestination(merchantId, destination, clock.now());
      return { wallet: await walletOf(membership) };
    },

    /**
     * Moves money to the bank account on file: the amount and the limits are checked before the code is (a
     * refusal does not spend a code), the code is checked and used up, then the balance and the day's totals are
     * checked again under the wallet's lock and the movement written.
     */
    async transfer(accountId: string, merchantId: string, body: TransferBody, stepUp: () => Promise<void>) {
      const membership = await membershipOf(accountId, merchantId, true);
      await deps.settle([merchantId]);
      const wallet = await repository.ensure(merchantId, walletCurrency(membership.merchantCountry));
      const amount = decimalToMinor(body.amount, wallet.currency);
      if (amount === null || amount <= 0)
        refuseProblems({ '/amount': fieldError('validation:error.amount', { currency: wallet.currency }) });
      const bank = await repository.bankAccount(merchantId);
      const day = today();
      const refuse = (reason: string) => {
        const limits = transferLimits(wallet.currency);
        const money = (minor: number) => minorToDecimal(minor, wallet.currency);
        return new HttpError(400, `transfer refused: ${reason}`, undefined, {
          reason,
          currency: wallet.currency,
          min: money(limits.min_minor),
          max: money(limits.max_minor),
          daily: money(limits.daily_minor),
          daily_count: limits.daily_count,
        });
      };
      const decide = (state: {
        movements: Parameters<typeof balanceOf>[0];
        day: { total: number; count: number };
      }) =>
        checkTransfer({
          amount: amount!,
          currency: wallet.currency,
          available: balanceOf(state.movements, day).available,
          today: state.day,
          hasBankAccount: bank !== null,
        });
      const before = decide({
        movements: await repository.balanceRows(merchantId, day),
        day: await repository.dayTotals(merchantId, 'transfer', day),
      });
      if (before) throw refuse(before);
      await stepUp();
      const result = await repository.spend({
        merchantId,
        today: day,
        kind: 'transfer',
        decide,
        movement: {
          id: `wt-${randomUUID()}`,
          amountMinor: -amount!,
          currency: wallet.currency,
          counterparty: bank!.bankName,
          iban: bank!.iban,
          accountId,
          createdAt: clock.now(),
        },
      });
      if ('refused' in result) throw refuse(result.refused);
      return { movement: presentMovement(result.row, day), wallet: await walletOf(membership) };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
