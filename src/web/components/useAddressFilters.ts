/**
 * A list's filters kept in the address (disputes, support): read from the search part, changed by patches.
 * Each patch applies to the filters as last asked for, not to the render's copy, so two changes before the
 * address has re-rendered (a day typed, then the other with Enter) both count.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isDay } from '../../domain/days';

/** A comma-separated list in the address (`?status=new,paid`), empty values dropped. */
export const paramList = (params: URLSearchParams, name: string): string[] =>
  (params.get(name) ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** A day in the address (yyyy-mm-dd), or null when it is missing or malformed (a hand-edited link). */
export function paramDay(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value && isDay(value) ? value : null;
}

/**
 * Filters as the address's search part, in the order given: a list comma-separated when it has values, a text
 * trimmed when it is not blank, nothing for null (a filter left at its default is not written).
 */
export function addressParams(
  values: Record<string, readonly string[] | string | null | undefined>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    const text = typeof value === 'string' ? value.trim() : (value ?? []).join(',');
    if (text !== '') params.set(name, text);
  }
  return params;
}

/**
 * The filters as the address holds them, a change to them, and a move to another path keeping them (a page whose
 * path carries a choice too: analytics' country and figure). Each change and move starts from the address as last
 * written, not the render's: the router renders a navigation as a transition, so a second click can come before
 * the page shows the first — a figure chosen, then Week at once, must keep both.
 */
export function useAddressFilters<F>(
  read: (params: URLSearchParams) => F,
  write: (filters: F) => URLSearchParams,
): [F, (patch: Partial<F>) => void, (pathname: string) => void] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const filters = read(new URLSearchParams(search));
  const latest = useRef({ pathname, filters });
  // The addresses written since the page last showed one of ours: a render of an earlier one is already behind.
  const written = useRef<string[]>([]);
  useEffect(() => {
    const at = written.current.lastIndexOf(pathname + search);
    if (at >= 0 && at < written.current.length - 1) return;
    written.current = [];
    latest.current = { pathname, filters: read(new URLSearchParams(search)) };
  }, [pathname, search, read]);
  const go = useCallback(
    (to: string, patch: Partial<F>) => {
      latest.current = { pathname: to, filters: { ...latest.current.filters, ...patch } };
      const query = write(latest.current.filters).toString();
      const href = query ? `${to}?${query}` : to;
      written.current.push(href);
      void navigate(href, { replace: true });
    },
    [navigate, write],
  );
  const change = useCallback((patch: Partial<F>) => go(latest.current.pathname, patch), [go]);
  const move = useCallback((to: string) => go(to, {}), [go]);
  return [filters, change, move];
}
