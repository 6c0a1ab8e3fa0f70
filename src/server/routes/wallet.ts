/**
 * The merchant wallet and the card (shell spec §2.3, §6; issue 35; docs/wallet.md). The spec names the web routes
 * (`finance/merchant-wallet`, `finance/card`) and the gates, not the calls; these are ours:
 *
 *   GET  /merchant/api/v1/wallets                                   the caller's wallets (balance, limits, bank)
 *   GET  /merchant/api/v1/wallets/:merchantId                       one wallet
 *   GET  /merchant/api/v1/wallets/:merchantId/movements             its movements (filters, page_token)
 *   PUT  /merchant/api/v1/wallets/:merchantId/payout-destination    where its payouts go: bank or wallet
 *   POST /merchant/api/v1/wallets/:merchantId/transfers             money to the bank, with a step-up code
 *   GET  /merchant/api/v1/cards                                     the caller's merchants' cards (or none yet)
 *   POST /merchant/api/v1/cards/application/:merchantId             applies: the card is issued at once
 *   POST /merchant/api/v1/cards/:id/freeze | /unfreeze              a frozen card declines every payment
 *   POST /merchant/api/v1/cards/:id/reveal                          its number and code, with a step-up code
 *   POST /dev/cards/:id/payments                                    the simulated card network (not in production)
 *
 * The step-up code is the API keys' (`POST /merchant/api/v1/auth/step-up`): one code, one transfer or reveal.
 */
import type { FastifyInstance } from 'fastify';
import {
  CardAnswer,
  CardApplicationBody,
  CardDetails,
  CardPaymentAnswer,
  CardPaymentBody,
  CardRevealBody,
  CardsAnswer,
  DestinationBody,
  MovementsPage,
  MovementsQuery,
  TransferAnswer,
  TransferBody,
  WALLET_PARAMS,
  WalletAnswer,
  WalletsAnswer,
} from '../../contract/wallet';
import { accountOf, requireSession } from '../auth/session';
import { answers, ID_PARAMS } from '../openapi';
import type { AuthService } from '../services/auth';
import type { CardService } from '../services/cards';
import type { WalletService } from '../services/wallet';

const tags = ['wallet'];
type ByMerchant = { Params: { merchantId: string } };
type ById = { Params: { id: string } };

export interface WalletRouteOptions {
  wallet: WalletService;
  cards: CardService;
  auth: AuthService;
  cardNetwork: boolean;
}

export async function walletRoutes(app: FastifyInstance, opts: WalletRouteOptions) {
  walletMoneyRoutes(app, opts);
  cardRoutes(app, opts);
}

/** The wallets: balances, movements, where payouts go, transfers to the bank. */
function walletMoneyRoutes(app: FastifyInstance, opts: WalletRouteOptions) {
  const { wallet, auth } = opts;
  const base = '/merchant/api/v1/wallets';

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'The caller’s merchant wallets: balance, pending, in transit, limits, bank account',
        response: answers({ 200: WalletsAnswer }),
      },
    },
    async (request) => wallet.list(accountOf(request)),
  );

  app.get<ByMerchant>(
    `${base}/:merchantId`,
    {
      schema: {
        tags,
        summary: 'One merchant wallet',
        params: WALLET_PARAMS,
        response: answers({ 200: WalletAnswer }),
      },
    },
    async (request) => wallet.get(accountOf(request), request.params.merchantId),
  );

  app.get<ByMerchant & { Querystring: MovementsQuery }>(
    `${base}/:merchantId/movements`,
    {
      schema: {
        tags,
        summary: 'A page of the wallet’s movements, newest first',
        params: WALLET_PARAMS,
        querystring: MovementsQuery,
        response: answers({ 200: MovementsPage }),
      },
    },
    async (request) => wallet.movements(accountOf(request), request.params.merchantId, request.query),
  );

  app.put<ByMerchant & { Body: DestinationBody }>(
    `${base}/:merchantId/payout-destination`,
    {
      schema: {
        tags,
        summary: 'Where the merchant’s payouts go from the next payout run: its bank account or the wallet',
        params: WALLET_PARAMS,
        body: DestinationBody,
        response: answers({ 200: WalletAnswer }),
      },
    },
    async (request) =>
      wallet.setDestination(accountOf(request), request.params.merchantId, request.body.destination),
  );

  app.post<ByMerchant & { Body: TransferBody }>(
    `${base}/:merchantId/transfers`,
    {
      schema: {
        tags,
        summary:
          'Moves money to the bank account on file, after the step-up code just sent (the code is used up)',
        params: WALLET_PARAMS,
        body: TransferBody,
        response: answers({ 200: TransferAnswer }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      return wallet.transfer(session.accountId, request.params.merchantId, request.body, () =>
        auth.verifyStepUp(session, 'wallet_transfer', request.body.code),
      );
    },
  );
}

/** The wallet's card: applying, freezing and unfreezing, its details revealed after a step-up code. */
function cardRoutes(app: FastifyInstance, opts: WalletRouteOptions) {
  const { cards, auth } = opts;

  app.get(
    '/merchant/api/v1/cards',
    {
      schema: {
        tags,
        summary: 'The card of each of the caller’s merchants (or none yet), what it may spend, its payments',
        response: answers({ 200: CardsAnswer }),
      },
    },
    async (request) => cards.list(accountOf(request)),
  );

  app.post<ByMerchant & { Body: CardApplicationBody }>(
    '/merchant/api/v1/cards/application/:merchantId',
    {
      schema: {
        tags,
        summary: 'Applies for the merchant’s virtual card: issued at once; 409 when it has one',
        params: WALLET_PARAMS,
        body: CardApplicationBody,
        response: answers({ 200: CardAnswer }),
      },
    },
    async (request) => cards.apply(accountOf(request), request.params.merchantId, request.body),
  );

  for (const [action, status] of [
    ['freeze', 'frozen'],
    ['unfreeze', 'active'],
  ] as const)
    app.post<ById>(
      `/merchant/api/v1/cards/:id/${action}`,
      {
        schema: {
          tags,
          summary:
            action === 'freeze'
              ? 'Freezes the card: every payment is declined until it is unfrozen'
              : 'Unfreezes the card',
          params: ID_PARAMS,
          body: { type: 'object', properties: {}, description: 'nothing (an empty object, or no body)' },
          response: answers({ 200: CardAnswer }),
        },
      },
      async (request) => cards.setStatus(accountOf(request), request.params.id, status),
    );

  app.post<ById & { Body: CardRevealBody }>(
    '/merchant/api/v1/cards/:id/reveal',
    {
      schema: {
        tags,
        summary: 'The card’s number, code and expiry, after the step-up code just sent (the code is used up)',
        params: ID_PARAMS,
        body: CardRevealBody,
        response: answers({ 200: CardDetails }),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const details = await cards.reveal(session.accountId, request.params.id, () =>
        auth.verifyStepUp(session, 'card_reveal', request.body.code),
      );
      // A card's number is never kept by a cache between here and the browser.
      void reply.header('cache-control', 'no-store');
      return details;
    },
  );

  if (opts.cardNetwork)
    app.post<ById & { Body: CardPaymentBody }>(
      '/dev/cards/:id/payments',
      {
        schema: {
          tags: ['development (not in production)'],
          summary: 'The simulated card network: a payment with the card, approved or declined',
          params: ID_PARAMS,
          body: CardPaymentBody,
          response: answers({ 200: CardPaymentAnswer }),
        },
      },
      async (request) => cards.pay(request.params.id, request.body),
    );
}
