/**
 * Ads (shell spec §2.3 "ads"; issue 36; docs/ads.md). The spec names the web route and the flags, not the calls;
 * these are ours:
 *
 *   GET   /merchant/api/v1/ads/campaigns        the caller's merchants, their campaigns and results (?days=7|30|90)
 *   POST  /merchant/api/v1/ads/campaigns        a campaign, running from today
 *   PATCH /merchant/api/v1/ads/campaigns/:id    its name, daily budget or state (ads ops: stopped, with a reason)
 *   POST  /merchant/api/v1/ads/invites          invites a person to a merchant's ads (is_ads_user_invite_allowed)
 *
 * Ads ops, the provider's staff with the `ads_ops` role (anyone else 403):
 *
 *   GET   /merchant/api/v1/ops/ads/campaigns      every merchant's campaigns (?q=&state=&page=&page_size=)
 *   PATCH /merchant/api/v1/ops/ads/campaigns/:id  a daily budget up to ten times a merchant's; stop with a reason; start
 */
import type { FastifyInstance } from 'fastify';
import {
  AdsInviteAnswer,
  AdsInviteBody,
  CampaignAnswer,
  CampaignBody,
  CampaignChange,
  CampaignsAnswer,
  CampaignsQuery,
  OpsCampaignAnswer,
  OpsCampaignChange,
  OpsCampaignsAnswer,
  OpsCampaignsQuery,
} from '../../contract/ads';
import type { ResultWindow } from '../../domain/ads';
import { accountOf } from '../auth/session';
import { answers, ID_PARAMS } from '../openapi';
import type { AdsService } from '../services/ads';
import type { UsersService } from '../services/users';

const tags = ['ads'];
const BASE = '/merchant/api/v1/ads';
const OPS = '/merchant/api/v1/ops/ads';

export async function adsRoutes(app: FastifyInstance, opts: { ads: AdsService; users: UsersService }) {
  const { ads, users } = opts;

  app.get<{ Querystring: CampaignsQuery }>(
    `${BASE}/campaigns`,
    {
      schema: {
        tags,
        summary: 'The caller’s merchants that open ads, their campaigns and each one’s results in the window',
        querystring: CampaignsQuery,
        response: answers({ 200: CampaignsAnswer }),
      },
    },
    async (request) => ads.list(accountOf(request), (request.query.days ?? 30) as ResultWindow),
  );
  app.post<{ Body: CampaignBody }>(
    `${BASE}/campaigns`,
    {
      schema: {
        tags,
        summary: 'Creates a campaign for one of the merchant’s payment products; it runs from today',
        body: CampaignBody,
        response: answers({ 200: CampaignAnswer }),
      },
    },
    async (request) => ads.create(accountOf(request), request.body),
  );
  app.patch<{ Params: { id: string }; Body: CampaignChange }>(
    `${BASE}/campaigns/:id`,
    {
      schema: {
        tags,
        summary:
          'Renames a campaign, changes its daily budget, starts or pauses it (a stopped one is ads ops’)',
        params: ID_PARAMS,
        body: CampaignChange,
        response: answers({ 200: CampaignAnswer }),
      },
    },
    async (request) => ads.change(accountOf(request), request.params.id, request.body),
  );
  app.post<{ Body: AdsInviteBody }>(
    `${BASE}/invites`,
    {
      schema: {
        tags,
        summary: 'Invites a person to one merchant’s ads (the ads manager role)',
        body: AdsInviteBody,
        response: answers({ 200: AdsInviteAnswer }),
      },
    },
    async (request) => {
      const { user } = await users.inviteToAds(accountOf(request), request.body);
      return { email: user.email ?? request.body.email, merchant_id: request.body.merchant_id };
    },
  );

  app.get<{ Querystring: OpsCampaignsQuery }>(
    `${OPS}/campaigns`,
    {
      schema: {
        tags,
        summary: 'Ads ops: every merchant’s campaigns, newest first, a page at a time, with 30 days’ results',
        querystring: OpsCampaignsQuery,
        response: answers({ 200: OpsCampaignsAnswer }),
      },
    },
    async (request) => ads.opsList(accountOf(request), request.query),
  );
  app.patch<{ Params: { id: string }; Body: OpsCampaignChange }>(
    `${OPS}/campaigns/:id`,
    {
      schema: {
        tags,
        summary:
          'Ads ops: a campaign’s daily budget (up to ten times a merchant’s), stop it with a reason, start it again',
        params: ID_PARAMS,
        body: OpsCampaignChange,
        response: answers({ 200: OpsCampaignAnswer }),
      },
    },
    async (request) => ads.opsChange(accountOf(request), request.params.id, request.body),
  );
}
