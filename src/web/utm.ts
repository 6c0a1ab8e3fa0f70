/**
 * UTM values of the page the visitor first landed on (spec §7: the application's `advertisement`), kept in
 * local storage so they survive sign-up in another step or tab. The first landing with UTM values wins.
 */
const KEY = 'tby:utm';
const UTM_KEYS = ['utm_source', 'utm_campaign', 'utm_medium'] as const;

/** Remembers the UTM values of the current address, when it has any and none are remembered yet. */
export function captureUtm(search = window.location.search) {
  const params = new URLSearchParams(search);
  const found = Object.fromEntries(
    UTM_KEYS.flatMap((key) => {
      const value = params.get(key)?.trim();
      return value ? [[key, value.slice(0, 200)]] : [];
    }),
  );
  try {
    if (Object.keys(found).length > 0 && !localStorage.getItem(KEY))
      localStorage.setItem(KEY, JSON.stringify(found));
  } catch {
    // Storage may be unavailable (private mode): the values are simply not kept.
  }
}

export function landingUtm(): Record<string, string> | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Record<string, string>) : null;
  } catch {
    return null;
  }
}
