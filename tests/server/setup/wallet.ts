/** A merchant with a wallet of its own, for the wallet's, the card's and the step-up code's server tests. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { signIn } from './signIn';

const FLAGS = {
  has_merchant_access: true,
  is_order_view_allowed: true,
  is_payouts_allowed: true,
  is_virtual_cards_enabled: true,
};

/** The newest code sent to an address (an invitation to it carries none). */
export async function lastCodeTo(app: FastifyInstance, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
  const sent = (res.json() as { to: string; code?: string }[]).find((m) => m.to === to && m.code);
  if (!sent) throw new Error(`no code sent to ${to}`);
  return sent.code!;
}

export interface WalletMerchantOptions {
  country?: string;
  experiment?: boolean;
  wallet?: boolean;
  /** false: its legal entity has no bank account on file. */
  bank?: boolean;
}

/** How many merchants each app has been given, so every one has its own ids, e-mail and phone. */
const made = new WeakMap<FastifyInstance, number>();

/**
 * A merchant of its own: one store paying on Mondays two days after capture, a bank account, its payouts going
 * to the wallet since 20 November, one order of AED 1,000 captured on 18 November (paid on Monday 23rd: 1,000 −
 * 5 % − 1 − the fee of 25 = 924). Signed in as its admin; the app's clock should be past Monday 23 November 2026.
 */
export async function walletMerchant(app: FastifyInstance, options: WalletMerchantOptions = {}) {
  const k = (made.get(app) ?? 0) + 1;
  made.set(app, k);
  const id = `mer-wa-${k}`;
  const store = `sto-wa-${k}`;
  const phone = `+97155800${String(k).padStart(4, '0')}`;
  const country = options.country ?? 'ARE';
  const currency = country === 'KWT' ? 'KWD' : 'AED';
  const fixture = {
    accounts: [{ id: `acc-wa-${k}`, email: `wa${k}@example.com`, phone }],
    merchants: [{ id, name: `Wallet ${k}`, country }],
    stores: [
      {
        id: store,
        merchant_id: id,
        name: `Wallet store ${k}`,
        country,
        available_products: ['pay_later'],
        commissions: [{ product: 'pay_later', rate_percent: 5, fixed_fee_minor: 100 }],
        payout_schedules: [
          { product: 'pay_later', frequency: 'weekly', weekday: 1, delay_days: 2, minimum_minor: 10000 },
        ],
      },
    ],
    legal_entities: [
      {
        id: `le-wa-${k}`,
        merchant_id: id,
        status: 'active',
        country,
        legal_company_name: `Wallet ${k} LLC`,
        ...(options.bank === false ? {} : { iban: 'AE070331234567890123456', bank_name: 'Emirates NBD' }),
        license_expiry_date: '2028-01-01',
      },
    ],
    permissions: [{ account_id: `acc-wa-${k}`, merchant_id: id, role: 'workspace_admin', flags: FLAGS }],
    experiments:
      options.experiment === false
        ? []
        : [{ account_id: `acc-wa-${k}`, name: 'merchant_wallet', value: 'enabled' }],
    payments: [
      {
        id: `pay-wa${k}`,
        merchant_id: id,
        store_id: store,
        order_reference: `WA${k}`,
        product: 'pay_later',
        currency,
        customer_name: 'Customer',
        customer_phone: `+9715580${String(k).padStart(2, '0')}0001`,
        amount: 1000,
        captured: 1000,
        created_at: '2026-11-18T10:00:00Z',
      },
    ],
    wallets:
      options.wallet === false
        ? []
        : [{ merchant_id: id, payout_destination: 'wallet', since: '2026-11-20' }],
  };
  const loaded = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: fixture });
  expect(loaded.statusCode, loaded.body).toBe(200);
  const caller = await signIn(app, `wa${k}@example.com`, phone);
  return Object.assign(caller, {
    id,
    phone,
    email: `wa${k}@example.com`,
    wallet: `/merchant/api/v1/wallets/${id}`,
  });
}
