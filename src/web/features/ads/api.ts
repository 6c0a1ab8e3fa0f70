/**
 * Ads' calls (docs/ads.md) as react-query hooks; every change reads the list again. Each change is an analytics
 * event too (campaign created, paused, started, budget changed, stopped; ads invite sent) with the campaign's id and
 * product, never a person's address.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useChange } from '../../api/useChange';
import type {
  AdsMerchant,
  Campaign,
  CampaignAnswer,
  CampaignBody,
  CampaignChange,
  CampaignsAnswer,
} from '../../../contract/ads';
import type { ResultWindow } from '../../../domain/ads';
import { analytics } from '../../analytics';
import { api, retryUnless4xx } from '../../api/client';
import type { EventName } from '../../../domain/analyticsEvents';

export type { AdsMerchant, Campaign, CampaignBody };

const A = '/merchant/api/v1/ads';
export const PAGE_SIZE = 20;

export const useCampaigns = (days: ResultWindow) =>
  useQuery({
    queryKey: ['ads', days],
    queryFn: ({ signal }) =>
      api<CampaignsAnswer>('GET', `${A}/campaigns?days=${days}`, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: retryUnless4xx,
  });

export const useCreateCampaign = () =>
  useChange({
    send: async (body: CampaignBody) => {
      const { campaign } = await api<CampaignAnswer>('POST', `${A}/campaigns`, body);
      analytics.track('ads_campaign_created', { campaign_id: campaign.id, product: campaign.product });
      return campaign;
    },
    refresh: [['ads']],
  });

// A merchant cannot stop a campaign (only ads ops can: 403), so there is no merchant's "stopped" event.
const EVENT: Record<string, EventName> = {
  active: 'ads_campaign_started',
  paused: 'ads_campaign_paused',
};

/** A campaign edited (name, budget) or moved (started, paused). */
export const useChangeCampaign = () =>
  useChange({
    send: async ({ campaign, change }: { campaign: Campaign; change: CampaignChange }) => {
      const { campaign: now } = await api<CampaignAnswer>(
        'PATCH',
        `${A}/campaigns/${encodeURIComponent(campaign.id)}`,
        change,
      );
      const event = change.state ? EVENT[change.state] : 'ads_campaign_edited';
      analytics.track(event ?? 'ads_campaign_edited', { campaign_id: now.id, product: now.product });
      return now;
    },
    refresh: [['ads']],
  });

/** An invitation to a merchant's team for ads (the team's list reads it). */
export const useInviteToAds = () =>
  useChange({
    send: async (body: { merchant_id: string; email: string; lang: string }) => {
      const answer = await api<{ email: string; merchant_id: string }>('POST', `${A}/invites`, body);
      analytics.track('ads_invite_sent', { merchant_id: body.merchant_id });
      return answer;
    },
    refresh: [['users']],
  });
