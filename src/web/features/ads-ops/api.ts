/**
 * Ads ops' calls (docs/ads.md "Ads ops"; the provider's staff with the `ads_ops` role): every merchant's campaigns a
 * page at a time, and a change to one (budget up to ten times a merchant's, stop with a reason, start again). Each
 * change reads the list again and is an analytics event with the campaign's id and product.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useChange } from '../../api/useChange';
import type {
  OpsCampaign,
  OpsCampaignAnswer,
  OpsCampaignChange,
  OpsCampaignsAnswer,
} from '../../../contract/ads';
import type { CampaignState } from '../../../domain/ads';
import { analytics } from '../../analytics';
import { api, retryUnless4xx } from '../../api/client';
import type { EventName } from '../../../domain/analyticsEvents';

export type { OpsCampaign };

const BASE = '/merchant/api/v1/ops/ads/campaigns';
export const PAGE_SIZE = 20;

export interface OpsFilters {
  q: string;
  state: CampaignState | '';
  page: number;
}

export const useOpsCampaigns = (filters: OpsFilters) =>
  useQuery({
    queryKey: ['ads-ops', filters],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page), page_size: String(PAGE_SIZE) });
      if (filters.q.trim()) query.set('q', filters.q.trim());
      if (filters.state) query.set('state', filters.state);
      return api<OpsCampaignsAnswer>('GET', `${BASE}?${query}`, undefined, { signal });
    },
    placeholderData: keepPreviousData,
    retry: retryUnless4xx,
  });

// The console starts and stops a campaign (a merchant pauses their own), so it has no "paused" event.
const EVENT: Partial<Record<CampaignState, EventName>> = {
  active: 'ads_ops_campaign_started',
  stopped: 'ads_ops_campaign_stopped',
};

/** A campaign started, stopped (with ads ops' reason) or given another budget. */
export const useChangeOpsCampaign = () =>
  useChange({
    send: async ({ campaign, change }: { campaign: OpsCampaign; change: OpsCampaignChange }) => {
      const { campaign: now } = await api<OpsCampaignAnswer>(
        'PATCH',
        `${BASE}/${encodeURIComponent(campaign.id)}`,
        change,
      );
      const event = change.state ? EVENT[change.state] : 'ads_ops_campaign_budget_changed';
      if (event) analytics.track(event, { campaign_id: now.id, product: now.product });
      return now;
    },
    refresh: [['ads-ops']],
  });
