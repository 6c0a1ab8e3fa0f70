/**
 * The signing component (issue 59; docs/contracts.md): the contract read in the page in its own direction, each
 * missing part said beside itself with nothing sent, and a refusal's words where they belong — a code in flight
 * resumed after a reload, the drawn signature and typed name sent with the hash of what was read.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import contractsEn from '../../locales/en/contracts.json';
import contractsAr from '../../locales/ar/contracts.json';
import capitalEn from '../../locales/en/capital.json';
import capitalAr from '../../locales/ar/capital.json';
import { ContractSigning } from '../../src/web/components/ContractSigning';

const SHA = 'ab'.repeat(32);
const contract = (lang: 'en' | 'ar', extra: object = {}) => ({
  id: 'ctr-1',
  kind: 'capital_loan',
  subject_id: 'capp-1',
  status: 'prepared',
  language: lang,
  document: {
    title: lang === 'ar' ? contractsAr.capital_loan.title : contractsEn.capital_loan.title,
    direction: lang === 'ar' ? 'rtl' : 'ltr',
    terms: [{ label: 'IBAN', value: 'AE790330001234567890128' }],
    sections: [{ heading: '1. The advance', paragraphs: ['The Provider advances the principal.'] }],
  },
  document_sha256: SHA,
  phone: '+971502****06',
  code_sent_at: null,
  signed: null,
  ...extra,
});

/** The calls the component makes, answered in turn by `answers` (by path end). */
function serve(answers: Record<string, () => Response>) {
  const fetch = vi.fn(async (url: string) => {
    const key = Object.keys(answers).find((k) => url.endsWith(k));
    return key ? answers[key]!() : Response.json({ message: 'not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function show(lang: 'en' | 'ar') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    defaultNS: 'contracts',
    resources: {
      en: { contracts: contractsEn, capital: capitalEn },
      ar: { contracts: contractsAr, capital: capitalAr },
    },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <ContractSigning prepareUrl="/merchant/api/v1/capital/application/capp-1/contract" />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

// jsdom has no canvas: a drawing context that records nothing is enough for the pad to mount.
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      new Proxy(
        {},
        { get: (_t, name) => (name === 'canvas' ? document.createElement('canvas') : () => undefined) },
      ) as never,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the signing component', () => {
  it('reads the contract in its direction, in the page’s language, with its fingerprint', async () => {
    const fetch = serve({ '/contract': () => Response.json(contract('ar')) });
    await show('ar');
    const text = await screen.findByTestId('contract-text');
    expect(text.getAttribute('dir')).toBe('rtl');
    expect(within(text).getByText(contractsAr.capital_loan.title)).toBeTruthy();
    expect(screen.getByText(SHA, { exact: false })).toBeTruthy();
    // Drawn in the page's language.
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      language: 'ar',
    });
  });

  it('says what is missing beside each part and sends nothing', async () => {
    const fetch = serve({
      '/contract': () => Response.json(contract('en')),
      '/code': () => Response.json({ sent: true, phone: '+971502****06', resend_after: 30 }),
    });
    await show('en');
    await userEvent.click(await screen.findByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText('We sent a code to +971502****06')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Resend in \d+ s/ }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByTestId('sign-contract'));
    expect(screen.getByText('Type your full name')).toBeTruthy();
    expect(screen.getByText('Draw your signature in the box')).toBeTruthy();
    expect(screen.getByText('Please enter 4 digits code')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/sign'))).toBe(false);
  });

  it('keeps a code already in flight after a reload: no second SMS is needed', async () => {
    serve({ '/contract': () => Response.json(contract('en', { code_sent_at: '2026-12-01T10:00:00.000Z' })) });
    await show('en');
    // The code field is there at once: no second SMS is needed.
    expect(await screen.findByText('We sent a code to +971502****06')).toBeTruthy();
  });

  it('shows a signed contract as signed, with the signed PDF', async () => {
    serve({
      '/contract': () =>
        Response.json(
          contract('en', {
            status: 'signed',
            signed: { name: 'Noura Saeed', at: '2026-12-01T10:00:00.000Z', sha256: SHA },
          }),
        ),
    });
    await show('en');
    const signed = await screen.findByTestId('contract-signed');
    expect(within(signed).getByText(/Signed by Noura Saeed on/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('signed-pdf').getAttribute('href')).toBe(
        '/merchant/api/v1/contracts/ctr-1/signed.pdf?download=1',
      ),
    );
    expect(screen.queryByTestId('sign-contract')).toBeNull();
  });
});
