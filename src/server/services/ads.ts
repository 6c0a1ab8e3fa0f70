/**
 * Ads (shell spec §2.3, §6 canView{product}Ads; issue 36; docs/ads.md): a merchant's campaigns per payment product,
 * their results, start/pause, the daily budget — and ads ops, the provider's staff with the `ads_ops` role, who
 * moderate every merchant's campaigns: a budget up to ten times a merchant's ceiling, stop with a reason, start a
 * stopped one (issue 53, finding 3: a merchant's own admin held these before). Each rule in src/domain/ads.ts.
 * Scope: a merchant, the merchants whose membership opens canViewAds (another merchant's campaign "does not
 * exist", 404; a caller with none gets 403); ads ops, every campaign (anyone else 403).
 *
 * Results are counted lazily: reading or changing a campaign first writes the ended days it has not been counted
 * for (domain/ads `daysToDeliver`, the simulated network's `deliver`) at the budget it has until then.
 */
import { randomUUID } from 'node:crypto';
import {
  budgetBounds,
  budgetProblem,
  daysToDeliver,
  deliver,
  nameProblem,
  totals,
  transitionProblem,
  type CampaignState,
  type Problem,
  type ResultWindow,
} from '../../domain/ads';
import { decimalToMinor, minorToDecimal } from '../../domain/money';
import { addDays, dayOf } from '../../domain/payouts';
import { currencyOfCountry, PRODUCTS, type Product } from '../../domain/stores';
import type {
  AdsMerchant,
  Campaign,
  CampaignAnswer,
  CampaignBody,
  CampaignChange,
  CampaignsAnswer,
  OpsCampaign,
  OpsCampaignAnswer,
  OpsCampaignChange,
  OpsCampaignsAnswer,
  OpsCampaignsQuery,
} from '../../contract/ads';
import type { Clock } from '../clock';
import { fieldError, HttpError, notFound, refuseProblems, type FieldError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { AdsRepository, CampaignRow } from '../repositories/ads';
import { flagsForRole } from '../../domain/permissions';
import { requireMemberships } from './memberships';

export interface AdsDeps {
  repository: AdsRepository;
  accounts: AccountRepository;
  clock: Clock;
}

interface Scope {
  merchantId: string;
  merchantName: string;
  currency: string;
  products: Product[];
  canInvite: boolean;
}

/** The staff role that moderates every merchant's campaigns (accounts.staff_role). */
export const ADS_OPS_ROLE = 'ads_ops';

const problemOf = (p: Problem): FieldError => fieldError(`ads:${p.key}`, p.params ?? {});

export function createAdsService(deps: AdsDeps) {
  const context = adsContext(deps);
  return {
    ...merchantCalls(context),
    ...opsCalls(context),
  };
}

/** A merchant the caller runs ads for, as the list shows it: its products and its budget bounds. */
const merchantOf = (scope: Scope): AdsMerchant => {
  const { min, max } = budgetBounds(scope.currency, false);
  return {
    merchant_id: scope.merchantId,
    merchant_name: scope.merchantName,
    currency: scope.currency,
    products: scope.products,
    can_invite: scope.canInvite,
    budget_min: minorToDecimal(min, scope.currency),
    budget_max: minorToDecimal(max, scope.currency),
  };
};

/** A budget typed as a decimal, in minor units, or the field's problem; `ops`: ads ops' ceiling. */
function budgetOf(text: string, currency: string, ops: boolean): { amount?: number; problem?: FieldError } {
  const amount = decimalToMinor(text, currency);
  if (amount === null) return { problem: problemOf({ key: 'error.budget' }) };
  const problem = budgetProblem(amount, currency, ops);
  return problem ? { problem: problemOf(problem) } : { amount };
}

/** What the calls share: which merchants the caller runs ads for, and a campaign shown and moved. */
function adsContext(deps: AdsDeps) {
  const { repository, accounts, clock } = deps;

  /** The caller's merchants that open ads, with what each membership may do there; 403 when none. */
  async function scopeOf(accountId: string): Promise<Scope[]> {
    const mine = await requireMemberships(accounts, accountId, (p) => p.canViewAds);
    const stores = await accounts.storesOf(mine.map((m) => m.merchantId));
    return mine.map((m) => {
      const flags = flagsForRole(m.role, m.flags);
      const offered = new Set(
        stores.filter((s) => s.merchantId === m.merchantId).flatMap((s) => s.availableProducts ?? []),
      );
      return {
        merchantId: m.merchantId,
        merchantName: m.merchantName,
        currency: currencyOfCountry(m.merchantCountry ?? ''),
        products: PRODUCTS.filter((p) => offered.has(p)),
        canInvite: flags.is_ads_user_invite_allowed === true,
      };
    });
  }

  const today = () => dayOf(clock.now());

  /** Writes the ended days a running campaign has not been counted for; answers the row as it now stands. */
  async function catchUp(row: CampaignRow): Promise<CampaignRow> {
    if (row.state !== 'active' || !row.activeSince) return row;
    const days = daysToDeliver(row.activeSince, row.deliveredThrough, today());
    if (days.length === 0) return row;
    const through = days[days.length - 1]!;
    await repository.deliver(
      row.id,
      days.map((day) => ({
        campaignId: row.id,
        day,
        ...deliver(row.id, day, row.dailyBudget, row.currency),
      })),
      through,
    );
    return { ...row, deliveredThrough: through };
  }

  async function present(rows: CampaignRow[], window: ResultWindow): Promise<Campaign[]> {
    const since = addDays(today(), -window);
    const sums = new Map(
      (
        await repository.sums(
          rows.map((r) => r.id),
          since,
        )
      ).map((s) => [s.campaignId, s]),
    );
    return rows.map((row) => {
      const s = sums.get(row.id);
      const t = totals(s ? [{ ...s, spend: Number(s.spend) }] : []);
      return {
        id: row.id,
        merchant_id: row.merchantId,
        merchant_name: row.merchantName,
        product: row.product as Product,
        name: row.name,
        currency: row.currency,
        daily_budget: minorToDecimal(row.dailyBudget, row.currency),
        state: row.state as CampaignState,
        stop_reason: row.stopReason,
        results_through: row.deliveredThrough,
        results: {
          impressions: t.impressions,
          clicks: t.clicks,
          orders: t.orders,
          spend: minorToDecimal(t.spend, row.currency),
          ctr: t.ctr,
          cost_per_order: t.cost_per_order === null ? null : minorToDecimal(t.cost_per_order, row.currency),
        },
        created_at: row.createdAt.toISOString(),
      };
    });
  }

  /**
   * A change to a stored campaign, by a merchant or by ads ops: each bad field named, a refused state change said
   * (403 stopping as a merchant, 409 starting a stopped one as a merchant), the ended days counted first at the old
   * budget, then the change written. A stop keeps its reason until ads ops start the campaign again.
   */
  async function applyChange(
    stored: CampaignRow,
    body: { name?: string; daily_budget?: string; state?: CampaignState; stop_reason?: string },
    ops: boolean,
  ): Promise<CampaignRow> {
    const problems: Record<string, FieldError> = {};
    const set: Partial<CampaignRow> = {};
    if (body.name !== undefined) {
      const problem = nameProblem(body.name);
      if (problem) problems['/name'] = problemOf(problem);
      else set.name = body.name.trim();
    }
    // The budget as it is stored passes as it is: a merchant renaming a campaign ads ops gave more keeps it.
    if (
      body.daily_budget !== undefined &&
      decimalToMinor(body.daily_budget, stored.currency) !== stored.dailyBudget
    ) {
      const budget = budgetOf(body.daily_budget, stored.currency, ops);
      if (budget.problem) problems['/daily_budget'] = budget.problem;
      else set.dailyBudget = budget.amount!;
    }
    const to = body.state;
    if (to === 'stopped' && ops && stored.state !== 'stopped' && !body.stop_reason?.trim())
      problems['/stop_reason'] = fieldError('ads:error.stopReason');
    refuseProblems(problems);
    const from = stored.state as CampaignState;
    if (to !== undefined) {
      const refused = transitionProblem(from, to, ops);
      if (refused) throw new HttpError(to === 'stopped' ? 403 : 409, refused);
    }
    const row = await catchUp(stored);
    if (to !== undefined && to !== from) {
      set.state = to;
      set.activeSince = to === 'active' ? today() : null;
      set.stopReason = to === 'stopped' ? body.stop_reason!.trim() : null;
    }
    // A budget change while running counts from today: the ended days were counted above at the old one.
    await repository.update(row.id, { ...set, updatedAt: clock.now() });
    return (await repository.campaign(row.id, [row.merchantId]))!;
  }

  /** 403 unless the caller is ads ops (the provider's staff role). */
  async function assertAdsOps(accountId: string) {
    if ((await accounts.account(accountId))?.staffRole !== ADS_OPS_ROLE)
      throw new HttpError(403, 'forbidden');
  }

  async function presentForOps(rows: CampaignRow[]): Promise<OpsCampaign[]> {
    return (await present(rows, 30)).map((campaign) => {
      const { min, max } = budgetBounds(campaign.currency, true);
      return {
        ...campaign,
        budget_min: minorToDecimal(min, campaign.currency),
        budget_max: minorToDecimal(max, campaign.currency),
      };
    });
  }

  async function own(accountId: string, id: string) {
    const scopes = await scopeOf(accountId);
    const row = await repository.campaign(
      id,
      scopes.map((s) => s.merchantId),
    );
    if (!row) throw notFound('campaign not found');
    return { row, scope: scopes.find((s) => s.merchantId === row.merchantId)! };
  }

  return {
    deps,
    repository,
    accounts,
    clock,
    scopeOf,
    today,
    catchUp,
    present,
    merchantOf,
    budgetOf,
    applyChange,
    assertAdsOps,
    presentForOps,
    own,
  };
}
type AdsContext = ReturnType<typeof adsContext>;

/** A merchant's campaigns: listed with their figures, created, started, paused and stopped. */
function merchantCalls(context: AdsContext) {
  const { repository, clock, scopeOf, today, catchUp, present, merchantOf, budgetOf, applyChange, own } =
    context;
  return {
    /** GET /merchant/api/v1/ads/campaigns: every campaign of the caller's merchants with the window's results. */
    async list(accountId: string, window: ResultWindow = 30): Promise<CampaignsAnswer> {
      const scopes = await scopeOf(accountId);
      const rows = await Promise.all(
        (await repository.campaigns(scopes.map((s) => s.merchantId))).map(catchUp),
      );
      return {
        merchants: scopes.map(merchantOf),
        campaigns: await present(rows, window),
        from: addDays(today(), -window),
        to: addDays(today(), -1),
      };
    },

    /** POST /merchant/api/v1/ads/campaigns: a campaign, running from today. */
    async create(accountId: string, body: CampaignBody): Promise<CampaignAnswer> {
      const scopes = await scopeOf(accountId);
      const scope = scopes.find((s) => s.merchantId === body.merchant_id);
      const problems: Record<string, FieldError> = {};
      if (!scope) problems['/merchant_id'] = fieldError('ads:error.merchant');
      else if (!(scope.products as string[]).includes(body.product))
        problems['/product'] = fieldError('ads:error.product');
      const name = nameProblem(body.name);
      if (name) problems['/name'] = problemOf(name);
      const budget = scope ? budgetOf(body.daily_budget, scope.currency, false) : {};
      if (budget.problem) problems['/daily_budget'] = budget.problem;
      refuseProblems(problems);
      const id = `cmp-${randomUUID()}`;
      const now = clock.now();
      await repository.insert({
        id,
        merchantId: scope!.merchantId,
        product: body.product,
        name: body.name.trim(),
        currency: scope!.currency,
        dailyBudget: budget.amount!,
        state: 'active',
        activeSince: today(),
        createdAt: now,
        updatedAt: now,
      });
      const row = (await repository.campaign(id, [scope!.merchantId]))!;
      return { campaign: (await present([row], 30))[0]! };
    },

    /**
     * PATCH /merchant/api/v1/ads/campaigns/{id}: a new name, daily budget (within the merchant's ceiling) or state
     * (start: `active`, pause: `paused`); a campaign ads ops stopped stays stopped (409), and stopping is theirs (403).
     */
    async change(accountId: string, id: string, body: CampaignChange): Promise<CampaignAnswer> {
      const { row } = await own(accountId, id);
      return { campaign: (await present([await applyChange(row, body, false)], 30))[0]! };
    },
  };
}

/** Ads ops: every merchant's campaigns, and their moderation. */
function opsCalls(context: AdsContext) {
  const { repository, today, catchUp, applyChange, assertAdsOps, presentForOps } = context;
  return {
    /**
     * GET /merchant/api/v1/ops/ads/campaigns: every merchant's campaigns for ads ops, newest first, filtered by a
     * part of the campaign's or merchant's name and by state, a page at a time, with the last 30 days' results.
     */
    async opsList(accountId: string, query: OpsCampaignsQuery): Promise<OpsCampaignsAnswer> {
      await assertAdsOps(accountId);
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? 20;
      const { rows, total } = await repository.allCampaigns({
        search: query.q?.trim() || undefined,
        state: query.state,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return {
        campaigns: await presentForOps(await Promise.all(rows.map(catchUp))),
        total,
        page,
        page_size: pageSize,
        from: addDays(today(), -30),
        to: addDays(today(), -1),
      };
    },

    /** PATCH /merchant/api/v1/ops/ads/campaigns/{id}: ads ops' budget (up to ten times a merchant's), stop, start. */
    async opsChange(accountId: string, id: string, body: OpsCampaignChange): Promise<OpsCampaignAnswer> {
      await assertAdsOps(accountId);
      const stored = await repository.campaignById(id);
      if (!stored) throw notFound('campaign not found');
      return { campaign: (await presentForOps([await applyChange(stored, body, true)]))[0]! };
    },
  };
}

export type AdsService = ReturnType<typeof createAdsService>;
