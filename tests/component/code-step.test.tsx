/**
 * Sign-in's code step (shell spec §2.1): the resend control waits out its countdown — except after §8's "max
 * attempts reached", when the code is dead and the server sends a new one at once.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import authEn from '../../locales/en/auth.json';
import { CodeStep } from '../../src/web/components/CodeStep';

async function draw(resendNow: boolean, onBack = vi.fn()) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', defaultNS: 'auth', resources: { en: { auth: authEn } } });
  const step = (now: boolean) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <CodeStep
          title="Check your e-mail"
          body="Enter the code"
          length={6}
          busy={false}
          onVerify={vi.fn()}
          onResend={vi.fn().mockResolvedValue(true)}
          backLabel="Change e-mail"
          onBack={onBack}
          resendNow={now}
        />
      </MantineProvider>
    </I18nextProvider>
  );
  const view = render(step(resendNow));
  return (now: boolean) => view.rerender(step(now));
}

describe('the code step', () => {
  it('keeps resend disabled during the countdown, and opens it once the code is dead', async () => {
    const redraw = await draw(false);
    expect(screen.getByRole('button', { name: /New code in 1[12]\d s/ }).hasAttribute('disabled')).toBe(true);
    redraw(true);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send a new code' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('goes back to change the address with its own control (§2.1 "back/change")', async () => {
    const onBack = vi.fn();
    await draw(false, onBack);
    screen.getByRole('button', { name: 'Change e-mail' }).click();
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
