/**
 * Ads (shell spec §2.3 "ads", §6 canView{product}Ads: ads allowed with the ads experiment, or ads ops, or ads user
 * invite allowed; issue 36; docs/ads.md). Pure: the server and the tests read the same rules.
 *
 * What the spec leaves open, decided here (docs/ads.md says why):
 * - A merchant's **campaign** promotes it in the provider's shopping app for **one payment product** (the products
 *   its stores offer): a name, a daily budget in the merchant's currency, and a state — `active`, `paused`, or
 *   `stopped` (by ads ops, with a reason; only ads ops start it again).
 * - **Results** (impressions, clicks, orders, spend) are counted by whole days: a day counts once it has ended,
 *   for a campaign running at its end, at the budget it had then. The ad network is not reachable here, so the day's
 *   figures come from `deliver` below — a deterministic simulation of our own (like the card network and the
 *   e-commerce sandbox), never above the day's budget.
 * - **Ads ops** (`is_ads_ops`) may do more than a merchant: a daily budget up to ten times the merchant's ceiling,
 *   and stopping a campaign (with a reason the merchant reads) or starting a stopped one.
 */
import { currencyDecimals, minorToDecimal } from './money';
import { fnv1a, mulberry32 } from './random';
import { isOneOf } from './oneOf';

export const CAMPAIGN_STATES = ['active', 'paused', 'stopped'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
export const isCampaignState = isOneOf(CAMPAIGN_STATES);

/** The results' windows a merchant picks from (days ending yesterday). */
export const RESULT_WINDOWS = [7, 30, 90] as const;
export type ResultWindow = (typeof RESULT_WINDOWS)[number];

/**
 * A merchant's daily budget, in whole units of its currency: at least enough for a day's showing, at most what a
 * merchant of that size sets without talking to ads ops. Ads ops may go to ten times the ceiling.
 */
const DAILY_BUDGET: Record<string, { min: number; max: number }> = {
  SAR: { min: 20, max: 5_000 },
  AED: { min: 20, max: 5_000 },
  QAR: { min: 20, max: 5_000 },
  BHD: { min: 2, max: 500 },
  KWD: { min: 2, max: 400 },
  OMR: { min: 2, max: 500 },
  EGP: { min: 200, max: 100_000 },
};
export const OPS_BUDGET_FACTOR = 10;

/** The daily budget's bounds in minor units, for a merchant or for ads ops. */
export function budgetBounds(currency: string, ops: boolean): { min: number; max: number } {
  const units = DAILY_BUDGET[currency] ?? DAILY_BUDGET.SAR!;
  const scale = 10 ** currencyDecimals(currency);
  return { min: units.min * scale, max: units.max * scale * (ops ? OPS_BUDGET_FACTOR : 1) };
}

export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}

/** What is wrong with a daily budget (minor units), if anything. */
export function budgetProblem(amount: number, currency: string, ops: boolean): Problem | undefined {
  if (!Number.isSafeInteger(amount) || amount <= 0) return { key: 'error.budget' };
  const { min, max } = budgetBounds(currency, ops);
  if (amount < min)
    return { key: 'error.budgetMin', params: { min: minorToDecimal(min, currency), currency } };
  if (amount > max)
    return {
      key: ops ? 'error.budgetMaxOps' : 'error.budgetMax',
      params: { max: minorToDecimal(max, currency), currency },
    };
  return undefined;
}

export const NAME_MIN = 2;
export const NAME_MAX = 80;
export function nameProblem(name: string): Problem | undefined {
  const trimmed = name.trim();
  if (trimmed.length < NAME_MIN || trimmed.length > NAME_MAX)
    return { key: 'error.name', params: { min: NAME_MIN, max: NAME_MAX } };
  return undefined;
}

export const STOP_REASON_MAX = 500;

/** Whether the caller may move a campaign from `from` to `to` (`undefined`), or the refusal's message. */
export function transitionProblem(from: CampaignState, to: CampaignState, ops: boolean): string | undefined {
  if (from === to) return undefined;
  if (to === 'stopped') return ops ? undefined : 'only ads ops stop a campaign';
  if (from === 'stopped' && !ops) return 'the campaign was stopped by ads ops';
  return undefined;
}

export interface DayResult {
  impressions: number;
  clicks: number;
  orders: number;
  /** Minor units of the campaign's currency; never above the day's budget. */
  spend: number;
}

/** What a unit of each currency buys, against a riyal (for the simulated impressions). */
const UNIT_WEIGHT: Record<string, number> = { BHD: 10, KWD: 12, OMR: 10, EGP: 0.08 };

/** The simulated network's figures for one campaign on one ended day at a daily budget (minor units). */
export function deliver(campaignId: string, day: string, budget: number, currency: string): DayResult {
  const random = mulberry32(fnv1a(`${campaignId}|${day}`));
  const spend = Math.floor(budget * (0.55 + 0.45 * random()));
  const units = (spend / 10 ** currencyDecimals(currency)) * (UNIT_WEIGHT[currency] ?? 1);
  const impressions = Math.round(units * (25 + 20 * random()));
  const clicks = Math.round(impressions * (0.008 + 0.022 * random()));
  const orders = Math.round(clicks * (0.02 + 0.06 * random()));
  return { impressions, clicks, orders, spend };
}

export interface Totals extends DayResult {
  /** Clicks per impression, 0–1; null without impressions. */
  ctr: number | null;
  /** Spend per order (minor units, rounded); null without orders. */
  cost_per_order: number | null;
}

export function totals(days: readonly DayResult[]): Totals {
  const sum = days.reduce(
    (acc, d) => ({
      impressions: acc.impressions + d.impressions,
      clicks: acc.clicks + d.clicks,
      orders: acc.orders + d.orders,
      spend: acc.spend + d.spend,
    }),
    { impressions: 0, clicks: 0, orders: 0, spend: 0 },
  );
  return {
    ...sum,
    ctr: sum.impressions > 0 ? sum.clicks / sum.impressions : null,
    cost_per_order: sum.orders > 0 ? Math.round(sum.spend / sum.orders) : null,
  };
}

/** The ended days a running campaign has not been counted for: from the later of its start and the day after the last counted, to yesterday. */
export function daysToDeliver(activeSince: string, deliveredThrough: string | null, today: string): string[] {
  const days: string[] = [];
  let day = deliveredThrough && deliveredThrough >= activeSince ? nextDay(deliveredThrough) : activeSince;
  while (day < today) {
    days.push(day);
    day = nextDay(day);
  }
  return days;
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
