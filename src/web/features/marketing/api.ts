/**
 * Marketing's calls (docs/marketing.md) as react-query hooks. Changes read the lists again and are analytics events
 * (platform connected / disconnected, product shown / hidden, catalogue authorised / revoked, listing hidden / shown)
 * with ids only.
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  ConnectAnswer,
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

const changed = (client: QueryClient) => void client.invalidateQueries({ queryKey: ['marketing'] });

/** Where the connect widget opens (the page's language added: the consent page speaks it too). */
export async function consentUrl(merchantId: string, platform: string, lang: string) {
  const q = new URLSearchParams({ merchant_id: merchantId, platform });
  const { consent_url } = await api<ConsentAnswer>('GET', `${M}/connections/consent?${q}`);
  return `${consent_url}&lang=${lang === 'ar' ? 'ar' : 'en'}`;
}

export async function connect(
  client: QueryClient,
  body: { merchant_id: string; platform: string; public_token: string },
) {
  const { connection } = await api<ConnectAnswer>('POST', `${M}/connections`, body);
  analytics.track('marketing_platform_connected', { merchant_id: body.merchant_id, platform: body.platform });
  changed(client);
  return connection;
}

export async function disconnect(client: QueryClient, merchantId: string, platform: string) {
  await api('DELETE', `${M}/connections/${encodeURIComponent(merchantId)}/${encodeURIComponent(platform)}`);
  analytics.track('marketing_platform_disconnected', { merchant_id: merchantId, platform });
  changed(client);
}

export async function showProduct(client: QueryClient, product: Product, value: boolean) {
  const answer = await api<ProductAnswer>('PATCH', `${M}/products/${encodeURIComponent(product.id)}`, {
    in_marketplace: value,
  });
  analytics.track(value ? 'marketplace_product_shown' : 'marketplace_product_hidden', {
    product_id: product.id,
  });
  changed(client);
  return answer.product;
}

export async function authoriseCatalog(client: QueryClient, merchantId: string, grant: boolean) {
  const { entry } = await api<EntryAnswer>(
    grant ? 'PUT' : 'DELETE',
    `${M}/marketplace/${encodeURIComponent(merchantId)}/catalog-authorisation`,
    grant ? {} : undefined,
  );
  analytics.track(grant ? 'product_catalog_authorised' : 'product_catalog_revoked', {
    merchant_id: merchantId,
  });
  changed(client);
  return entry;
}

export async function setListingVisible(client: QueryClient, merchantId: string, visible: boolean) {
  const { entry } = await api<EntryAnswer>(
    'PUT',
    `${M}/marketplace/${encodeURIComponent(merchantId)}/visibility`,
    {
      visible,
    },
  );
  analytics.track(visible ? 'store_listing_shown' : 'store_listing_hidden', { merchant_id: merchantId });
  changed(client);
  return entry;
}
