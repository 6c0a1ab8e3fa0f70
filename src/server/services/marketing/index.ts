/**
 * Marketing (shell spec §2.6 marketing routes, §6 canViewMarketing and the product catalog's experiment; issue 36;
 * docs/marketing.md): connecting an e-commerce platform through the connector capital's sales data uses, the
 * products it brings, which of them shoppers see, the marketplace's permission to read the catalogue, and the store
 * listing's draft and publishing state (the store-listing flow's hooks are here: `storeListingHooks`).
 *
 * Scope: the merchants whose membership opens canViewMarketing (403 with none); products, showing them and the
 * catalogue permission also need canViewProductCatalog. Another merchant's row "does not exist" (404); another
 * merchant's id in a body reads as a wrong field (400).
 *
 * A wing of rooms over one context (context.ts: the scope, the catalogue's rule, rows shown):
 *
 * | Room | Holds |
 * | --- | --- |
 * | connections.ts | the platforms connected through the consent page, and disconnected |
 * | products.ts | the products read in, each in the marketplace or not |
 * | marketplace.ts | the entries, their visibility, the catalogue's authorisation, the store listing's flow |
 */
import { connectionCalls } from './connections';
import { productCalls } from './products';
import { marketplaceCalls } from './marketplace';
import { marketingContext, type MarketingDeps } from './context';

export * from './context';

export function createMarketingService(deps: MarketingDeps) {
  const context = marketingContext(deps);
  return {
    ...connectionCalls(context),
    ...productCalls(context),
    ...marketplaceCalls(context),
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;
