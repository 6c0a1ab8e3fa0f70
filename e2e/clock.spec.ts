/**
 * Tests that move the server's clock (`POST /dev/clock`). The clock is the whole server's: a jump of two minutes
 * expires every code another test has just been sent. So these run in their own Playwright project against the
 * second server, whose other tests sign in without codes, after the studio's (playwright.config.ts).
 * (`playwright test --no-deps e2e/clock.spec.ts` runs it alone, without the studio first.)
 */
import { expect, test } from './test';

import { codeFor, continueWhenReady, enterCode, unique } from './signInSteps';

test('a wrong code shows the spec’s message; resend waits for its countdown and restarts it', async ({
  page,
  request,
}) => {
  const email = `wrong-${unique()}@example.com`;
  await page.clock.install();
  await page.goto('/auth');
  await page.getByLabel('Work e-mail').fill(email);
  await continueWhenReady(page);
  const right = await codeFor(request, email);
  await enterCode(page, right === '000000' ? '111111' : '000000');
  await expect(page.getByText('This code is incorrect or has expired').first()).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This code is incorrect or has expired' }),
  ).toBeVisible();
  const resend = page.getByRole('button', { name: /New code in \d+ s/ });
  await expect(resend).toBeDisabled();
  // Two minutes later, in the browser and on the server.
  await request.post('/dev/clock', { data: { advance_ms: 121_000 } });
  await page.clock.fastForward('02:01');
  const now = page.getByRole('button', { name: 'Send a new code' });
  await expect(now).toBeEnabled();
  await now.click();
  await expect(page.getByRole('button', { name: /New code in 1[12]\d s/ })).toBeDisabled();
  await expect.poll(() => codeFor(request, email)).not.toBe(right);
});
