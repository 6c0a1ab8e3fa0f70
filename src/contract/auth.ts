/**
 * Sign-in's and sessions' answers (shell spec §7; src/server/routes/auth.ts), for the server's routes and
 * service and the sign-in and account pages alike. The bodies stay loose on purpose (the route's comment): the
 * service answers a wrong one with the spec's own message, which a schema would replace with bad_request.
 */
import { Instant, NullableString, OneOf, Type, type Static } from './common';

/** The bot check's proof-of-work challenge (ALTCHA), or `{ disabled: true }` when the check is off. */
export const BotCheckAnswer = Type.Object({
  disabled: Type.Optional(Type.Boolean()),
  algorithm: Type.Optional(Type.String()),
  challenge: Type.Optional(Type.String()),
  maxnumber: Type.Optional(Type.Integer()),
  salt: Type.Optional(Type.String()),
  signature: Type.Optional(Type.String()),
});

/** A sign-in started: the id the first code is checked against. */
export const AuthStarted = Type.Object({ session_id: Type.String() });
export type AuthStarted = Static<typeof AuthStarted>;

/** Where a sign-in stands after the first code: the second factor to enter or set up (its address masked). */
export const AuthStep = Type.Object({
  status: OneOf(['input_2fa', 'setup_2fa', 'authenticated'] as const),
  factor: Type.Optional(OneOf(['email', 'phone'] as const)),
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
  auth_token: Type.Optional(Type.String()),
});
export type AuthStep = Static<typeof AuthStep>;

/** A second factor being set up: the code went to this address. */
export const SetupStarted = Type.Object({
  factor: OneOf(['email', 'phone'] as const),
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
});
export type SetupStarted = Static<typeof SetupStarted>;

/** The second code taken: signed in (`{}` when the session was open already: a changed phone). */
export const ChallengeVerified = Type.Object({
  status: Type.Optional(OneOf(['authenticated'] as const)),
  auth_token: Type.Optional(Type.String()),
});
export type ChallengeVerified = Static<typeof ChallengeVerified>;

export const SignedIn = Type.Object({ signed_in: Type.Boolean() });

/** One open session of the account (the account page's list). */
export const SessionEntry = Type.Object({
  id: Type.String(),
  created_at: Instant,
  last_seen_at: Instant,
  user_agent: NullableString(),
  ip: NullableString(),
  current: Type.Boolean(),
});
export type SessionEntry = Static<typeof SessionEntry>;
export const Sessions = Type.Object({ items: Type.Array(SessionEntry) });
export type Sessions = Static<typeof Sessions>;

/** How many sessions a sign-out ended, and whether the caller's own was one. */
export const Revoked = Type.Object({ revoked: Type.Integer(), current: Type.Optional(Type.Boolean()) });
export type Revoked = Static<typeof Revoked>;
