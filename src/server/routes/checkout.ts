/**
 * The sandbox checkout's pages (services/checkout.ts; docs/orders.md "Payment links"): what the customer sees on
 * following a payment link's SMS where no real checkout is configured.
 *
 *   GET  /checkout/pl/:token    the link: merchant, order, amount, product, items, and Pay (opens a sent link)
 *   POST /checkout/pl/:token    pays it (a form post; the customer's name when the merchant gave none), then
 *                               back to the page, which says it is paid
 *
 * Plain HTML with no script (the strict CSP holds), in the customer's language (`lang`, else the store country's
 * as the SMS was), its texts from `locales/<lang>/sandbox.json` and the products' names from the app's
 * `orders.json` (one wording of each product). Not under /merchant/: the customer has no session; the token in
 * the address is the credential.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { linkLanguage } from '../../domain/paymentLinks';
import { HttpError } from '../errors';
import { pageAnswers } from '../openapi';
import { escapeHtml, fillText, sendSandboxPage } from './sandboxPage';
import type { CheckoutService, CheckoutView } from '../services/checkout';

type Lang = 'en' | 'ar';

const PARAMS = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
const QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { lang: { enum: ['en', 'ar'] } },
} as const;
type Req = { Params: { token: string }; Querystring: { lang?: Lang } };

/** The checkout page's own look, beside the sandbox pages' shared one. */
const CSS = `.top{display:flex;justify-content:space-between;align-items:center;gap:1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1rem 0}
dt{color:#495057}
dd{margin:0;font-weight:600}
ul{padding-inline-start:1.2rem;margin:.25rem 0 1rem}
label{display:block;font-weight:600;margin:.75rem 0 .35rem}
input{box-sizing:border-box;width:100%;padding:.55rem .7rem;border:1px solid #adb5bd;border-radius:8px;font:inherit}
.error{color:#c92a2a;margin:.35rem 0 0}
button{margin-top:1.25rem;width:100%;padding:.7rem 1.1rem;border:0;border-radius:8px;background:#0b7a5a;color:#fff;font:inherit;font-weight:700;cursor:pointer}
.state{padding:.75rem 1rem;border-radius:8px;background:#e6fcf5;color:#0b5d45}
.state.closed{background:#fff5f5;color:#a51d1d}
a{color:#1864ab}`;

/** The link's items, one a line with its quantity and unit price (none: nothing). */
function itemsHtml(view: CheckoutView, t: Record<string, string>) {
  if (!view.items.length) return '';
  const line = (i: CheckoutView['items'][number]) =>
    `<li><bdi>${escapeHtml(i.name)}</bdi> × ${i.quantity} — <bdi dir="ltr">${escapeHtml(i.unitPrice)} ${escapeHtml(view.currency)}</bdi></li>`;
  return `<h2 style="font-size:1rem">${escapeHtml(t.items!)}</h2><ul>${view.items.map(line).join('')}</ul>`;
}

