/**
 * Connecting a shop's platform through the connector's consent page, and disconnecting it.
 */
import { sandboxCatalogue } from '../../../domain/marketing';
import type { ConnectAnswer, Connection, ConnectionsAnswer } from '../../../contract/marketing';
import { fieldError, HttpError, notFound } from '../../errors';
import { type MarketingContext } from './context';

export function connectionCalls(context: MarketingContext) {
  const { repository, clock, connector, scopeOf, merchantsOf, pick, platformOf } = context;
  return {
    scopeOf,

    /** Whether the caller may open the connector's consent page for this merchant (the sandbox page asks). */
    async mayConnect(accountId: string, merchantId: string) {
      try {
        return (await scopeOf(accountId)).some((s) => s.merchantId === merchantId);
      } catch {
        return false;
      }
    },

    /** GET /merchant/api/v1/marketing/connections. */
    async connections(accountId: string): Promise<ConnectionsAnswer> {
      const scopes = await scopeOf(accountId);
      const rows = await repository.connections(scopes.map((s) => s.merchantId));
      return {
        sandbox: connector?.sandbox ?? false,
        available: connector !== null,
        merchants: await merchantsOf(scopes),
        connections: rows.map((r) => ({
          merchant_id: r.merchantId,
          platform: r.platform as Connection['platform'],
          connected_at: r.connectedAt.toISOString(),
          products: Number(r.products),
        })),
      };
    },

    /** GET …/marketing/connections/consent: where the connect widget opens, coming back to `connect/{platform}`. */
    async consent(accountId: string, merchantId: string, platform: string) {
      const scope = pick(await scopeOf(accountId), merchantId);
      platformOf(platform);
      if (!connector) throw new HttpError(503, 'no e-commerce connector is configured');
      return {
        consent_url: connector.consentUrl({
          merchantId: scope.merchantId,
          platform,
          returnTo: `/marketing/connect/${platform}`,
        }),
      };
    },

    /** POST …/marketing/connections: the widget's token, checked by the connector; the catalogue is read in. */
    async connect(
      accountId: string,
      body: { merchant_id: string; platform: string; public_token: string },
    ): Promise<ConnectAnswer> {
      const scope = pick(await scopeOf(accountId), body.merchant_id);
      const platform = platformOf(body.platform);
      if (!connector) throw new HttpError(503, 'no e-commerce connector is configured');
      if (
        !(await connector.verify({ publicToken: body.public_token, merchantId: scope.merchantId, platform }))
      )
        throw new HttpError(400, 'the connect token is not valid', {
          '/public_token': fieldError('marketing:error.token'),
        });
      const now = clock.now();
      const items = sandboxCatalogue(scope.merchantId, platform, scope.currency);
      await repository.connect(
        scope.merchantId,
        platform,
        items.map((item) => ({
          id: `prd-${scope.merchantId}-${item.external_id}`,
          merchantId: scope.merchantId,
          platform,
          externalId: item.external_id,
          title: item.title,
          price: item.price,
          currency: scope.currency,
          inStock: item.in_stock,
          updatedAt: now,
        })),
        now,
      );
      const row = (await repository.connections([scope.merchantId])).find((c) => c.platform === platform)!;
      return {
        connection: {
          merchant_id: scope.merchantId,
          platform: platform as Connection['platform'],
          connected_at: row.connectedAt.toISOString(),
          products: Number(row.products),
        },
      };
    },

    /** DELETE …/marketing/connections/{merchantId}/{platform}: disconnected, its products gone. */
    async disconnect(accountId: string, merchantId: string, platform: string) {
      const scopes = await scopeOf(accountId);
      if (!scopes.some((s) => s.merchantId === merchantId)) throw notFound('connection not found');
      if (!(await repository.disconnect(merchantId, platform))) throw notFound('connection not found');
    },
  };
}
