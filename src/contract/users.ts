/**
 * A workspace's team: requests and answers (src/server/routes/users.ts; docs/users.md), for the server's routes
 * and service and the users page alike. The rules (search, roles, statuses) are in src/domain/users.ts.
 */
import { ROLES } from '../domain/permissions';
import { USER_QUERY_MAX, USER_STATUSES, USERS_LIMIT } from '../domain/users';
import { ChoiceList, Instant, NullableString, OneOf, Type, type Static } from './common';

/** A person of the team (the server makes it, the users page reads it). */
export const TeamUser = Type.Object({
  id: Type.String(),
  email: NullableString(),
  phone: NullableString(),
  first_name: NullableString(),
  last_name: NullableString(),
  /** The role of the person's first membership here; one role per person is what the page sets. */
  role: OneOf(ROLES),
  /** The merchants (stores) the person is a member of here. */
  stores: Type.Array(Type.Object({ merchant_id: Type.String(), name: Type.String(), role: Type.String() }), {
    description: 'the merchants (stores) the person is a member of here',
  }),
  status: OneOf(USER_STATUSES, { description: 'invited until the first sign-in' }),
  added_at: Instant,
  is_me: Type.Boolean(),
});
export type TeamUser = Static<typeof TeamUser>;

export const TeamQuery = Type.Object(
  {
    roles: Type.Optional(ChoiceList(ROLES)),
    query: Type.Optional(
      Type.String({ maxLength: USER_QUERY_MAX, description: 'part of a name, e-mail or phone' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: USERS_LIMIT })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
    request_id: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type TeamQuery = Static<typeof TeamQuery>;

export const TeamPage = Type.Object({
  users: Type.Array(TeamUser),
  total: Type.Integer(),
  /** The stores (merchants) a person can be given. */
  stores: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      country: Type.Union([Type.String(), Type.Null()], { description: 'ISO 3166 alpha-3' }),
    }),
    { description: 'the stores a person can be given' },
  ),
});
export type TeamPage = Static<typeof TeamPage>;

const ACCESS = {
  role: Type.String({ maxLength: 50, description: ROLES.join(', ') }),
  merchant_ids: Type.Array(Type.String({ maxLength: 100 }), {
    maxItems: 100,
    description: 'the stores (merchant ids of the caller’s workspace), at least one',
  }),
};

export const InviteBody = Type.Object(
  {
    email: Type.Optional(Type.String({ maxLength: 254 })),
    phone: Type.Optional(Type.String({ maxLength: 20 })),
    ...ACCESS,
    lang: Type.Optional(
      OneOf(['en', 'ar'] as const, {
        description:
          'the invitation message’s language and the new account’s; without it, the first store’s country’s',
      }),
    ),
  },
  { additionalProperties: false },
);
export type InviteBody = Static<typeof InviteBody>;

export const AccessBody = Type.Object(ACCESS, { additionalProperties: false });
export type AccessBody = Static<typeof AccessBody>;

/** What an invitation and a change of access answer: the person as the team list now shows them. */
export const UserAnswer = Type.Object({ user: TeamUser });
export type UserAnswer = Static<typeof UserAnswer>;
