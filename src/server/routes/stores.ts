/**
 * A store's detail (onboarding spec §7 "Stores"; docs/stores.md). Paths are the spec's; shapes are ours:
 *
 *   GET /merchant/api/v1/stores/:id               the store: merchant, currency, products, contract state
 *   GET /merchant/api/v1/stores/:id/commissions   what the provider charges per product
 *   GET /merchant/api/v1/stores/:id/schedules     when its money is paid out, per product, with the next day
 *
 * The list, the available products and the contract calls live with the account and organization routes.
 */
import { getById } from './getById';
import type { FastifyInstance } from 'fastify';
import { Commissions, Schedules, StoreDetail } from '../../contract/stores';
import { accountOf } from '../auth/session';
import { answers, ID_PARAMS } from '../openapi';
import type { StoreService } from '../services/stores';

const tags = ['stores'];

export async function storeRoutes(app: FastifyInstance, opts: { stores: StoreService }) {
  const { stores } = opts;
  const base = '/merchant/api/v1/stores/:id';

  app.get<{ Params: { id: string } }>(
    base,
    {
      schema: {
        tags,
        summary: 'One store (workspace admins)',
        params: ID_PARAMS,
        response: answers({ 200: StoreDetail }),
      },
    },
    async (request) => stores.get(accountOf(request), request.params.id),
  );

  getById(
    app,
    `${base}/commissions`,
    { tags, summary: 'A store’s commissions, per product, in the merchant’s currency', answer: Commissions },
    (account, id) => stores.commissions(account, id),
  );

  getById(
    app,
    `${base}/schedules`,
    {
      tags,
      summary: 'A store’s payout schedules, per product, in the merchant’s currency',
      answer: Schedules,
    },
    (account, id) => stores.schedules(account, id),
  );
}
