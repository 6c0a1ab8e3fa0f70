/**
 * The merchant wallet's and the card's calls (docs/wallet.md) as react-query hooks, one key factory for the
 * feature. Movements page by `next_page_token` ("Show more"); a transfer, a destination, an application, a freeze
 * or unfreeze answers with the wallet or card as it is now, which replaces the cached one.
 */
import { pagedListQuery } from '../../api/reads';
import { keepPreviousData, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, retryUnless4xx } from '../../api/client';
import { useChange } from '../../api/useChange';
import type {
  CardAnswer,
  CardApplicationBody,
  CardDetails,
  CardHolder,
  CardsAnswer,
  Movement,
  MovementsPage,
  TransferAnswer,
  Wallet,
  WalletAnswer,
  WalletsAnswer,
} from '../../../contract/wallet';
import type { PayoutDestination } from '../../../domain/wallet';
import { queryOf, type MovementFilters } from './filters';

export type { CardDetails, CardHolder, Movement, Wallet };

const W = '/merchant/api/v1/wallets';
const C = '/merchant/api/v1/cards';

export const walletKeys = {
  all: ['wallet'] as const,
  wallets: ['wallet', 'list'] as const,
  one: (merchantId: string) => ['wallet', 'one', merchantId] as const,
  movements: (merchantId: string, filters: MovementFilters) =>
    ['wallet', 'movements', merchantId, filters] as const,
  cards: ['wallet', 'cards'] as const,
};

export const useWallets = (enabled = true) =>
  useQuery({
    queryKey: walletKeys.wallets,
    enabled,
    queryFn: () => api<WalletsAnswer>('GET', W).then((r) => r.wallets),
    retry: retryUnless4xx,
  });

/** One merchant's wallet: the card page's (its holder may see the wallet's money without the wallet page). */
export const useWallet = (merchantId: string, enabled = true) =>
  useQuery({
    queryKey: walletKeys.one(merchantId),
    enabled,
    queryFn: () => api<WalletAnswer>('GET', `${W}/${encodeURIComponent(merchantId)}`).then((r) => r.wallet),
    retry: retryUnless4xx,
  });

export function useMovements(merchantId: string | undefined, filters: MovementFilters, enabled = true) {
  return useInfiniteQuery({
    ...pagedListQuery<MovementsPage>(
      walletKeys.movements(merchantId ?? '', filters),
      `${W}/${encodeURIComponent(merchantId ?? '')}/movements?${queryOf(filters)}`,
    ),
    enabled: enabled && merchantId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** A wallet as an answer gave it replaces the cached one; the movements are read again. */
function keepWallet(client: QueryClient, wallet: Wallet) {
  client.setQueryData<Wallet[]>(walletKeys.wallets, (list) =>
    list?.map((w) => (w.merchant_id === wallet.merchant_id ? wallet : w)),
  );
  client.setQueryData<Wallet>(walletKeys.one(wallet.merchant_id), wallet);
  void client.invalidateQueries({ queryKey: ['wallet', 'movements', wallet.merchant_id] });
  void client.invalidateQueries({ queryKey: walletKeys.cards });
}

export const useSetDestination = (merchantId: string) =>
  useChange({
    send: (destination: PayoutDestination) =>
      api<WalletAnswer>('PUT', `${W}/${encodeURIComponent(merchantId)}/payout-destination`, {
        destination,
      }).then((r) => r.wallet),
    keep: keepWallet,
  });

/** A transfer to the bank account, confirmed by a step-up code. */
export const useTransfer = (merchantId: string) =>
  useChange({
    send: ({ amount, code }: { amount: string; code: string }) =>
      api<TransferAnswer>('POST', `${W}/${encodeURIComponent(merchantId)}/transfers`, { amount, code }),
    keep: (client, answer) => keepWallet(client, answer.wallet),
  });

export const useCards = (enabled = true) =>
  useQuery({
    queryKey: walletKeys.cards,
    enabled,
    queryFn: () => api<CardsAnswer>('GET', C).then((r) => r.cards),
    retry: retryUnless4xx,
  });

/** A card as an answer gave it replaces the cached one; the wallet (its destination, its balance) is read again. */
function keepCard(client: QueryClient, card: CardHolder) {
  client.setQueryData<CardHolder[]>(walletKeys.cards, (list) =>
    list ? list.map((c) => (c.merchant_id === card.merchant_id ? card : c)) : [card],
  );
  void client.invalidateQueries({ queryKey: walletKeys.wallets });
  void client.invalidateQueries({ queryKey: walletKeys.one(card.merchant_id) });
}

export const useApplyForCard = (merchantId: string) =>
  useChange({
    send: (body: CardApplicationBody) =>
      api<CardAnswer>('POST', `${C}/application/${encodeURIComponent(merchantId)}`, body).then((r) => r.card),
    keep: keepCard,
  });

export const useFreezeCard = (cardId: string) =>
  useChange({
    send: (frozen: boolean) =>
      api<CardAnswer>(
        'POST',
        `${C}/${encodeURIComponent(cardId)}/${frozen ? 'freeze' : 'unfreeze'}`,
        {},
      ).then((r) => r.card),
    keep: keepCard,
  });

/**
 * The card's details behind a step-up code: a plain call, not a change, since nothing is kept — the details live
 * only in the page that asked for them, never in the query cache.
 */

export const revealCard = (cardId: string, code: string) =>
  api<CardDetails>('POST', `${C}/${encodeURIComponent(cardId)}/reveal`, { code });
