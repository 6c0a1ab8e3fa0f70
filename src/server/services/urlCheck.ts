/**
 * The website check (spec §7 `GET …/url/response/{url}`): does the merchant's site answer? It must never hang
 * a form, so it gives up after a few seconds, and "could not verify" is an answer, not an error.
 *
 * It never calls an address inside our own network, so it cannot be used to probe one (issue 14, finding 1):
 * - Every address is judged by `ipaddr.js` after normalising it (IPv4-mapped and -compatible IPv6 become the
 *   IPv4 inside; decimal, octal and hex IPv4 are parsed as the URL parser and the resolver do). Only public
 *   unicast passes: loopback, `0.0.0.0`, private, carrier-grade NAT, link-local (the cloud metadata address
 *   169.254.169.254), unique-local (fd00:ec2::254), multicast, reserved, and the IPv6 ranges that embed an IPv4
 *   address (6to4, Teredo, NAT64) are refused.
 * - The host name is resolved **once**, inside the connection's own `lookup`, and the socket connects to the
 *   address that was checked: a DNS answer that changes between check and connect (rebinding) has nothing to
 *   change. If any address a name resolves to is inside our network, the check refuses the name.
 * - No redirect is followed (any answer below 500 already shows a server is there), so none can lead inside.
 * - Only ports 443 and 8443: a shop's website, not a port scanner of other people's hosts.
 * - Time is capped (`URL_CHECK_TIMEOUT_MS` for DNS, connect and headers); the body is never read.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

export type UrlCheckResult = 'reachable' | 'unreachable' | 'unverified';

/** Milliseconds a check may take in all (DNS, connect, TLS and the answer's headers). */
export const URL_CHECK_TIMEOUT_MS = 4000;
const PORTS = new Set(['', '443', '8443']);
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Whether an address is on the public internet (and so may be called).
 * @param address - an IPv4 or IPv6 address in any form ipaddr.js parses (mapped, hex, octal, with a zone)
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  // IPv6: global unicast only — which leaves out ::/96 (IPv4-compatible), ULA, link-local and the rest.
  return parsed.range() === 'unicast' && (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST);
}

export interface UrlChecker {
  check(
    url: string,
  ): Promise<{ url: string; result: UrlCheckResult; status: number | null; reason: string | null }>;
}

/** Resolves a host name to its addresses (the system resolver by default; tests pass their own). */
export type Resolve = (host: string) => Promise<string[]>;

const systemResolve: Resolve = async (host) => (await dnsLookup(host, { all: true })).map((a) => a.address);

class PrivateAddress extends Error {
  readonly code = 'EPRIVATE';
}

export function createUrlChecker(
  options: {
    timeoutMs?: number;
    /** Tests only: let the check reach local servers. */
    allowPrivate?: boolean;
    resolve?: Resolve;
  } = {},
): UrlChecker {
  const timeoutMs = options.timeoutMs ?? URL_CHECK_TIMEOUT_MS;
  const resolve = options.resolve ?? systemResolve;
  const allowed = (address: string) => options.allowPrivate === true || isPublicAddress(address);

  return {
    async check(raw) {
      const answer = (result: UrlCheckResult, status: number | null, reason: string | null) => ({
        url: raw,
        result,
        status,
        reason,
      });
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return answer('unreachable', null, 'not_a_url');
      }
      if (url.protocol !== 'https:') return answer('unreachable', null, 'not_https');
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // An address written in the URL is judged as written (net.connect does not look it up).
      if (ipaddr.isValid(host) && !allowed(host)) return answer('unverified', null, 'private_address');

      if (!options.allowPrivate && !PORTS.has(url.port))
        return answer('unverified', null, 'port_not_allowed');

      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const status = await new Promise<number>((done, fail) => {
          const request = https.request(
            {
              host,
              port: url.port || 443,
              path: `${url.pathname}${url.search}`,
              method: 'GET',
              servername: ipaddr.isValid(host) ? undefined : host,
              headers: { host: url.host, 'user-agent': 'merchant-back-office-url-check' },
              agent: false,
              signal,
              // The one resolution, checked here; the socket connects to what this returns.
              lookup: (hostname, lookupOptions, callback) => {
                resolve(hostname).then(
                  (addresses) => {
                    if (addresses.length === 0)
                      return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
                    if (!addresses.every(allowed)) return callback(new PrivateAddress(hostname), '', 0);
                    const found: LookupAddress[] = addresses.map((address) => ({
                      address,
                      family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4,
                    }));
                    if (lookupOptions.all)
                      return (callback as (e: null, a: LookupAddress[]) => void)(null, found);
                    callback(null, found[0]!.address, found[0]!.family);
                  },
                  (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
                );
              },
            },
            (response) => {
              done(response.statusCode ?? 0);
              // Headers are enough: the body is never read.
              response.destroy();
            },
          );
          request.on('error', fail);
          request.end();
        });
        // Any answer below 500 (a redirect, even a 404 page) means a server is there.
        return status < 500
          ? answer('reachable', status, null)
          : answer('unreachable', status, 'server_error');
      } catch (error) {
        if (error instanceof PrivateAddress) return answer('unverified', null, 'private_address');
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTFOUND') return answer('unreachable', null, 'no_such_host');
        return answer('unverified', null, signal.aborted ? 'timeout' : 'network');
      }
    },
  };
}
