/**
 * The sandbox e-commerce connector's consent page (services/connectors.ts; capital spec §2 "Sales data"): what
 * the provider's aggregator would show, ours, labelled "sandbox" on every line that matters — no real store is
 * reached. A signed-in merchant approves connecting a platform for one of the merchants whose capital it sees;
 * the page's Approve goes back to the app's own path with a `public_token` (issued as the page is drawn: it is
 * signed, not stored, so drawing it changes nothing), which the app sends to `…/connect`. Cancel goes back with
 * `error=access_denied`. Under `/merchant/` so the session is read.
 *
 * The page is plain HTML with no script (the strict CSP holds) in the merchant's language (en or ar, from
 * `lang`, else English), its texts from `locales/<lang>/sandbox.json` (server-only: the web app never loads them).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../auth/session';
import { HttpError, notFound } from '../errors';
import { PLATFORMS } from '../../domain/capital/types';
import { ECOMMERCE_PLATFORMS } from '../../domain/marketing';
import type { CapitalService } from '../services/capital';
import type { MarketingService } from '../services/marketing';
import { answers } from '../openapi';
import { escapeHtml, fillText, sendSandboxPage } from './sandboxPage';
import { isReturnPath, type SandboxConnector } from '../services/connectors';

type Lang = 'en' | 'ar';

const QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['merchant_id', 'platform'],
  properties: {
    merchant_id: { type: 'string', minLength: 1, maxLength: 64 },
    // Capital's sales-data platforms and marketing's (onboarding spec §9's list).
    platform: { enum: [...new Set<string>([...PLATFORMS, ...ECOMMERCE_PLATFORMS])] },
    return_to: { type: 'string', minLength: 1, maxLength: 500 },
    lang: { enum: ['en', 'ar'] },
  },
} as const;
type Query = { merchant_id: string; platform: string; return_to?: string; lang?: Lang };

export async function sandboxRoutes(
  app: FastifyInstance,
  opts: {
    connector: SandboxConnector;
    capital: CapitalService;
    marketing: MarketingService;
    localesDir: string;
  },
) {
  const { connector, capital, marketing } = opts;
  const texts = Object.fromEntries(
    (['en', 'ar'] as const).map((lang) => {
      const all = JSON.parse(readFileSync(path.join(opts.localesDir, lang, 'sandbox.json'), 'utf8')) as {
        page: Record<string, string>;
        platform: Record<string, string>;
      };
      return [lang, { ...all.page, ...all.platform }];
    }),
  ) as Record<Lang, Record<string, string>>;

  /**
   * The caller may connect for this merchant: capital's sales data (its platforms, capital's scope) or marketing's
   * catalogue (any of the 24, marketing's scope, coming back to `/marketing/…`); 404 for a merchant not theirs.
   */
  async function check(request: { query: Query } & Parameters<typeof requireSession>[0]) {
    const session = requireSession(request);
    const { merchant_id: merchantId, platform, return_to: returnTo } = request.query;
    const forMarketing =
      returnTo?.startsWith('/marketing/') === true &&
      (await marketing.mayConnect(session.accountId, merchantId));
    if (!forMarketing) {
      if (!(PLATFORMS as readonly string[]).includes(platform)) throw notFound('platform not found');
      const scope = await capital.scopeOf(session.accountId);
      if (!scope.merchantIds.includes(merchantId)) throw notFound('merchant not found');
    }
    const back = returnTo ?? '/finance/capital';
    if (!isReturnPath(back))
      throw new HttpError(400, 'bad_request', {
        '/return_to': { key: 'validation:error.pattern', params: {} },
      });
    return { back, session };
  }
  const withQuery = (back: string, params: Record<string, string>) =>
    `${back}${back.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`;

  app.get<{ Querystring: Query }>(
    '/merchant/sandbox/ecommerce/consent',
    {
      schema: {
        tags: ['capital'],
        summary:
          "The sandbox e-commerce connector's consent page (HTML): Approve goes back to return_to with a public_token",
        querystring: QUERY,
        response: answers({ 200: { content: { 'text/html': { schema: { type: 'string' } } } } }),
      },
    },
    async (request, reply) => {
      const { back } = await check(request);
      const lang: Lang = request.query.lang ?? 'en';
      const t = texts[lang];
      const { merchant_id: merchant, platform } = request.query;
      const approve = withQuery(back, {
        platform,
        merchant_id: merchant,
        public_token: await connector.issue(merchant, platform),
      });
      const cancel = withQuery(back, { platform, error: 'access_denied' });
      const title = fillText(t.title!, { platform: t[platform]! });
      return sendSandboxPage(reply, {
        lang,
        title,
        testId: 'sandbox-consent',
        css: `.actions{display:flex;gap:.75rem;margin-top:1.5rem;flex-wrap:wrap}
a.button{display:inline-block;padding:.6rem 1.1rem;border-radius:8px;text-decoration:none;font-weight:600}
a.primary{background:#12b886;color:#fff}
a.secondary{border:1px solid #ced4da;color:#1a1b1e}`,
        main: `<span class="badge">${escapeHtml(t.badge!)}</span>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t.body!)}</p>
<p><small>${escapeHtml(t.merchant!)}: <bdi>${escapeHtml(merchant)}</bdi></small></p>
<div class="actions">
<a class="button primary" href="${escapeHtml(approve)}">${escapeHtml(t.approve!)}</a>
<a class="button secondary" href="${escapeHtml(cancel)}">${escapeHtml(t.cancel!)}</a>
</div>`,
      });
    },
  );
}
