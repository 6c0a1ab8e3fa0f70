/**
 * A bank statement larger than the plain upload call takes (issue 59; docs/uploads.md) goes as a resumable upload
 * from the full-revenue wizard's upload field: progress while it goes, the connection dropped mid-way resumed by
 * itself, and the stored file on the field. The byte-level resume (cut at 40 % of 150 MB, byte-identical) is the
 * server's test (tests/server/resumable-upload.test.ts); this is the widget in a browser.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './test';
import { capitalMerchant } from './capitalMerchant';

test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');

test('a 30 MB statement survives a dropped connection and lands on its field', async ({ page }) => {
  test.setTimeout(90_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-statement-'));
  const file = path.join(dir, 'statement-large.pdf');
  writeFileSync(file, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(30_000_000)]));
  try {
    const made = await capitalMerchant(page, {
      capital_offers: [
        { id: 'off-e2e-big', amount: 150000, currency: 'AED', tenor: 20, tags: ['full_revenue_flow'] },
      ],
    });
    await page.goto(
      `/finance/capital/application-full-revenue/${made.id('off-e2e-big')}/${made.merchant}/customize_your_offer`,
    );
    await page.getByTestId('customise-continue').click();
    await expect(page).toHaveURL(/\/bank-statements$/);

    // The first time the bytes go, the connection drops; the upload goes on from where the server got to.
    let dropped = 0;
    await page.route('**/merchant/api/v1/uploads/resumable/*', async (route) => {
      if (route.request().method() === 'PATCH' && dropped === 0) {
        dropped += 1;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/uploads/resumable') && asked.push(r.method()));
    await page.locator('form:visible input[type=file]').first().setInputFiles(file);
    await expect(page.getByText('statement-large.pdf').first()).toBeVisible();
    await expect(page.locator('form:visible').getByRole('progressbar')).toHaveCount(0, { timeout: 60_000 });
    expect(dropped).toBe(1);
    // Created once, asked how far it got, and sent again from there — never a second upload.
    expect(asked.filter((m) => m === 'POST')).toHaveLength(1);
    expect(asked).toContain('HEAD');
    // The stored file is the field's answer: no upload error, and the field offers it for download.
    await expect(page.getByText('The upload failed')).toHaveCount(0);
    await expect(page.locator('form:visible').getByText('Download', { exact: true })).toBeVisible();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
