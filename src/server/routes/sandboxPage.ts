/**
 * The frame of the sandbox's plain pages (the e-commerce consent page, routes/sandbox.ts; the payment-link
 * checkout, routes/checkout.ts): HTML with no script (the strict CSP holds), in the reader's language and
 * direction, the SANDBOX badge's look, the product's icon (no /favicon.ico 404; issue 56), never cached. One place
 * for the escaping and the shared look.
 */
import type { FastifyReply } from 'fastify';

/** Text made safe for HTML, in an element or an attribute. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A translation's `{{name}}` placeholders filled (values as given: escape them first when they are text). */
export const fillText = (text: string, params: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');

const BASE_CSS = `body{font-family:system-ui,sans-serif;margin:0;padding:0 1rem;background:#f4f6f8;color:#1a1b1e}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;border:1px solid #dee2e6}
.badge{display:inline-block;background:#fff3bf;color:#854d0e;font-weight:700;font-size:.75rem;padding:.2rem .6rem;border-radius:99px;letter-spacing:.05em}
h1{font-size:1.25rem;margin:.75rem 0}
p{line-height:1.5}`;

/** Sends a sandbox page: `main` is HTML already (its text escaped), `css` what the page adds to the base look. */
export function sendSandboxPage(
  reply: FastifyReply,
  page: { status?: number; lang: 'en' | 'ar'; title: string; testId: string; css?: string; main: string },
) {
  const html = `<!doctype html>
<html lang="${page.lang}" dir="${page.lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(page.title)}</title>
<style>
${BASE_CSS}
${page.css ?? ''}
</style></head>
<body><main data-testid="${page.testId}">${page.main}</main></body></html>`;
  return reply
    .code(page.status ?? 200)
    .header('cache-control', 'no-store')
    .header('content-type', 'text/html; charset=utf-8')
    .send(html);
}
