/**
 * E-commerce connections (capital spec §2 "Sales data", §3 Ecommerce connection, §7) and the IBAN lazy check.
 * The connect widget's token is checked by the configured connector (services/connectors.ts: the sandbox
 * outside production); without one, connecting answers 503.
 */
import { CONNECTORS, PLATFORMS } from '../../../domain/capital/types';
import { readIban } from '../../data/banks';
import { fieldError, HttpError, notFound } from '../../errors';
import type { CapitalContext } from './context';
import type { CapitalScope } from './model';

export function connectionCalls({ deps, repo }: CapitalContext) {
  const connector = deps.connector ?? null;
  /** The connector and merchant asked for, when they are known and the caller's (404 otherwise). */
  const check = (who: CapitalScope, name: string, merchantId: string) => {
    if (!(CONNECTORS as readonly string[]).includes(name)) throw notFound('connector not found');
    if (!who.merchantIds.includes(merchantId)) throw notFound('merchant not found');
  };
  return {
    /**
     * GET …/{connector}/connections: each platform, whether it is connected, and where its consent page is (the
     * connect widget opens it; null without a configured connector); `sandbox` says the connector is ours.
     */
    async connections(who: CapitalScope, name: string, merchantId: string) {
      check(who, name, merchantId);
      const connected = new Set((await repo.connections(merchantId)).map((c) => c.platform));
      return {
        sandbox: connector?.sandbox ?? false,
        items: PLATFORMS.map((platform) => ({
          platform,
          connected: connected.has(platform),
          consent_url: connector ? connector.consentUrl({ merchantId, platform }) : null,
        })),
      };
    },

    /** POST …/{connector}/connect: the consent page's token, checked by the connector, connects the platform. */
    async connect(
      who: CapitalScope,
      name: string,
      body: { platform: string; merchant_id: string; public_token: string },
    ) {
      check(who, name, body.merchant_id);
      if (!connector) throw new HttpError(503, 'no e-commerce connector is configured');
      const valid = await connector.verify({
        publicToken: body.public_token,
        merchantId: body.merchant_id,
        platform: body.platform,
      });
      if (!valid)
        throw new HttpError(
          400,
          'the connect token is not valid',
          { '/public_token': fieldError('capital:error.connectToken') },
          { reason: 'invalid_token' },
        );
      await repo.connect(body.merchant_id, body.platform, deps.clock.now());
      return { platform: body.platform, connected: true };
    },

    /** The lazy IBAN check of the capital wizard (§7): AE and 21 digits (§5), with a valid checksum. */
    checkIban(input: string) {
      const { iban, valid, bank } = readIban(input);
      const capital = valid && /^AE\d{21}$/.test(iban);
      return { is_valid: capital, bank_data: { bank_name: capital ? bank : null } };
    },
  };
}
