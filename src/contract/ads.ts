/**
 * Ads' requests and answers (shell spec §2.3 "ads", §6; issue 36; docs/ads.md; src/server/routes/ads.ts), for the
 * server and the web app alike. Amounts are decimal strings with the currency's decimals; days are yyyy-mm-dd (UTC).
 */
import { CAMPAIGN_STATES, RESULT_WINDOWS, STOP_REASON_MAX } from '../domain/ads';
import { PAYMENT_PRODUCTS } from '../domain/payments';
import { OF_MERCHANT, Instant, Nullable, NullableString, OneOf, Type, type Static } from './common';

const Amount = (description: string) => Type.String({ description: `${description}; a decimal` });

export const Results = Type.Object({
  impressions: Type.Integer(),
  clicks: Type.Integer(),
  orders: Type.Integer({ description: 'orders placed after a click on the campaign' }),
  spend: Amount('what the days cost'),
  ctr: Type.Union([Type.Number(), Type.Null()], {
    description: 'clicks per impression, 0–1; null without impressions',
  }),
  cost_per_order: Nullable(Amount('spend per order')),
});
export type Results = Static<typeof Results>;

export const Campaign = Type.Object({
  id: Type.String(),
  ...OF_MERCHANT,
  product: OneOf(PAYMENT_PRODUCTS),
  name: Type.String(),
  currency: Type.String(),
  daily_budget: Amount('the most a day costs'),
  state: OneOf(CAMPAIGN_STATES),
  stop_reason: NullableString({ description: 'why ads ops stopped it' }),
  /** The last ended day counted (yesterday at most); null before the first. */
  results_through: NullableString(),
  results: Results,
  created_at: Instant,
});
export type Campaign = Static<typeof Campaign>;

/** What the caller may do per merchant. */
export const AdsMerchant = Type.Object({
  ...OF_MERCHANT,
  currency: Type.String(),
  /** The payment products its stores offer: a campaign is for one of them. */
  products: Type.Array(OneOf(PAYMENT_PRODUCTS)),
  can_invite: Type.Boolean({ description: 'is_ads_user_invite_allowed' }),
  budget_min: Amount('the least daily budget'),
  budget_max: Amount('the most daily budget the caller may set'),
});
export type AdsMerchant = Static<typeof AdsMerchant>;

export const CampaignsQuery = Type.Object(
  {
    days: Type.Optional(
      Type.Union(
        RESULT_WINDOWS.map((d) => Type.Literal(d)),
        {
          description: `the results' window: ${RESULT_WINDOWS.join(', ')} days ending yesterday`,
          default: 30,
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type CampaignsQuery = Static<typeof CampaignsQuery>;

export const CampaignsAnswer = Type.Object({
  merchants: Type.Array(AdsMerchant),
  campaigns: Type.Array(Campaign),
  /** The window's first and last day. */
  from: Type.String(),
  to: Type.String(),
});
export type CampaignsAnswer = Static<typeof CampaignsAnswer>;

export const CampaignBody = Type.Object(
  {
    merchant_id: Type.String({ maxLength: 100 }),
    product: Type.String({ maxLength: 50, description: 'one of the merchant’s payment products' }),
    name: Type.String({ maxLength: 200 }),
    daily_budget: Type.String({ maxLength: 20, description: 'a decimal in the merchant’s currency' }),
  },
  { additionalProperties: false },
);
export type CampaignBody = Static<typeof CampaignBody>;

export const CampaignChange = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    daily_budget: Type.Optional(
      Type.String({ maxLength: 20, description: 'a decimal in the merchant’s currency' }),
    ),
    state: Type.Optional(
      OneOf(CAMPAIGN_STATES, { description: '`active` or `paused`; `stopped` is ads ops’ (403)' }),
    ),
  },
  { additionalProperties: false },
);
export type CampaignChange = Static<typeof CampaignChange>;

/**
 * Ads ops' list (the provider's staff with the `ads_ops` role; docs/ads.md "Ads ops"): every merchant's
 * campaigns, newest first, a page at a time.
 */
export const OpsCampaignsQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({ maxLength: 100, description: 'part of the campaign’s or the merchant’s name' }),
    ),
    state: Type.Optional(OneOf(CAMPAIGN_STATES)),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);
export type OpsCampaignsQuery = Static<typeof OpsCampaignsQuery>;

/** A campaign as ads ops see it: with the bounds of the daily budget they may set (ten times a merchant's). */
export const OpsCampaign = Type.Object({
  ...Campaign.properties,
  budget_min: Amount('the least daily budget'),
  budget_max: Amount('the most daily budget ads ops may set'),
});
export type OpsCampaign = Static<typeof OpsCampaign>;

export const OpsCampaignsAnswer = Type.Object({
  campaigns: Type.Array(OpsCampaign),
  total: Type.Integer({ description: 'campaigns matching the filters' }),
  page: Type.Integer(),
  page_size: Type.Integer(),
  /** The results' window (30 days ending yesterday). */
  from: Type.String(),
  to: Type.String(),
});
export type OpsCampaignsAnswer = Static<typeof OpsCampaignsAnswer>;

/** What ads ops change: the daily budget (up to ten times a merchant's ceiling), stop with a reason, start again. */
export const OpsCampaignChange = Type.Object(
  {
    daily_budget: Type.Optional(
      Type.String({ maxLength: 20, description: 'a decimal in the merchant’s currency' }),
    ),
    state: Type.Optional(OneOf(CAMPAIGN_STATES)),
    stop_reason: Type.Optional(
      Type.String({
        maxLength: STOP_REASON_MAX,
        description: 'required with `stopped`: the merchant reads it on the campaign',
      }),
    ),
  },
  { additionalProperties: false },
);
export type OpsCampaignChange = Static<typeof OpsCampaignChange>;
export const OpsCampaignAnswer = Type.Object({ campaign: OpsCampaign });
export type OpsCampaignAnswer = Static<typeof OpsCampaignAnswer>;

export const CampaignAnswer = Type.Object({ campaign: Campaign });
export type CampaignAnswer = Static<typeof CampaignAnswer>;

export const AdsInviteBody = Type.Object(
  {
    merchant_id: Type.String({ maxLength: 100 }),
    email: Type.String({ maxLength: 254 }),
    lang: Type.Optional(OneOf(['en', 'ar'] as const)),
  },
  { additionalProperties: false },
);
export type AdsInviteBody = Static<typeof AdsInviteBody>;
export const AdsInviteAnswer = Type.Object({ email: Type.String(), merchant_id: Type.String() });
export type AdsInviteAnswer = Static<typeof AdsInviteAnswer>;
