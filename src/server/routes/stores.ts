/**
 * A store's detail (onboarding spec §7 "Stores"; docs/stores.md). Paths are the spec's; shapes are ours:
 *
 *   GET /merchant/api/v1/stores/:id               the store: merchant, currency, products, contract state
 *   GET /merchant/api/v1/stores/:id/commissions   what the provider charges per product
 *   GET /merchant/api/v1/stores/:id/schedules     when its money is paid out, per product, with the next day
 *
 * The list, the available products and the contract calls live with the account and organization routes.
 */
import type { FastifyInstance } from 'fastify';
import { PAYOUT_FREQUENCIES, PRODUCTS } from '../../domain/stores';
import { requireSession } from '../auth/session';
import { answers, ID_PARAMS, open } from '../openapi';
import type { StoreService } from '../services/stores';

const tags = ['stores'];

const COMMISSION = open({
  product: { type: 'string', enum: [...PRODUCTS] },
  rate_percent: { type: 'number', description: 'of each order’s amount' },
  fixed_fee_minor: { type: 'integer', description: 'per order, in the currency’s minor units' },
  currency: { type: 'string' },
});

const SCHEDULE = open({
  product: { type: 'string', enum: [...PRODUCTS] },
  frequency: { type: 'string', enum: [...PAYOUT_FREQUENCIES] },
  weekday: { type: 'integer', description: 'weekly: 0 Sunday … 6 Saturday' },
  day_of_month: { type: 'integer', description: 'monthly: 1 … 28' },
  delay_days: { type: 'integer', description: 'days from an order’s capture to its payout' },
  minimum_minor: { type: 'integer', description: 'below this the money waits for the next payout' },
  currency: { type: 'string' },
  next_payout_on: { type: 'string', description: 'yyyy-mm-dd, on or after today' },
});

export async function storeRoutes(app: FastifyInstance, opts: { stores: StoreService }) {
  const { stores } = opts;
  const base = '/merchant/api/v1/stores/:id';
  const who = (request: Parameters<typeof requireSession>[0]) => requireSession(request).accountId;

  app.get<{ Params: { id: string } }>(
    base,
    {
      schema: {
        tags,
        summary: 'One store (workspace admins)',
        params: ID_PARAMS,
        response: answers({
          200: open({
            id: { type: 'string' },
            name: { type: 'string' },
            country: { type: 'string' },
            currency: { type: 'string' },
            merchant_id: { type: 'string' },
            merchant_name: { type: 'string' },
            organization_id: { type: ['string', 'null'] },
            available_products: { type: 'array', items: { type: 'string' } },
            contract_signed: { type: 'boolean' },
            contract_signed_at: { type: ['string', 'null'] },
            created_at: { type: 'string' },
          }),
        }),
      },
    },
    async (request) => stores.get(who(request), request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    `${base}/commissions`,
    {
      schema: {
        tags,
        summary: 'A store’s commissions, per product, in the merchant’s currency',
        params: ID_PARAMS,
        response: answers({
          200: open({ currency: { type: 'string' }, items: { type: 'array', items: COMMISSION } }),
        }),
      },
    },
    async (request) => stores.commissions(who(request), request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    `${base}/schedules`,
    {
      schema: {
        tags,
        summary: 'A store’s payout schedules, per product, in the merchant’s currency',
        params: ID_PARAMS,
        response: answers({
          200: open({ currency: { type: 'string' }, items: { type: 'array', items: SCHEDULE } }),
        }),
      },
    },
    async (request) => stores.schedules(who(request), request.params.id),
  );
}
