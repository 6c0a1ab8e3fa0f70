/**
 * The provider's own addresses a merchant is shown (issue 56, point 3): terms, privacy, the shoppers' marketplace,
 * the merchant app and its stores, the support and capital mailboxes, and the payments survey the sidebar's card opens
 * (shell §1's survey widget, shown in a frame: docs/session-replay.md). Settings of a deployment, not constants
 * of the build; one not set is null, and the app then shows no link rather than a placeholder. `{lang}` in an
 * address stands for the page's language (en or ar).
 */
import { Type, type Static } from './common';

const Address = Type.Union([Type.String(), Type.Null()]);

export const SITE_LINK_KEYS = [
  'terms',
  'privacy',
  'marketplace',
  'merchant_app',
  'app_store',
  'google_play',
  'support_email',
  'capital_email',
  'survey',
] as const;
export type SiteLinkKey = (typeof SITE_LINK_KEYS)[number];

export const SiteLinks = Type.Object(
  Object.fromEntries(SITE_LINK_KEYS.map((key) => [key, Address])) as Record<SiteLinkKey, typeof Address>,
  { additionalProperties: false },
);
export type SiteLinks = Static<typeof SiteLinks>;
