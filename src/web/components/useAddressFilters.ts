/**
 * A list's filters kept in the address (disputes, support): read from the search part, changed by patches.
 * Each patch applies to the filters as last asked for, not to the render's copy, so two changes before the
 * address has re-rendered (a day typed, then the other with Enter) both count.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
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

export function useAddressFilters<F>(
  read: (params: URLSearchParams) => F,
  write: (filters: F) => URLSearchParams,
): [F, (patch: Partial<F>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = read(params);
  const latest = useRef(filters);
  useEffect(() => {
    latest.current = read(params);
  }, [params, read]);
  const change = useCallback(
    (patch: Partial<F>) => {
      latest.current = { ...latest.current, ...patch };
      setParams(write(latest.current), { replace: true });
    },
    [setParams, write],
  );
  return [filters, change];
}
