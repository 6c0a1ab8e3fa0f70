/**
 * What the access log may not keep (issue 53, finding 9): a bearer token in an address. A payment link's token
 * (`/checkout/pl/<token>`) pays for someone's order, and a webview's (`/webview/enter?token=…`) opens a session;
 * whoever reads the log must not be able to use either. The log keeps the address with each token replaced.
 */

/** Query parameters that carry a token of ours. */
const SECRET_QUERY = new Set(['token', 'public_token']);
/** Paths whose last segment is a token of ours. */
const SECRET_PATHS = [/^(\/checkout\/pl\/)[^/?#]+/];

/** An address as the log may keep it: its tokens replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  let path = mark < 0 ? url : url.slice(0, mark);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, '$1[redacted]');
  if (mark < 0) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is kept as it is; it names no token of ours.
      }
      return SECRET_QUERY.has(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}
