/**
 * Marketing (shell spec §2.6 marketing routes, §6 canViewMarketing and the product catalog's experiment; issue 36;
 * docs/marketing.md): connecting an e-commerce platform through the connector capital's sales data uses, the
 * products it brings, which of them shoppers see, the marketplace's permission to read the catalogue, and the store
 * listing's draft and publishing state (the store-listing flow's hooks are here: `storeListingHooks`).
 *
 * Scope: the merchants whose membership opens canViewMarketing (403 with none); products, showing them and the
 * catalogue permission also need canViewProductCatalog. Another merchant's row "does not exist" (404); another
 * merchant's id in a body reads as a wrong field (400).
 */
import { isConnectable, sandboxCatalogue, type ListingAnswers } from '../../domain/marketing';
import { minorToDecimal } from '../../domain/money';
import { currencyOfCountry } from '../../domain/stores';
import type {
  ConnectAnswer,
  Connection,
  ConnectionsAnswer,
  EntryAnswer,
  Listing,
  MarketingMerchant,
  MarketplaceAnswer,
  MarketplaceEntry,
  Product,
  ProductsPage,
  ProductsQuery,
} from '../../contract/marketing';
import type { Clock } from '../clock';
import { fieldError, HttpError, notFound } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { ListingRow, MarketingRepository, ProductRow } from '../repositories/marketing';
import type { EcommerceConnector } from './connectors';
import type { FlowHooks } from './drafts';
import { merchantsWhere, requireMemberships, type MerchantRule } from './memberships';

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

export function createMarketingService(deps: MarketingDeps) {
  const { repository, accounts, clock, connector } = deps;

  const catalogOpen: MerchantRule = (p) => p.canViewMarketing && p.canViewProductCatalog;

  /** The caller's merchants that `rule` opens (marketing's, by default); 403 when none. */
  async function scopeOf(
    accountId: string,
    rule: MerchantRule = (p) => p.canViewMarketing,
  ): Promise<Scope[]> {
    const [mine, catalog] = await Promise.all([
      requireMemberships(accounts, accountId, rule),
      merchantsWhere(accounts, accountId, catalogOpen),
    ]);
    return mine.map((m) => ({
      merchantId: m.merchantId,
      merchantName: m.merchantName,
      currency: currencyOfCountry(m.merchantCountry ?? ''),
      catalog: catalog.includes(m.merchantId),
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

    /** GET …/marketing/marketplace: each merchant's listing, the edit in progress, products shown, the permission. */
    async marketplace(accountId: string): Promise<MarketplaceAnswer> {
      return { entries: await entries(await scopeOf(accountId)) };
    },

    /** PUT …/marketplace/{merchantId}/visibility: shoppers see the published listing, or not. */
    async setVisible(accountId: string, merchantId: string, visible: boolean): Promise<EntryAnswer> {
      const scope = (await scopeOf(accountId)).find((s) => s.merchantId === merchantId);
      if (!scope) throw notFound('merchant not found');
      if (!(await repository.listing(merchantId)))
        throw new HttpError(409, 'the listing is not published yet', undefined, { reason: 'not_published' });
      await repository.setVisible(merchantId, visible);
      return { entry: (await entries([scope]))[0]! };
    },

    /** PUT / DELETE …/marketplace/{merchantId}/catalog-authorisation (`marketplace/product-catalog/auth`). */
    async authorise(accountId: string, merchantId: string, grant: boolean): Promise<EntryAnswer> {
      const scope = (await catalogScope(accountId)).find((s) => s.merchantId === merchantId);
      if (!scope) throw notFound('merchant not found');
      if (grant) await repository.authorise(merchantId, accountId, clock.now());
      else await repository.revoke(merchantId, clock.now());
      return { entry: (await entries([scope]))[0]! };
    },

    /** The store-listing flow's hooks: a draft per merchant and revision, and publishing at submit. */
    storeListingHooks(): FlowHooks {
      const merchantOf = async (ownerId: string) => {
        const [first] = await scopeOf(ownerId);
        return first!;
      };
      return {
        // The account's (first) marketing merchant; after a publish, the next edit is a new draft that starts
        // from what was published.
        async open({ ownerId }) {
          const scope = await merchantOf(ownerId);
          const listing = await repository.listing(scope.merchantId);
          const { publish_confirmed: _confirmed, ...initial } = (listing?.data ?? {}) as Record<
            string,
            unknown
          >;
          void _confirmed;
          return {
            key: `${scope.merchantId}:r${(listing?.revision ?? 0) + 1}`,
            initial: initial as Record<string, never>,
          };
        },
        async commit({ ownerId, data }) {
          const scope = await merchantOf(ownerId);
          const listing = await repository.listing(scope.merchantId);
          const answers = Object.fromEntries(
            Object.entries(data).filter(([key]) => !key.startsWith('$') && key !== 'publish_confirmed'),
          );
          await repository.publish({
            merchantId: scope.merchantId,
            revision: (listing?.revision ?? 0) + 1,
            data: answers,
            publishedAt: clock.now(),
            publishedBy: ownerId,
          });
        },
      };
    },
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;
