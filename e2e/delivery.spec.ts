/**
 * What a merchant's browser receives (issue 54; docs/benchmarks.md "Page loads"): on the sign-in page and a
 * signed-in list, every text response over 1 KiB arrives compressed, and every hashed asset is cached for good —
 * the build's twins and the server's compression, as served by the real build.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { signInAs } from './helpers';

/** Every response of a page load, with its headers and the bytes of its body as they came over the wire. */
async function load(page: Page, url: string) {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  return Promise.all(
    responses.map(async (response) => ({
      path: new URL(response.url()).pathname,
      headers: await response.allHeaders(),
      size: (await response.body().catch(() => Buffer.alloc(0))).length,
    })),
  );
}

test.describe('what the browser receives', () => {
  test.skip(({ isMobile }) => isMobile, 'the same bytes at any width: desktop project');

  for (const [name, url, persona] of [
    ['sign-in', '/auth?lang=ar', undefined],
    ['orders', '/payments?lang=en', 'acc-admin'],
  ] as const) {
    test(`${name}: text compressed, hashed assets cached for good`, async ({ page }) => {
      if (persona) await signInAs(page, persona);
      const received = await load(page, url);
      const text = received.filter(
        (r) =>
          /^(text\/|application\/(javascript|json)|image\/svg)/.test(r.headers['content-type'] ?? '') &&
          r.size > 1024,
      );
      expect(text.length).toBeGreaterThan(3);
      for (const r of text) expect(r.headers['content-encoding'], r.path).toMatch(/^(br|gzip)$/);
      const assets = received.filter((r) => r.path.startsWith('/assets/'));
      expect(assets.length).toBeGreaterThan(3);
      for (const r of assets) expect(r.headers['cache-control'], r.path).toContain('immutable');
    });
  }
});