/** The page's texts and the products' names in both languages, read once from the catalogue's locales. */
function checkoutTexts(localesDir: string) {
  const read = (lang: Lang, file: string) =>
    JSON.parse(readFileSync(path.join(localesDir, lang, file), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
  const texts = {} as Record<Lang, Record<string, string>>;
  const products = {} as Record<Lang, Record<string, string>>;
  for (const lang of ['en', 'ar'] as const) {
    const sandbox = read(lang, 'sandbox.json');
    texts[lang] = { badge: sandbox.page!.badge!, ...sandbox.checkout! };
    products[lang] = read(lang, 'orders.json').product!;
  }
  return { texts, products };
}

export async function checkoutRoutes(
  app: FastifyInstance,
  opts: { checkout: CheckoutService; localesDir: string },
) {
  const { checkout } = opts;
  const { texts, products } = checkoutTexts(opts.localesDir);

  // The page's form posts `customer_name=…` (the only body these routes take); in this plugin only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const page = (reply: FastifyReply, status: number, lang: Lang, title: string, main: string) =>
    sendSandboxPage(reply, { status, lang, title, testId: 'sandbox-checkout', css: CSS, main });

  function draw(
    reply: FastifyReply,
    token: string,
    view: CheckoutView,
    asked: Lang | undefined,
    problem?: { name: string },
  ) {
    const lang = asked ?? linkLanguage(view.storeCountry);
    const t = texts[lang];
    const other: Lang = lang === 'ar' ? 'en' : 'ar';
    const amount = `<bdi dir="ltr">${escapeHtml(view.amount)} ${escapeHtml(view.currency)}</bdi>`;
    const merchant = `<bdi>${escapeHtml(view.merchantName)}</bdi>`;
    const expires = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Riyadh',
    }).format(view.expiresAt);
    const items = itemsHtml(view, t);
    const state =
      view.status === 'paid'
        ? `<p class="state" role="status">${fillText(escapeHtml(t.paid!), { merchant, reference: `<bdi>${escapeHtml(view.orderReference)}</bdi>` })}</p>`
        : view.status === 'expired' || view.status === 'cancelled'
          ? `<p class="state closed" role="status">${fillText(escapeHtml(t[view.status]!), { merchant })}</p>`
          : `<p>${escapeHtml(t.body!)}</p>
<p>${escapeHtml(fillText(t.expires!, { date: expires }))}</p>
<form method="post" action="/checkout/pl/${escapeHtml(token)}?lang=${lang}">${
              view.asksName
                ? `<label for="customer_name">${escapeHtml(t.name!)}</label>
<input id="customer_name" name="customer_name" autocomplete="name" maxlength="120" required${
                    problem
                      ? ` value="${escapeHtml(problem.name)}" aria-invalid="true" aria-describedby="name-error"`
                      : ''
                  }>${problem ? `<p class="error" id="name-error">${escapeHtml(t.nameMissing!)}</p>` : ''}`
                : ''
            }
<button type="submit">${fillText(escapeHtml(t.pay!), { total: amount })}</button>
</form>`;
    const title = fillText(t.title!, { merchant: view.merchantName });
    return page(
      reply,
      problem ? 400 : 200,
      lang,
      title,
      `<div class="top"><span class="badge">${escapeHtml(t.badge!)}</span><a href="/checkout/pl/${escapeHtml(token)}?lang=${other}" lang="${other}">${escapeHtml(t.language!)}</a></div>
<h1>${fillText(escapeHtml(t.title!), { merchant })}</h1>
<dl><dt>${escapeHtml(t.order!)}</dt><dd><bdi>${escapeHtml(view.orderReference)}</bdi></dd>
<dt>${escapeHtml(t.amount!)}</dt><dd>${amount}</dd>
<dt>${escapeHtml(t.product!)}</dt><dd>${escapeHtml(products[lang][view.product] ?? view.product)}</dd></dl>
${items}${state}`,
    );
  }

  /** A token that names no link: the customer's page says so, in their language (404). */
  function notFound(reply: FastifyReply, asked: Lang | undefined) {
    const lang = asked ?? 'en';
    const t = texts[lang];
    return page(
      reply,
      404,
      lang,
      t.notFoundTitle!,
      `<span class="badge">${escapeHtml(t.badge!)}</span><h1>${escapeHtml(t.notFoundTitle!)}</h1><p>${escapeHtml(t.notFound!)}</p>`,
    );
  }

  const schema = (summary: string) => ({
    tags: ['payment links'],
    summary,
    params: PARAMS,
    querystring: QUERY,
    // The customer reads a page, "not found" included (in the store's language); a bad request is JSON.
    response: pageAnswers(),
  });

  app.get<Req>(
    '/checkout/pl/:token',
    { schema: schema('The sandbox checkout of a payment link (HTML): opening a sent link makes it opened') },
    async (request, reply) => {
      try {
        return draw(
          reply,
          request.params.token,
          await checkout.open(request.params.token),
          request.query.lang,
        );
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return notFound(reply, request.query.lang);
        throw error;
      }
    },
  );

  app.post<Req & { Body: { customer_name?: string } | undefined }>(
    '/checkout/pl/:token',
    {
      schema: {
        ...schema('Pays a payment link in the sandbox checkout (a form post), then back to its page'),
        consumes: ['application/x-www-form-urlencoded'],
        body: {
          type: 'object',
          properties: {
            customer_name: { type: 'string', maxLength: 200, description: 'when the merchant gave none' },
          },
        },
        // Paid: to the link's page; a name missing: the page again (400) with what was typed.
        response: pageAnswers({
          303: { description: 'to the link’s page', type: 'null' },
          400: {
            description: 'the page again, asking for the name; a body that is not the form, the shared error',
            content: {
              'text/html': { schema: { type: 'string' } },
              'application/json': { schema: { $ref: 'ApiError#' } },
            },
          },
        }),
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const lang = request.query.lang;
      const back = `/checkout/pl/${encodeURIComponent(token)}${lang ? `?lang=${lang}` : ''}`;
      try {
        await checkout.pay(token, request.body?.customer_name);
        return reply.code(303).header('location', back).send();
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        if (error.status === 404) return notFound(reply, lang);
        // Paid, cancelled or expired meanwhile: the page says where it stands.
        if (error.status === 409) return reply.code(303).header('location', back).send();
        // No name given: the page again, with the name asked for and what was typed kept.
        return draw(reply, token, await checkout.open(token), lang, {
          name: request.body?.customer_name ?? '',
        });
      }
    },
  );
}
