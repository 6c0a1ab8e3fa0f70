/**
 * The merchant calls of onboarding spec §7 "Merchants" (docs/dashboard.md): the caller's merchants, a merchant's
 * application summary, its API keys and its products (its legal entity: services/legalEntities.ts).
 *
 * Scope: a merchant the caller is not a member of "does not exist" (404). API keys are for workspace admins
 * (`is_account_edit_allowed`; 403 for another member): the public keys and masked secrets to read, a secret
 * whole only after a fresh second-factor code (`reveal`).
 */
import { randomBytes } from 'node:crypto';
import { currencyOfCountry } from '../../domain/stores';
import type {
  ApiKeys,
  MerchantApplication,
  MerchantProducts,
  MerchantsAnswer,
  RevealAnswer,
} from '../../contract/merchants';
import type { Clock } from '../clock';
import { HttpError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { ApiKeyRepository, ApiKeyRow } from '../repositories/apiKeys';
import type { OrganizationRepository } from '../repositories/organization';
import { requireMerchant } from './memberships';

/** A key: its kind's prefix and 32 characters of randomness (base62-like, from 24 random bytes). */
const newKey = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

/** A secret as lists show it: its prefix and its last 4 characters. */
export const maskSecret = (secret: string) =>
  `${secret.slice(0, secret.indexOf('_', 3) + 1)}••••••••${secret.slice(-4)}`;

export function createMerchantService(deps: {
  accounts: AccountRepository;
  organizations: OrganizationRepository;
  keys: ApiKeyRepository;
  clock: Clock;
}) {
  const { accounts, organizations, keys, clock } = deps;

  const admin = (accountId: string, merchantId: string) =>
    requireMerchant(accounts, accountId, merchantId, 'is_account_edit_allowed');

  /** The merchant's keys, made as its state allows (test at once; production once approved and complete). */
  async function keysOf(merchantId: string, organizationId: string | null): Promise<ApiKeyRow> {
    let row = await keys.get(merchantId);
    if (!row) {
      await keys.ensureTest(
        merchantId,
        { testPublicKey: newKey('pk_test'), testSecretKey: newKey('sk_test') },
        clock.now(),
      );
      row = (await keys.get(merchantId))!;
    }
    if (!row.publicKey && organizationId) {
      const org = await organizations.organization(organizationId);
      if (org?.status === 'approved' && org.businessProfileCompleted) {
        await keys.ensureProduction(merchantId, {
          publicKey: newKey('pk_live'),
          secretKey: newKey('sk_live'),
        });
        row = (await keys.get(merchantId))!;
      }
    }
    return row;
  }

  return {
    async merchants(accountId: string): Promise<MerchantsAnswer> {
      const memberships = await accounts.memberships(accountId);
      return {
        merchants: memberships.map((m) => ({
          id: m.merchantId,
          name: m.merchantName,
          country: m.merchantCountry,
          currency: currencyOfCountry(m.merchantCountry),
          organization_id: m.organizationId,
          role: m.role,
        })),
      };
    },

    async application(accountId: string, merchantId: string): Promise<MerchantApplication> {
      const m = await requireMerchant(accounts, accountId, merchantId);
      const org = m.organizationId ? await organizations.organization(m.organizationId) : undefined;
      return {
        merchant_id: merchantId,
        organization_id: m.organizationId,
        business_name: org?.name ?? m.merchantName,
        country: m.merchantCountry,
        status: org?.status ?? 'pending',
        business_profile_completed: org?.businessProfileCompleted ?? false,
        contract_signed: org?.contractSigned ?? false,
      };
    },

    async apiKeys(accountId: string, merchantId: string): Promise<ApiKeys> {
      const m = await admin(accountId, merchantId);
      const row = await keysOf(merchantId, m.organizationId);
      return {
        public_key: row.publicKey,
        secret_key: row.secretKey ? maskSecret(row.secretKey) : null,
        test_public_key: row.testPublicKey,
        test_secret_key: maskSecret(row.testSecretKey),
        has_production_keys: row.publicKey !== null,
        has_test_keys: true,
        created_at: row.createdAt.toISOString(),
      };
    },

    /**
     * One secret key whole, after the caller's fresh code (used up by this reveal).
     * @param stepUp - checks and uses up the code of the caller's session (services/auth/stepUp.ts verifyStepUp)
     */
    async reveal(
      accountId: string,
      merchantId: string,
      environment: 'production' | 'test',
      stepUp: () => Promise<void>,
    ): Promise<RevealAnswer> {
      const m = await admin(accountId, merchantId);
      const row = await keysOf(merchantId, m.organizationId);
      const secret = environment === 'production' ? row.secretKey : row.testSecretKey;
      if (!secret)
        throw new HttpError(409, 'no production keys yet', undefined, { reason: 'no_production_keys' });
      await stepUp();
      return { environment, secret_key: secret };
    },

    async products(accountId: string, merchantId: string): Promise<MerchantProducts> {
      await requireMerchant(accounts, accountId, merchantId);
      const stores = await accounts.storesOf([merchantId]);
      const names = [...new Set(stores.flatMap((s) => s.availableProducts))];
      return {
        products: names.map((name) => ({
          name,
          stores: stores.filter((s) => s.availableProducts.includes(name)).map((s) => s.id),
        })),
      };
    },
  };
}

export type MerchantService = ReturnType<typeof createMerchantService>;
