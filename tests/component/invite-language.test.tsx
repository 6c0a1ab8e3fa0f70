/**
 * The invitation's language (onboarding spec §9: ar for SAU, EGY, QAT; en for ARE, BHR, KWT): the invite dialog
 * starts at the chosen store's country's language, follows the stores until the inviter picks one, and sends it.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import usersEn from '../../locales/en/users.json';
import { AccessDialog } from '../../src/web/features/users/components/AccessDialog';

const STORES = [
  { id: 'mer-riyadh', name: 'Riyadh Style', country: 'SAU' },
  { id: 'mer-dubai', name: 'Dubai Gadgets', country: 'ARE' },
];

async function open() {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', defaultNS: 'users', resources: { en: { users: usersEn } } });
  const onSubmit = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <AccessDialog opened stores={STORES} busy={false} onClose={vi.fn()} onSubmit={onSubmit} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('the invitation’s language', () => {
  it('follows the first chosen store’s country, and is sent with the invitation', async () => {
    const { onSubmit, user } = await open();
    // No store chosen yet: the inviter's own language.
    expect(radio('English').checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Riyadh Style' }));
    expect(radio('العربية').checked).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'cashier@example.com');
    await user.click(screen.getByRole('radio', { name: /^Supervisor/ }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ email: 'cashier@example.com', lang: 'ar' });
  });

  it('keeps the inviter’s pick whatever stores are chosen after', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('checkbox', { name: 'Dubai Gadgets' }));
    expect(radio('English').checked).toBe(true);
    await user.click(radio('العربية'));
    await user.click(screen.getByRole('checkbox', { name: 'Dubai Gadgets' }));
    await user.click(screen.getByRole('checkbox', { name: 'Riyadh Style' }));
    expect(radio('العربية').checked).toBe(true);
  });
});
