/** Marketing and the marketplace (shell spec §2.6; docs/marketing.md): one screen a file; this index is the area's lazy chunk. */
export { CatalogAuthPage } from './CatalogAuthPage';
export { ConnectPlatformPage } from './ConnectPlatformPage';
export { MarketingDraftPage } from './MarketingDraftPage';
export { MarketingPage } from './MarketingPage';
export { MarketplacePage } from './MarketplacePage';
export { ProductsPage } from './ProductsPage';
