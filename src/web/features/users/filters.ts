/**
 * The team list's filters as its address carries them (`?role=supervisor,settlements&q=sara&page=2`), and as the
 * API's query (`roles`, `query`, `limit`, `offset`). Unknown roles and bad pages in a hand-edited address are
 * dropped: the nearest sound list shows instead of an error.
 */
import { ROLES, type Role } from '../../../domain/permissions';
import { USER_QUERY_MAX, USERS_LIMIT } from '../../../domain/users';

export interface UserFilters {
  roles: Role[];
  query: string;
  /** 1-based. */
  page: number;
}

export function filtersFrom(params: URLSearchParams): UserFilters {
  const page = Number(params.get('page'));
  return {
    roles: (params.get('role') ?? '')
      .split(',')
      .filter((v): v is Role => (ROLES as readonly string[]).includes(v)),
    query: (params.get('q') ?? '').slice(0, USER_QUERY_MAX),
    page: Number.isInteger(page) && page >= 1 && page <= 5000 ? page : 1,
  };
}

export function paramsOf(filters: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.roles.length > 0) params.set('role', filters.roles.join(','));
  if (filters.query.trim() !== '') params.set('q', filters.query);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function apiQuery(filters: UserFilters): Record<string, string> {
  const query: Record<string, string> = {
    limit: String(USERS_LIMIT),
    offset: String((filters.page - 1) * USERS_LIMIT),
  };
  if (filters.roles.length > 0) query.roles = filters.roles.join(',');
  if (filters.query.trim() !== '') query.query = filters.query.trim();
  return query;
}

export const hasFilters = (filters: UserFilters) => filters.roles.length > 0 || filters.query.trim() !== '';
