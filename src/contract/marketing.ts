/**
 * Marketing's requests and answers (shell spec §2.6 marketing routes; issue 36; docs/marketing.md;
 * src/server/routes/marketing.ts), for the server and the web app alike. Prices are decimal strings with the
 * currency's decimals.
 */
import { ECOMMERCE_PLATFORMS, PRODUCT_QUERY_MAX } from '../domain/marketing';
import { OF_MERCHANT, Instant, Nullable, NullableString, OneOf, Type, type Static } from './common';

export const MarketingMerchant = Type.Object({
  ...OF_MERCHANT,
  currency: Type.String(),
  /** The product catalog experiment: products and the marketplace's catalogue permission. */
  product_catalog: Type.Boolean(),
  catalog_authorised_at: NullableString({ description: 'when the marketplace was let read the catalogue' }),
});
export type MarketingMerchant = Static<typeof MarketingMerchant>;

export const Connection = Type.Object({
  merchant_id: Type.String(),
  platform: OneOf(ECOMMERCE_PLATFORMS),
  connected_at: Instant,
  products: Type.Integer({ description: 'products read from it' }),
});
export type Connection = Static<typeof Connection>;

export const ConnectionsAnswer = Type.Object({
  /** The connector is ours (no real store is reached). */
  sandbox: Type.Boolean(),
  /** A connector is configured (ECOMMERCE_CONNECTOR not `none`): without one, nothing can be connected. */
  available: Type.Boolean(),
  merchants: Type.Array(MarketingMerchant),
  connections: Type.Array(Connection),
});
export type ConnectionsAnswer = Static<typeof ConnectionsAnswer>;

export const ConsentQuery = Type.Object(
  {
    merchant_id: Type.String({ maxLength: 100 }),
    platform: Type.String({ maxLength: 50 }),
  },
  { additionalProperties: false },
);
export type ConsentQuery = Static<typeof ConsentQuery>;
export const ConsentAnswer = Type.Object({ consent_url: Type.String({ description: 'the connect widget' }) });
export type ConsentAnswer = Static<typeof ConsentAnswer>;

export const ConnectBody = Type.Object(
  {
    merchant_id: Type.String({ maxLength: 100 }),
    platform: Type.String({ maxLength: 50 }),
    public_token: Type.String({ maxLength: 500, description: 'what the connect widget handed back' }),
  },
  { additionalProperties: false },
);
export type ConnectBody = Static<typeof ConnectBody>;
export const ConnectAnswer = Type.Object({ connection: Connection });
export type ConnectAnswer = Static<typeof ConnectAnswer>;

export const CONNECTION_PARAMS = Type.Object({
  merchantId: Type.String({ minLength: 1, maxLength: 100 }),
  platform: Type.String({ minLength: 1, maxLength: 50 }),
});

export const Product = Type.Object({
  id: Type.String(),
  merchant_id: Type.String(),
  platform: OneOf(ECOMMERCE_PLATFORMS),
  external_id: Type.String(),
  title: Type.String(),
  price: Type.String({ description: 'a decimal' }),
  currency: Type.String(),
  in_stock: Type.Boolean(),
  in_marketplace: Type.Boolean(),
});
export type Product = Static<typeof Product>;

export const ProductsQuery = Type.Object(
  {
    merchant_id: Type.Optional(Type.String({ maxLength: 100 })),
    platform: Type.Optional(Type.String({ maxLength: 50 })),
    query: Type.Optional(Type.String({ maxLength: PRODUCT_QUERY_MAX })),
    in_marketplace: Type.Optional(Type.Boolean()),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);
export type ProductsQuery = Static<typeof ProductsQuery>;
export const ProductsPage = Type.Object({
  products: Type.Array(Product),
  total: Type.Integer(),
  /** Of the matching products, how many shoppers see. */
  in_marketplace: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type ProductsPage = Static<typeof ProductsPage>;

export const ProductChange = Type.Object({ in_marketplace: Type.Boolean() }, { additionalProperties: false });
export type ProductChange = Static<typeof ProductChange>;
export const ProductAnswer = Type.Object({ product: Product });
export type ProductAnswer = Static<typeof ProductAnswer>;

export const Listing = Type.Object({
  revision: Type.Integer(),
  display_name: Type.String(),
  tagline: NullableString(),
  description: Type.String(),
  logo_url: NullableString(),
  cover_url: NullableString(),
  categories: Type.Array(Type.String()),
  website: NullableString(),
  instagram: NullableString(),
  app_store: NullableString(),
  google_play: NullableString(),
  visible: Type.Boolean({ description: 'shoppers see it' }),
  published_at: Instant,
});
export type Listing = Static<typeof Listing>;

export const ListingDraft = Type.Object({
  id: Type.String(),
  display_name: NullableString(),
  updated_at: Instant,
});
export type ListingDraft = Static<typeof ListingDraft>;

export const MarketplaceEntry = Type.Object({
  merchant: MarketingMerchant,
  listing: Nullable(Listing),
  /** An edit begun and not published. */
  draft: Nullable(ListingDraft),
  products_in_marketplace: Type.Integer(),
});
export type MarketplaceEntry = Static<typeof MarketplaceEntry>;
export const MarketplaceAnswer = Type.Object({ entries: Type.Array(MarketplaceEntry) });
export type MarketplaceAnswer = Static<typeof MarketplaceAnswer>;

export const MERCHANT_PARAMS = Type.Object({ merchantId: Type.String({ minLength: 1, maxLength: 100 }) });
export const VisibilityBody = Type.Object({ visible: Type.Boolean() }, { additionalProperties: false });
export type VisibilityBody = Static<typeof VisibilityBody>;
export const EntryAnswer = Type.Object({ entry: MarketplaceEntry });
export type EntryAnswer = Static<typeof EntryAnswer>;

/** Allowing the marketplace to read the catalogue takes nothing but the merchant in the address. */
export const GrantBody = Type.Object({}, { additionalProperties: false, description: 'empty: {}' });
