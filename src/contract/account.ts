/**
 * The signed-in account's answers (shell spec §7; src/server/routes/account.ts): the account, its permission
 * flags and its experiments, for the server's routes and service and the shell alike.
 */
import { PERMISSION_FLAGS, type FlagValue, type PermissionFlag } from '../domain/permissions';
import { SEEN_AREAS } from '../domain/seenAreas';
import { Instant, NullableString, OneOf, Type, type Static } from './common';

export const Account = Type.Object({
  id: Type.String(),
  email: NullableString(),
  phone: NullableString(),
  first_name: NullableString(),
  last_name: NullableString(),
  lang: Type.String(),
  /** The provider's staff role: `ops` may use the form studio; null for merchants' users. */
  staff_role: NullableString({ description: "the provider's staff role (ops), null for merchants' users" }),
  seen_areas: Type.Array(OneOf(SEEN_AREAS), {
    description: 'sidebar areas whose "new" badge this person has seen, on any device',
  }),
  created_at: Instant,
  permissions: Type.Array(
    Type.Object({ merchant_id: Type.String(), role: Type.String(), merchant_country: Type.String() }),
  ),
  webview: Type.Boolean({
    description:
      'this session was opened in the mobile app’s webview with a one-time token (the money area’s)',
  }),
});
export type Account = Static<typeof Account>;

/** `POST /merchant/api/v1/account/seen`: an area with a "new" badge has been opened. */
export const SeenBody = Type.Object({ area: OneOf(SEEN_AREAS) }, { additionalProperties: false });
export type SeenBody = Static<typeof SeenBody>;

const Flag = Type.Unsafe<FlagValue>({
  anyOf: [{ type: 'boolean' }, { const: 'unknown' }],
  description: "'unknown' counts as not allowed",
});

/** The first membership's flags by name (shell spec §3), its merchant and its role; every flag false without one. */
export const PermissionAnswer = Type.Object({
  ...(Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, Flag])) as Record<
    PermissionFlag,
    typeof Flag
  >),
  merchant_id: NullableString(),
  role: NullableString(),
});
export type PermissionAnswer = Static<typeof PermissionAnswer>;

export const ExperimentsQuery = Type.Object({
  entity_id: Type.Optional(Type.String({ maxLength: 100 })),
  entity: Type.Optional(Type.Literal('merchant_account')),
  request_id: Type.Optional(Type.String()),
});
/** The experiments of the account, each with its value (only 'enabled' counts, shell spec §6). */
export const Experiments = Type.Object({
  experiments: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
});
export type Experiments = Static<typeof Experiments>;
