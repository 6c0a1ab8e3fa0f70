/**
 * The connected platforms' products, each shown to shoppers in the marketplace or not.
 */
import type { Product, ProductsPage, ProductsQuery } from '../../../contract/marketing';
import { HttpError, notFound } from '../../errors';
import { type MarketingContext } from './context';

export function productCalls(context: MarketingContext) {
  const { repository, clock, catalogScope, presentProduct, pick } = context;
  return {
    /** GET …/marketing/products: a page of the connected platforms' products. */
    async products(accountId: string, query: ProductsQuery): Promise<ProductsPage> {
      const scopes = await catalogScope(accountId);
      // Another's merchant in the filter is named as wrong (400), as in every other list, not answered empty.
      const ids = query.merchant_id
        ? [pick(scopes, query.merchant_id).merchantId]
        : scopes.map((s) => s.merchantId);
      const page = query.page ?? 1;
      const size = query.page_size ?? 20;
      const { rows, total, shown } = await repository.products(
        ids,
        {
          platform: query.platform,
          query: query.query?.trim() || undefined,
          inMarketplace: query.in_marketplace,
        },
        size,
        (page - 1) * size,
      );
      return { products: rows.map(presentProduct), total, in_marketplace: shown, page, page_size: size };
    },

    /** PATCH …/marketing/products/{id}: shown to shoppers or not (showing needs the catalogue permission: 409). */
    async setInMarketplace(accountId: string, id: string, value: boolean): Promise<{ product: Product }> {
      const scopes = await catalogScope(accountId);
      const row = await repository.product(
        id,
        scopes.map((s) => s.merchantId),
      );
      if (!row) throw notFound('product not found');
      if (value && (await repository.authorisations([row.merchantId])).length === 0)
        throw new HttpError(409, 'the marketplace may not read the catalogue yet', undefined, {
          reason: 'catalog_not_authorised',
        });
      await repository.setInMarketplace(id, value, clock.now());
      return { product: presentProduct({ ...row, inMarketplace: value }) };
    },
  };
}
