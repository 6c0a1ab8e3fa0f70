/**
 * Marketing's calls (docs/marketing.md) as react-query hooks. Changes read the lists again and are analytics events
 * (platform connected / disconnected, product shown / hidden, catalogue authorised / revoked, listing hidden / shown)
 * with ids only.
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { useChange } from '../../api/useChange';
import type {
  ConnectAnswer,
  Connection,
  ConnectionsAnswer,
  ConsentAnswer,
  EntryAnswer,
  MarketplaceAnswer,
  MarketplaceEntry,
  Product,
  ProductAnswer,
  ProductsPage,
} from '../../../contract/marketing';
import { analytics } from '../../analytics';
import { api, retryUnless4xx } from '../../api/client';

export type { MarketplaceEntry, Product };

const M = '/merchant/api/v1/marketing';
export const PAGE_SIZE = 20;

export const useConnections = () =>
  useQuery({
    queryKey: ['marketing', 'connections'],
    queryFn: ({ signal }) => api<ConnectionsAnswer>('GET', `${M}/connections`, undefined, { signal }),
    retry: retryUnless4xx,
  });

export const useMarketplace = () =>
  useQuery({
    queryKey: ['marketing', 'marketplace'],
    queryFn: ({ signal }) => api<MarketplaceAnswer>('GET', `${M}/marketplace`, undefined, { signal }),
    retry: retryUnless4xx,
  });

export interface ProductFilter {
  platform: string;
  query: string;
  page: number;
}
export const useProducts = (filter: ProductFilter) =>
  useQuery({
    queryKey: ['marketing', 'products', filter],
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: String(filter.page), page_size: String(PAGE_SIZE) });
      if (filter.platform) q.set('platform', filter.platform);
      if (filter.query) q.set('query', filter.query);
      return api<ProductsPage>('GET', `${M}/products?${q}`, undefined, { signal });
    },
    placeholderData: keepPreviousData,
    retry: retryUnless4xx,
  });

/** Where the connect widget opens (the page's language added: the consent page speaks it too). */
export async function consentUrl(merchantId: string, platform: string, lang: string) {
  const q = new URLSearchParams({ merchant_id: merchantId, platform });
  const { consent_url } = await api<ConsentAnswer>('GET', `${M}/connections/consent?${q}`);
  return `${consent_url}&lang=${lang === 'ar' ? 'ar' : 'en'}`;
}

/** Every change reads the area's lists again (connections, products, the marketplace). */
const useMarketingChange = <Input, Answer>(
  send: (input: Input) => Promise<Answer>,
  keep?: (client: QueryClient, answer: Answer) => void,
) => useChange({ send, keep, refresh: [['marketing']] });

/**
 * A connection the server made shows on its platform's page at once: the connections read while the token was on
 * its way (the page asks for them as it opens) said "not connected", and a card must not wait for the next read.
 */
const keepConnection = (client: QueryClient, connection: Connection) =>
  client.setQueryData<ConnectionsAnswer>(['marketing', 'connections'], (old) =>
    old
      ? {
          ...old,
          connections: [
            ...old.connections.filter(
              (c) => c.merchant_id !== connection.merchant_id || c.platform !== connection.platform,
            ),
            connection,
          ],
        }
      : old,
  );

export const useConnect = () =>
  useMarketingChange(async (body: { merchant_id: string; platform: string; public_token: string }) => {
    const { connection } = await api<ConnectAnswer>('POST', `${M}/connections`, body);
    analytics.track('marketing_platform_connected', {
      merchant_id: body.merchant_id,
      platform: body.platform,
    });
    return connection;
  }, keepConnection);

export const useDisconnect = () =>
  useMarketingChange(async ({ merchantId, platform }: { merchantId: string; platform: string }) => {
    await api('DELETE', `${M}/connections/${encodeURIComponent(merchantId)}/${encodeURIComponent(platform)}`);
    analytics.track('marketing_platform_disconnected', { merchant_id: merchantId, platform });
  });

export const useShowProduct = () =>
  useMarketingChange(async ({ product, value }: { product: Product; value: boolean }) => {
    const answer = await api<ProductAnswer>('PATCH', `${M}/products/${encodeURIComponent(product.id)}`, {
      in_marketplace: value,
    });
    analytics.track(value ? 'marketplace_product_shown' : 'marketplace_product_hidden', {
      product_id: product.id,
    });
    return answer.product;
  });

export const useAuthoriseCatalog = () =>
  useMarketingChange(async ({ merchantId, grant }: { merchantId: string; grant: boolean }) => {
    const { entry } = await api<EntryAnswer>(
      grant ? 'PUT' : 'DELETE',
      `${M}/marketplace/${encodeURIComponent(merchantId)}/catalog-authorisation`,
      grant ? {} : undefined,
    );
    analytics.track(grant ? 'product_catalog_authorised' : 'product_catalog_revoked', {
      merchant_id: merchantId,
    });
    return entry;
  });

export const useListingVisibility = () =>
  useMarketingChange(async ({ merchantId, visible }: { merchantId: string; visible: boolean }) => {
    const { entry } = await api<EntryAnswer>(
      'PUT',
      `${M}/marketplace/${encodeURIComponent(merchantId)}/visibility`,
      { visible },
    );
    analytics.track(visible ? 'store_listing_shown' : 'store_listing_hidden', { merchant_id: merchantId });
    return entry;
  });
