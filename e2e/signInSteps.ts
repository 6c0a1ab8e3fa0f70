/** The steps of signing in through the UI that the sign-in tests share: codes from the outbox, typed as a person types. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** The newest code sent to an address (an invitation to it carries none), waiting for it to be written. */
export async function codeFor(request: APIRequestContext, to: string): Promise<string> {
  const newest = async () =>
    ((await (await request.get('/dev/outbox')).json()) as { to: string; code?: string }[]).find(
      (m) => m.to === to && m.code,
    )?.code;
  await expect.poll(newest).toBeTruthy();
  return (await newest())!;
}

export async function enterCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: /^Digit 1 of \d of the code$/ }).click();
  await page.keyboard.type(code);
}

export async function continueWhenReady(page: Page) {
  const button = page.getByRole('button', { name: 'Continue' });
  await expect(button).toBeEnabled({ timeout: 15_000 }); // the proof of work is solved
  await button.click();
}
