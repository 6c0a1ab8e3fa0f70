/**
 * The team's calls (docs/users.md) as react-query hooks. The list pages by offset (the previous page shown while
 * the next loads); an invitation, a change and a removal refresh it.
 */
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useChange } from '../../api/useChange';
import { api, ApiError } from '../../api/client';
import { whenAllowed, type ScreenAddress } from '../../api/firstQuestions';
import type { Role } from '../../../domain/permissions';
import type { TeamPage, TeamUser, UserAnswer } from '../../../contract/users';
import { apiQuery, filtersFrom, type UserFilters } from './filters';

const U = '/merchant/api/v1/users';

export type { TeamPage, TeamUser };

export interface Access {
  role: Role;
  merchant_ids: string[];
}

export type Invitation = Access & ({ email: string } | { phone: string }) & { lang: string };

export const usersKeys = { list: (filters: UserFilters) => ['users', 'list', filters] as const };

const teamQuery = (filters: UserFilters) =>
  queryOptions({
    queryKey: usersKeys.list(filters),
    queryFn: () => api<TeamPage>('GET', `${U}?${new URLSearchParams(apiQuery(filters)).toString()}`),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export const useTeam = (filters: UserFilters) =>
  useQuery({ ...teamQuery(filters), placeholderData: keepPreviousData });

/** The team page's first question (api/firstQuestions.ts): its members, once the flags say a workspace admin. */
export function prefetchTeam(client: QueryClient, at: ScreenAddress) {
  const filters = filtersFrom(at.search);
  whenAllowed(client, 'is_account_edit_allowed', () => void client.prefetchQuery(teamQuery(filters)));
}

/** A change to the team: its lists read again. */
const useTeamChange = <Input, Answer>(send: (input: Input) => Promise<Answer>) =>
  useChange({ send, refresh: [['users']] });

export const useInvite = () =>
  useTeamChange((input: Invitation) => api<UserAnswer>('POST', `${U}/invite`, input));

export const useChangeAccess = () =>
  useTeamChange((input: Access & { id: string }) =>
    api<UserAnswer>('PUT', `${U}/${encodeURIComponent(input.id)}`, {
      role: input.role,
      merchant_ids: input.merchant_ids,
    }),
  );

export const useRemoveUser = () =>
  useTeamChange((id: string) => api<Record<string, never>>('DELETE', `${U}/${encodeURIComponent(id)}`));

/** A person's name, else their e-mail or phone. */
export const displayName = (user: TeamUser) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email || user.phone || user.id;
