/**
 * What every room of marketing shares (index.ts lists the rooms): its dependencies, which merchants the caller
 * markets (and where the catalogue is open), products, listings and marketplace entries shown.
 */
import { isConnectable, type ListingAnswers } from '../../../domain/marketing';
import { minorToDecimal } from '../../../domain/money';
import { currencyOfCountry } from '../../../domain/stores';
import type { Listing, MarketingMerchant, MarketplaceEntry, Product } from '../../../contract/marketing';
import type { Clock } from '../../clock';
import { fieldError, HttpError } from '../../errors';
import type { AccountRepository } from '../../repositories/account';
import type { ListingRow, MarketingRepository, ProductRow } from '../../repositories/marketing';
import type { EcommerceConnector } from '../connectors';
import { membershipPermissions, type MerchantRule } from '../memberships';

/** A rule over a membership's computed permissions (marketing's rules are all computed). */
type PermissionRule = Exclude<MerchantRule, string>;

export interface MarketingDeps {
  repository: MarketingRepository;
  accounts: AccountRepository;
  clock: Clock;
  connector: EcommerceConnector | null;
}

interface Scope {
  merchantId: string;
  merchantName: string;
  currency: string;
  catalog: boolean;
}

export const STORE_LISTING_FLOW = 'store-listing';

export function marketingContext(deps: MarketingDeps) {
  const { repository, accounts, clock, connector } = deps;

  const catalogOpen: PermissionRule = (p) => p.canViewMarketing && p.canViewProductCatalog;

  /** The caller's merchants that `rule` opens (marketing's, by default); 403 when none. */
  async function scopeOf(
    accountId: string,
    rule: PermissionRule = (p) => p.canViewMarketing,
  ): Promise<Scope[]> {
    // One read of the memberships and their permissions serves both the scope and the catalogue's rule.
    const all = await membershipPermissions(accounts, accountId);
    const mine = all.filter((m) => rule(m.permissions));
    if (mine.length === 0) throw new HttpError(403, 'forbidden');
    return mine.map(({ membership: m, permissions }) => ({
      merchantId: m.merchantId,
      merchantName: m.merchantName,
      currency: currencyOfCountry(m.merchantCountry ?? ''),
      catalog: catalogOpen(permissions),
    }));
  }
  /** The merchants where the product catalog is open; 403 when none. */
  const catalogScope = (accountId: string) => scopeOf(accountId, catalogOpen);

  async function merchantsOf(scopes: Scope[]): Promise<MarketingMerchant[]> {
    const granted = new Map(
      (await repository.authorisations(scopes.map((s) => s.merchantId))).map((a) => [a.merchantId, a]),
    );
    return scopes.map((s) => ({
      merchant_id: s.merchantId,
      merchant_name: s.merchantName,
      currency: s.currency,
      product_catalog: s.catalog,
      catalog_authorised_at: s.catalog
        ? (granted.get(s.merchantId)?.authorisedAt.toISOString() ?? null)
        : null,
    }));
  }

  const presentProduct = (row: ProductRow): Product => ({
    id: row.id,
    merchant_id: row.merchantId,
    platform: row.platform as Product['platform'],
    external_id: row.externalId,
    title: row.title,
    price: minorToDecimal(row.price, row.currency),
    currency: row.currency,
    in_stock: row.inStock,
    in_marketplace: row.inMarketplace,
  });

  const presentListing = (row: ListingRow): Listing => {
    const a = row.data as ListingAnswers;
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    return {
      revision: row.revision,
      display_name: a.display_name ?? '',
      tagline: text(a.tagline),
      description: a.description ?? '',
      logo_url: text(a.logo_url),
      cover_url: text(a.cover_url),
      categories: Array.isArray(a.categories) ? a.categories.map(String) : [],
      website: text(a.website),
      instagram: text(a.instagram),
      app_store: text(a.app_store),
      google_play: text(a.google_play),
      visible: row.visible,
      published_at: row.publishedAt.toISOString(),
    };
  };

  /** The merchant asked for in a body, of the caller's (400 naming the field otherwise). */
  function pick(scopes: Scope[], merchantId: string): Scope {
    const scope = scopes.find((s) => s.merchantId === merchantId);
    if (!scope)
      throw new HttpError(400, 'bad_request: merchant_id', {
        '/merchant_id': fieldError('marketing:error.merchant'),
      });
    return scope;
  }
  function platformOf(platform: string) {
    if (!isConnectable(platform))
      throw new HttpError(400, 'bad_request: platform', {
        '/platform': fieldError('marketing:error.platform'),
      });
    return platform;
  }

  async function entries(scopes: Scope[]): Promise<MarketplaceEntry[]> {
    const ids = scopes.map((s) => s.merchantId);
    const [merchants, listings, drafts, shown] = await Promise.all([
      merchantsOf(scopes),
      repository.listings(ids),
      repository.openDrafts(ids),
      repository.shownCounts(scopes.filter((s) => s.catalog).map((s) => s.merchantId)),
    ]);
    return merchants.map((merchant) => {
      const listing = listings.find((l) => l.merchantId === merchant.merchant_id);
      const draft = drafts.find((d) => d.scope.startsWith(`${merchant.merchant_id}:r`));
      return {
        merchant,
        listing: listing ? presentListing(listing) : null,
        draft: draft
          ? {
              id: draft.id,
              display_name: typeof draft.data.display_name === 'string' ? draft.data.display_name : null,
              updated_at: draft.updatedAt.toISOString(),
            }
          : null,
        products_in_marketplace: shown.get(merchant.merchant_id) ?? 0,
      };
    });
  }

  return {
    deps,
    repository,
    accounts,
    clock,
    connector,
    scopeOf,
    catalogScope,
    merchantsOf,
    presentProduct,
    presentListing,
    pick,
    platformOf,
    entries,
  };
}

export type MarketingContext = ReturnType<typeof marketingContext>;
