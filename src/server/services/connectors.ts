/**
 * E-commerce connectors (capital spec §2 "Sales data", §7 `{connector}/connections` and `/connect`): the merchant
 * connects amazon, shopify or woo_commerce through a connect widget — a consent page of the connector that hands
 * a `public_token` back — and the app sends that token to `POST …/capital/{connector}/connect`.
 *
 * The provider's aggregator is not available here, so a connector is this interface, chosen by configuration
 * (`ECOMMERCE_CONNECTOR`), and the one implementation is the **sandbox**: our own consent page
 * (`/merchant/sandbox/ecommerce/consent`, clearly labelled "sandbox", no real store involved) that issues tokens signed
 * with a key every instance shares (HMAC-SHA256 over merchant, platform and expiry; valid 10 minutes). The key is
 * made once and kept in the database: with a key made at each start, a token one instance issued failed on the
 * other, so connecting a platform behind the balancer failed 10 times in 10 (issue 53, finding 5). A real
 * connector replaces it by implementing `consentUrl` and `verify` (which would exchange the token with the
 * aggregator) — nothing else changes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';

export interface EcommerceConnector {
  /** Shown to the merchant next to the connect button when true: nothing real is connected. */
  readonly sandbox: boolean;
  /** The consent page that connects `platform` for `merchantId`; it comes back to `returnTo` (a path of ours). */
  consentUrl(input: { merchantId: string; platform: string; returnTo?: string }): string;
  /** Whether `publicToken` is one the consent page gave this merchant for this platform, and still valid. */
  verify(input: { publicToken: string; merchantId: string; platform: string }): Promise<boolean>;
}

/** How long a sandbox token may wait between the consent page and the connect call. */
export const SANDBOX_TOKEN_MS = 10 * 60_000;

/** A path of this site to come back to: starts with one `/`, no scheme or host, no backslash, no spaces. */
export function isReturnPath(value: string): boolean {
  return value.length <= 500 && /^\/(?![/\\])[^\s\\]*$/.test(value);
}

export function sandboxConnector(deps: {
  clock: Clock;
  /** The signing key every instance shares (the auth repository's shared secret), asked for once. */
  key: () => Promise<Buffer>;
}) {
  let key: Promise<Buffer> | undefined;
  const mac = async (merchantId: string, platform: string, expires: number) =>
    createHmac('sha256', await (key ??= deps.key()))
      .update(`${merchantId}\n${platform}\n${expires}`)
      .digest('base64url');
  return {
    sandbox: true,
    consentUrl({ merchantId, platform, returnTo }) {
      const query = new URLSearchParams({ merchant_id: merchantId, platform });
      if (returnTo) query.set('return_to', returnTo);
      return `/merchant/sandbox/ecommerce/consent?${query}`;
    },
    /** The token the consent page hands back when the merchant approves: `sbx.<expiry>.<mac>`. */
    async issue(merchantId: string, platform: string): Promise<string> {
      const expires = deps.clock.now().getTime() + SANDBOX_TOKEN_MS;
      return `sbx.${expires}.${await mac(merchantId, platform, expires)}`;
    },
    async verify({ publicToken, merchantId, platform }) {
      const match = /^sbx\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(publicToken);
      if (!match) return false;
      const expires = Number(match[1]);
      if (expires < deps.clock.now().getTime()) return false;
      const expected = Buffer.from(await mac(merchantId, platform, expires));
      const given = Buffer.from(match[2]!);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  } satisfies EcommerceConnector & { issue(merchantId: string, platform: string): Promise<string> };
}

export type SandboxConnector = ReturnType<typeof sandboxConnector>;
