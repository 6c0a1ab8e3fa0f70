/**
 * Marketing (shell spec §2.6 marketing routes, §6 gates; onboarding spec §9 "24 e-commerce platforms"; issue 36;
 * docs/marketing.md). Pure: the server, the web app and the tests read the same lists and rules.
 *
 * What the spec leaves open, decided here (docs/marketing.md says why):
 * - A merchant **connects** any of the 24 platforms the onboarding form lists through the e-commerce connector
 *   capital's sales data uses (the sandbox outside production); a connection brings the platform's products in.
 * - **Products** come from connected platforms; a product is shown in the marketplace only when the merchant chose
 *   it and has let the marketplace read its catalogue (`marketplace/product-catalog/auth`). Disconnecting a
 *   platform removes its products; revoking the permission takes every product out of the marketplace.
 * - The sandbox's catalogue is `sandboxCatalogue` below: the same products for the same merchant and platform.
 */
import { currencyDecimals } from './money';
import { fnv1a } from './random';
import { isOneOf } from './oneOf';

/** The e-commerce platforms of onboarding spec §9, as the onboarding form lists them (its store-type step). */
export const ECOMMERCE_PLATFORMS = [
  'shopify',
  'woocommerce',
  'salla',
  'zid',
  'wix',
  'magento_1',
  'magento_2',
  'prestashop',
  'opencart',
  'salesforce',
  'bigcommerce',
  'squarespace',
  'ecwid',
  'shopware',
  'expandcart',
  'youcan',
  'odoo',
  'zyda',
  'sap_commerce',
  'commercetools',
  'weebly',
  'vtex',
  'mobile_app',
  'custom',
] as const;
export type EcommercePlatform = (typeof ECOMMERCE_PLATFORMS)[number];
export const isEcommercePlatform = isOneOf(ECOMMERCE_PLATFORMS);

/** Platforms a catalogue cannot be read from: an own app or a custom site has no catalogue interface to connect. */
export const NO_CONNECTOR: readonly EcommercePlatform[] = ['mobile_app', 'custom'];
export const isConnectable = (platform: string) =>
  isEcommercePlatform(platform) && !NO_CONNECTOR.includes(platform);

export const PRODUCT_QUERY_MAX = 100;

export interface CatalogueItem {
  external_id: string;
  title: string;
  /** Minor units of the merchant's currency. */
  price: number;
  in_stock: boolean;
}

const KINDS = [
  'Linen shirt',
  'Cotton abaya',
  'Leather sandals',
  'Silk scarf',
  'Oud perfume',
  'Canvas tote',
  'Wool thobe',
  'Gold-plated bracelet',
  'Running shoes',
  'Kids’ hoodie',
  'Ceramic mug',
  'Prayer mat',
  'Sunglasses',
  'Travel backpack',
  'Smart watch strap',
  'Bakhoor burner',
];
const COLOURS = ['Sand', 'Black', 'Ivory', 'Olive', 'Navy', 'Rose', 'Charcoal', 'Teal'];

/**
 * What the sandbox connector reads from a platform: 12 to 36 products, the same for the same merchant and platform,
 * priced in the merchant's currency (whole units from 19 to 1,499, or tenths of that for BHD, KWD and OMR).
 */
export function sandboxCatalogue(merchantId: string, platform: string, currency: string): CatalogueItem[] {
  let state = fnv1a(`${merchantId}|${platform}`);
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const count = 12 + Math.floor(next() * 25);
  const scale = 10 ** currencyDecimals(currency);
  const small = currency === 'BHD' || currency === 'KWD' || currency === 'OMR';
  return Array.from({ length: count }, (_, i) => {
    const kind = KINDS[Math.floor(next() * KINDS.length)]!;
    const colour = COLOURS[Math.floor(next() * COLOURS.length)]!;
    const units = 19 + Math.floor(next() * 1481);
    return {
      external_id: `${platform}-${String(i + 1).padStart(3, '0')}`,
      title: `${kind} — ${colour}`,
      price: small ? Math.round((units / 10) * scale) : units * scale,
      in_stock: next() > 0.15,
    };
  });
}

/** The answers of a published store listing the marketplace shows (schemas/store-listing). */
export interface ListingAnswers {
  display_name?: string;
  tagline?: string;
  description?: string;
  logo_url?: string;
  cover_url?: string;
  categories?: string[];
  website?: string;
  instagram?: string;
  app_store?: string;
  google_play?: string;
}
