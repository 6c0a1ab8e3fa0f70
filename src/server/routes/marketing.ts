/**
 * Marketing (shell spec §2.6 marketing routes; issue 36; docs/marketing.md). The spec names the web routes, not the
 * calls; these are ours:
 *
 *   GET    /merchant/api/v1/marketing/connections                         merchants, connected platforms
 *   GET    /merchant/api/v1/marketing/connections/consent                 the connect widget's address
 *   POST   /merchant/api/v1/marketing/connections                         connects (the widget's token)
 *   DELETE /merchant/api/v1/marketing/connections/:merchantId/:platform   disconnects (its products go)
 *   GET    /merchant/api/v1/marketing/products                            a page of products (product catalog)
 *   PATCH  /merchant/api/v1/marketing/products/:id                        shown in the marketplace or not
 *   GET    /merchant/api/v1/marketing/marketplace                         listing, edit in progress, permission
 *   PUT    /merchant/api/v1/marketing/marketplace/:merchantId/visibility  shoppers see the listing or not
 *   PUT    /merchant/api/v1/marketing/marketplace/:merchantId/catalog-authorisation   lets the marketplace read
 *   DELETE /merchant/api/v1/marketing/marketplace/:merchantId/catalog-authorisation   revokes it
 */
import type { FastifyInstance } from 'fastify';
import {
  CONNECTION_PARAMS,
  ConnectAnswer,
  ConnectBody,
  ConnectionsAnswer,
  ConsentAnswer,
  ConsentQuery,
  GrantBody,
  EntryAnswer,
  MarketplaceAnswer,
  MERCHANT_PARAMS,
  ProductAnswer,
  ProductChange,
  ProductsPage,
  ProductsQuery,
  VisibilityBody,
} from '../../contract/marketing';
import { accountOf } from '../auth/session';
import { answers, ID_PARAMS } from '../openapi';
import type { MarketingService } from '../services/marketing';

const tags = ['marketing'];
const BASE = '/merchant/api/v1/marketing';

export async function marketingRoutes(app: FastifyInstance, opts: { marketing: MarketingService }) {
  const { marketing } = opts;

  app.get(
    `${BASE}/connections`,
    {
      schema: {
        tags,
        summary: 'The caller’s marketing merchants and their connected e-commerce platforms',
        response: answers({ 200: ConnectionsAnswer }),
      },
    },
    async (request) => marketing.connections(accountOf(request)),
  );
  app.get<{ Querystring: ConsentQuery }>(
    `${BASE}/connections/consent`,
    {
      schema: {
        tags,
        summary:
          'Where the connect widget opens for a platform; it comes back to marketing/connect/{platform}',
        querystring: ConsentQuery,
        response: answers({ 200: ConsentAnswer }),
      },
    },
    async (request) =>
      marketing.consent(accountOf(request), request.query.merchant_id, request.query.platform),
  );
  app.post<{ Body: ConnectBody }>(
    `${BASE}/connections`,
    {
      schema: {
        tags,
        summary: 'Connects a platform with the connect widget’s token and reads its products in',
        body: ConnectBody,
        response: answers({ 200: ConnectAnswer }),
      },
    },
    async (request) => marketing.connect(accountOf(request), request.body),
  );
  app.delete<{ Params: { merchantId: string; platform: string } }>(
    `${BASE}/connections/:merchantId/:platform`,
    {
      schema: {
        tags,
        summary: 'Disconnects a platform; its products leave the catalogue and the marketplace',
        params: CONNECTION_PARAMS,
        response: answers({ 204: { type: 'null', description: 'disconnected' } }),
      },
    },
    async (request, reply) => {
      await marketing.disconnect(accountOf(request), request.params.merchantId, request.params.platform);
      return reply.code(204).send();
    },
  );
  app.get<{ Querystring: ProductsQuery }>(
    `${BASE}/products`,
    {
      schema: {
        tags,
        summary: 'A page of the connected platforms’ products, by title',
        querystring: ProductsQuery,
        response: answers({ 200: ProductsPage }),
      },
    },
    async (request) => marketing.products(accountOf(request), request.query),
  );
  app.patch<{ Params: { id: string }; Body: ProductChange }>(
    `${BASE}/products/:id`,
    {
      schema: {
        tags,
        summary: 'Shows a product in the marketplace or takes it out',
        params: ID_PARAMS,
        body: ProductChange,
        response: answers({ 200: ProductAnswer }),
      },
    },
    async (request) =>
      marketing.setInMarketplace(accountOf(request), request.params.id, request.body.in_marketplace),
  );
  app.get(
    `${BASE}/marketplace`,
    {
      schema: {
        tags,
        summary:
          'Each merchant’s published listing, the edit in progress, products shown and the catalogue permission',
        response: answers({ 200: MarketplaceAnswer }),
      },
    },
    async (request) => marketing.marketplace(accountOf(request)),
  );
  app.put<{ Params: { merchantId: string }; Body: VisibilityBody }>(
    `${BASE}/marketplace/:merchantId/visibility`,
    {
      schema: {
        tags,
        summary: 'Shows the published listing to shoppers, or hides it',
        params: MERCHANT_PARAMS,
        body: VisibilityBody,
        response: answers({ 200: EntryAnswer }),
      },
    },
    async (request) =>
      marketing.setVisible(accountOf(request), request.params.merchantId, request.body.visible),
  );
  app.put<{ Params: { merchantId: string } }>(
    `${BASE}/marketplace/:merchantId/catalog-authorisation`,
    {
      schema: {
        tags,
        summary: 'Lets the marketplace read the product catalogue',
        params: MERCHANT_PARAMS,
        body: GrantBody,
        response: answers({ 200: EntryAnswer }),
      },
    },
    async (request) => marketing.authorise(accountOf(request), request.params.merchantId, true),
  );
  app.delete<{ Params: { merchantId: string } }>(
    `${BASE}/marketplace/:merchantId/catalog-authorisation`,
    {
      schema: {
        tags,
        summary: 'Revokes it: every product leaves the marketplace',
        params: MERCHANT_PARAMS,
        response: answers({ 200: EntryAnswer }),
      },
    },
    async (request) => marketing.authorise(accountOf(request), request.params.merchantId, false),
  );
}
