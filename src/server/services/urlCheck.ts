/**
 * The website check (spec §7 `GET …/url/response/{url}`): does the merchant's site answer? It must never hang
 * a form, so it gives up after a few seconds, and "could not verify" is an answer, not an error. It never
 * calls addresses inside our own network (loopback, private, link-local), so it cannot be used to probe them.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export type UrlCheckResult = 'reachable' | 'unreachable' | 'unverified';

/** Seconds a check may take in all (DNS and the request). */
export const URL_CHECK_TIMEOUT_MS = 4000;

function isPrivate(address: string): boolean {
  if (isIP(address) === 6) {
    const a = address.toLowerCase();
    if (a.startsWith('::ffff:')) return isPrivate(a.slice(7));
    return a === '::1' || a === '::' || a.startsWith('fc') || a.startsWith('fd') || a.startsWith('fe80');
  }
  const [a, b] = address.split('.').map(Number) as [number, number];
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

export interface UrlChecker {
  check(
    url: string,
  ): Promise<{ url: string; result: UrlCheckResult; status: number | null; reason: string | null }>;
}

export function createUrlChecker(options: { timeoutMs?: number; allowPrivate?: boolean } = {}): UrlChecker {
  const timeoutMs = options.timeoutMs ?? URL_CHECK_TIMEOUT_MS;
  return {
    async check(raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return { url: raw, result: 'unreachable', status: null, reason: 'not_a_url' };
      }
      if (url.protocol !== 'https:')
        return { url: raw, result: 'unreachable', status: null, reason: 'not_https' };
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const host = url.hostname.replace(/^\[|\]$/g, '');
        const addresses = isIP(host)
          ? [{ address: host }]
          : await Promise.race([
              lookup(host, { all: true }),
              new Promise<never>((_, reject) =>
                signal.addEventListener('abort', () => reject(new Error('timeout'))),
              ),
            ]);
        if (!options.allowPrivate && addresses.some((a) => isPrivate(a.address)))
          return { url: raw, result: 'unverified', status: null, reason: 'private_address' };
        const response = await fetch(url, { method: 'GET', redirect: 'manual', signal });
        await response.body?.cancel();
        // Any answer below 500 (a redirect, even a 404 page) means a server is there.
        return response.status < 500
          ? { url: raw, result: 'reachable', status: response.status, reason: null }
          : { url: raw, result: 'unreachable', status: response.status, reason: 'server_error' };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTFOUND')
          return { url: raw, result: 'unreachable', status: null, reason: 'no_such_host' };
        return {
          url: raw,
          result: 'unverified',
          status: null,
          reason: signal.aborted ? 'timeout' : 'network',
        };
      }
    },
  };
}
