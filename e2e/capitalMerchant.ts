/** A fresh merchant for a capital test in the browser: its own account, capital data and sign-in. */
import { expect, type Page } from '@playwright/test';
import { signInWith } from './helpers';
import { uniqueDigits } from './uniqueNumber';

/**
 * Signs the page in as a new account of a new merchant (seeing capital) with the capital data given — an offer,
 * an application, stores — so no other test's lists change. `{merchant}` in an id becomes the new merchant's id.
 */
export async function capitalMerchant(
  page: Page,
  data: {
    capital_offers?: Record<string, unknown>[];
    capital_applications?: Record<string, unknown>[];
    /** Its stores' names (none by default). */
    stores?: string[];
    /** The account's experiments (default: `capital`). */
    experiments?: string[];
    /** The IBAN of its legal entity (none: no legal entity). */
    iban?: string;
  },
) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const account = `acc-e2e-cap-${unique}`;
  const merchant = `mer-e2e-cap-${unique}`;
  const who = {
    email: `${account}@e2e.example`,
    // A UAE mobile number (050 …): a random one after +9715 may not be one (053 is no mobile prefix), and a
    // signatory phone the form would refuse is not filled in from the account.
    phone: `+97150${uniqueDigits(7)}`,
  };
  // An application's offer, when it is one of these offers, is this merchant's copy of it.
  const offerIds = new Set((data.capital_offers ?? []).map((o) => String(o.id)));
  const mine = (rows: Record<string, unknown>[] = []) =>
    rows.map((row) => ({
      ...row,
      id: `${String(row.id)}-${unique}`,
      merchant_id: merchant,
      ...(typeof row.offer_id === 'string' && offerIds.has(row.offer_id)
        ? { offer_id: `${row.offer_id}-${unique}` }
        : {}),
    }));
  const res = await page.request.post('/dev/fixtures', {
    data: {
      accounts: [{ id: account, ...who, lang: 'en', first_name: 'Noura', last_name: 'Saleh' }],
      merchants: [{ id: merchant, name: 'Mirage Perfumes', country: 'ARE' }],
      permissions: [
        {
          account_id: account,
          merchant_id: merchant,
          role: 'workspace_admin',
          flags: { is_payouts_allowed: true, has_merchant_access: true, has_store_access: true },
        },
      ],
      stores: (data.stores ?? []).map((name, i) => ({
        id: `sto-e2e-${i}-${unique}`,
        merchant_id: merchant,
        name,
        country: 'ARE',
      })),
      experiments: (data.experiments ?? ['capital']).map((name) => ({
        account_id: account,
        name,
        value: 'enabled',
      })),
      legal_entities: data.iban
        ? [
            {
              id: `le-e2e-${unique}`,
              merchant_id: merchant,
              status: 'active',
              country: 'ARE',
              legal_company_name: 'Mirage Perfumes LLC',
              iban: data.iban,
              bank_name: 'Mashreq',
              legal_address: 'Shop 12, Gold Souk, Deira, Dubai',
            },
          ]
        : [],
      capital_offers: mine(data.capital_offers),
      capital_applications: mine(data.capital_applications),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await signInWith(page.request, who);
  return { merchant, id: (id: string) => `${id}-${unique}` };
}
