/**
 * The step-up code's dialog (issue 56, point 2): opened again within the resend interval it says when the code
 * still valid went out — in both languages, the time isolated in Arabic — keeps the resend's countdown, and the
 * last digit typed spends the code without a click.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import authEn from '../../locales/en/auth.json';
import authAr from '../../locales/ar/auth.json';
import { StepUpDialog } from '../../src/web/components/StepUpDialog';
import { timeText } from '../../src/web/components/listText';
import { ApiError } from '../../src/web/api/client';

const SENT_AT = '2026-11-29T09:04:00.000Z';

async function open(lang: 'en' | 'ar', answer: object) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    defaultNS: 'auth',
    resources: { en: { auth: authEn }, ar: { auth: authAr } },
  });
  const fetch = vi.fn().mockResolvedValue(Response.json(answer));
  vi.stubGlobal('fetch', fetch);
  const onCode = vi.fn().mockResolvedValue(undefined);
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <StepUpDialog
          purpose="api_key_reveal"
          title="Reveal"
          action="Reveal"
          onCode={onCode}
          onClose={vi.fn()}
        />
      </MantineProvider>
    </I18nextProvider>,
  );
  return { fetch, onCode };
}

afterEach(() => vi.unstubAllGlobals());

const STILL_VALID = { sent: false, sent_at: SENT_AT, factor: 'phone', to: '+9665••••••67', resend_after: 75 };

describe('the step-up dialog', () => {
  it('says the code sent at its time is still valid, with the countdown to a new one', async () => {
    const { fetch } = await open('en', STILL_VALID);
    expect(
      await screen.findByText(
        `We sent a code to \u2066+9665••••••67\u2069 at \u2066${timeText(SENT_AT)}\u2069; it is still valid. Enter it to go on.`,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /New code in 7\d s/ }).hasAttribute('disabled')).toBe(true);
    // Asked for without `resend`: the server keeps the code already sent.
    expect(JSON.parse(String((fetch.mock.calls[0] as [string, RequestInit])[1].body))).toEqual({
      purpose: 'api_key_reveal',
    });
  });

  it('says it in Arabic, the masked phone and the time left to right inside it', async () => {
    await open('ar', STILL_VALID);
    expect(
      await screen.findByText(
        `أرسلنا رمزًا إلى \u2066+9665••••••67\u2069 الساعة \u2066${timeText(SENT_AT)}\u2069، وما زال صالحًا. أدخله للمتابعة.`,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /رمز جديد بعد 7\d ث/ })).toBeTruthy();
  });

  it('spends the code as its last digit is typed, without a click', async () => {
    const { onCode } = await open('en', { ...STILL_VALID, sent: true, resend_after: 120 });
    await screen.findByText(/We sent a code to/);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.keyboard('4821');
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('4821'));
    expect(onCode).toHaveBeenCalledTimes(1);
  });

  it('a code tried wrong too often says so and lets a new one be asked for at once (§8 max attempts reached)', async () => {
    const { onCode } = await open('en', { ...STILL_VALID, sent: true, resend_after: 120 });
    onCode.mockRejectedValue(new ApiError(400, 'max attempts reached'));
    await screen.findByText(/We sent a code to/);
    expect(screen.getByRole('button', { name: /New code in/ }).hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.keyboard('1111');
    expect(
      await screen.findByText('This code was entered incorrectly too many times. Request a new code'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send a new code' }).hasAttribute('disabled')).toBe(false),
    );
  });
});
