/**
 * Capital's parts the demo personas do not show (issue 60, point 9): the FAQ (§2 Offer page: nine questions and
 * the capital mailbox, in both languages) and the loan page's early-payoff card (§2 Loan detail: an early-payoff
 * offer of the loan's own merchant, with what paying off costs now).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import capitalEn from '../../locales/en/capital.json';
import capitalAr from '../../locales/ar/capital.json';
import commonEn from '../../locales/en/common.json';
import commonAr from '../../locales/ar/common.json';
import { Faq } from '../../src/web/features/capital/components/Faq';
import { LoanOfferCard } from '../../src/web/features/capital/components/LoanOfferCard';
import { LoansPage } from '../../src/web/features/capital/routes/LoansPage';
import type { LoanView } from '../../src/web/features/capital/api';
import { showPage } from './setup/showPage';
import { analytics } from '../../src/web/analytics';

async function texts(lang: 'en' | 'ar') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    defaultNS: 'common',
    resources: { en: { capital: capitalEn, common: commonEn }, ar: { capital: capitalAr, common: commonAr } },
  });
  return i18n;
}

/** Answers the app's calls: the site links and the offers. */
function server(answers: { siteLinks?: object | 'fail'; offers?: object[] }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/site-links'))
        return answers.siteLinks === 'fail'
          ? Response.json({ message: 'unknown' }, { status: 500 })
          : Response.json(answers.siteLinks ?? {});
      if (url.includes('/capital/offers')) return Response.json({ items: answers.offers ?? [] });
      return Response.json({}, { status: 404 });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The site links are read once per page load (src/web/api/siteLinks.ts): the failed read comes first.
describe('capital’s FAQ', () => {
  it('in Arabic, and without the mailbox (the site links did not load), points to the support page (never a made-up address)', async () => {
    server({ siteLinks: 'fail' });
    showPage({ i18n: await texts('ar'), path: '/finance/capital/offers/o1', element: <Faq /> });
    expect(screen.getByRole('heading', { name: capitalAr.faq.title })).toBeTruthy();
    expect(screen.getByText(capitalAr.faq.q9)).toBeTruthy();
    const support = await screen.findByRole('link', { name: commonAr.contact.supportPage });
    expect(support.getAttribute('href')).toBe('/support');
  });
  it('asks its nine questions and gives the capital mailbox the deployment set', async () => {
    server({ siteLinks: { capital_email: 'capital@provider.example' } });
    showPage({ i18n: await texts('en'), path: '/finance/capital/offers/o1', element: <Faq /> });
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
    for (let n = 1; n <= 9; n += 1) expect(screen.getByText(capitalEn.faq[`q${n}` as 'q1'])).toBeTruthy();
    const mailbox = await screen.findByRole('link', { name: 'capital@provider.example' });
    expect(mailbox.getAttribute('href')).toBe('mailto:capital@provider.example');
  });
});

describe('the early-payoff card', () => {
  const loan = {
    id: 'loan-1',
    merchant_id: 'mer-1',
    status: 'paying',
    currency: 'AED',
    amount_vat: 52_500,
    paid_amount: 20_000,
  } as unknown as LoanView;
  const offer = (merchant: string, tags: string[], metadata?: object) => ({
    id: `off-${merchant}-${tags.join('-') || 'plain'}`,
    merchant_id: merchant,
    tags,
    amount: 100_000,
    tenor: 20,
    currency: 'AED',
    ...(metadata ? { metadata } : {}),
  });

  it('offers to pay off what is left, linking to the early-payoff offer', async () => {
    server({ offers: [offer('mer-1', []), offer('mer-1', ['early_payoff'])] });
    showPage({
      i18n: await texts('en'),
      path: '/finance/capital/loans/loan-1',
      element: <LoanOfferCard loan={loan} />,
    });
    const card = await screen.findByTestId('early-payoff-card');
    expect(within(card).getByText(/Repay .*32,500.* now and close your advance\./)).toBeTruthy();
    const link = within(card).getByRole('link', { name: 'See the early payoff offer' });
    expect(link.getAttribute('href')).toBe('/finance/capital/offers/off-mer-1-early_payoff');
    // Followed, it is capital §7's event, with the offer and the spec's three common properties.
    const track = vi.spyOn(analytics, 'track');
    // (The offer page is not drawn here: the click stays on this page.)
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(track).toHaveBeenCalledWith('Capital Early Payoff Opened', {
      merchantId: 'mer-1',
      offerId: 'off-mer-1-early_payoff',
      language: 'en',
      email: '',
      phone: '',
    });
  });

  it('says the offer’s own deduction when it names one; no card for another merchant’s offer', async () => {
    server({ offers: [offer('mer-1', ['early_payoff'], { early_payoff_loan_deduction: 8000 })] });
    showPage({
      i18n: await texts('en'),
      path: '/finance/capital/loans/loan-1',
      element: <LoanOfferCard loan={loan} />,
    });
    expect(within(await screen.findByTestId('early-payoff-card')).getByText(/8,000/)).toBeTruthy();
  });

  it('shows nothing when only another merchant has an early-payoff offer', async () => {
    server({ offers: [offer('mer-2', ['early_payoff'])] });
    showPage({
      i18n: await texts('en'),
      path: '/finance/capital/loans/loan-1',
      element: <LoanOfferCard loan={loan} />,
    });
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByTestId('early-payoff-card')).toBeNull();
  });
});

describe('the loans list while it loads and when capital cannot be read (§2 Loans list, §8)', () => {
  it('draws skeleton cards while the three requests are out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    showPage({ i18n: await texts('en'), path: '/finance/capital/loans', element: <LoansPage /> });
    const skeleton = await screen.findByTestId('loans-skeleton');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
  });

  it('is the 404 page when every capital request fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 500, message: 'unknown' }, { status: 500 })),
    );
    showPage({ i18n: await texts('en'), path: '/finance/capital/loans', element: <LoansPage /> });
    expect(await screen.findByRole('heading', { name: commonEn.error.notFound.title })).toBeTruthy();
    expect(screen.queryByTestId('loans-skeleton')).toBeNull();
  });
});
