/**
 * Where to go after sign-in (shell spec §2.7): a redirect address is accepted
 * only if it is a relative path without dots or whitespace, or an https
 * address on the merchant dashboard's own hosts; and never the auth, root or
 * logout route. Anything else lands on root.
 */

// Case-insensitive, as the router matches: `/LOGOUT` is the logout route too.
const REFUSED_PATHS = [/^\/$/, /^\/auth(\/|$|\?|#)/i, /^\/logout(\/|$|\?|#)/i];

/**
 * @param target - the `redirect` value from the address bar (already URL-decoded once by URLSearchParams)
 * @param dashboardHosts - host names of the merchant dashboard (e.g. the app's own host)
 * @returns - the address to go to, or null for root
 */
export function acceptRedirect(
  target: string | null | undefined,
  dashboardHosts: readonly string[],
): string | null {
  if (!target) return null;
  let decoded: string;
  try {
    // Decode again: `/..%2f` must be judged as `/../`.
    decoded = decodeURIComponent(target);
  } catch {
    return null;
  }
  if (/\s/.test(decoded) || decoded.includes('\\') || [...decoded].some((c) => c.charCodeAt(0) < 32))
    return null;
  if (decoded.startsWith('/')) {
    if (decoded.startsWith('//') || decoded.includes('.')) return null;
    const path = decoded;
    if (REFUSED_PATHS.some((p) => p.test(path))) return null;
    return target;
  }
  let url: URL;
  try {
    url = new URL(decoded);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  if (!dashboardHosts.includes(url.hostname)) return null;
  // The path as the router will see it: decoded (`/%4Cogout` is `/Logout`).
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (REFUSED_PATHS.some((p) => p.test(pathname))) return null;
  return url.href;
}
