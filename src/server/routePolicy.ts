/**
 * What the server's hooks need to know about a request — is it an API call, which flood budget does it spend —
 * decided from the route the request matched (`request.routeOptions`), never from the raw address.
 *
 * The raw address is what the client typed: `/%6Derchant/api/v1/auth/logout` reaches the logout route (the
 * router decodes it) but does not start with `/merchant/`, so a hook reading a prefix of `request.url` let it
 * past the session, the cross-site rule and the rate limit (issue 14, finding 3). The matched route's own path
 * pattern is the same however the address was spelt, and a route added later (capital brings some thirty) gets
 * the right policy from where it lives without touching a hook. A route can name its flood group in its
 * `config` (`{ config: { flood: 'events' } }`) when its path does not say it. The policy is worked out once per
 * route, when it is registered, not on every request.
 */
import type { FastifyRequest } from 'fastify';

/** A budget of calls per client address per minute that a group of routes shares (see `app.ts`). */
export type FloodGroup = 'auth' | 'events';

export interface RoutePolicy {
  /** A merchant API call: it reads the session and, when it changes state, follows the cross-site rule. */
  api: boolean;
  /** An answer for this caller only (API and dev calls): `Cache-Control: no-store` unless the route says otherwise. */
  private: boolean;
  /** The flood budget the call spends, if any. */
  flood: FloodGroup | null;
}

const API = /^\/(merchant|partners)\//;
const PRIVATE = /^\/(merchant\/api|partners|dev)\//;
const FLOOD: Array<[RegExp, FloodGroup]> = [
  [/^\/merchant\/api\/v2\/auth\//, 'auth'],
  // Guessing a 256-bit webview token is hopeless; sign-in's flood budget still bounds anyone who tries.
  [/^\/webview\/enter$/, 'auth'],
  [/^\/merchant\/api\/v1\/events$/, 'events'],
];

/** No route matched (a 404): nothing to protect, nothing to spend. */
const NONE: RoutePolicy = { api: false, private: false, flood: null };

/**
 * The policy of a route, from its path pattern and config.
 * @param route - the matched route's path pattern (`/merchant/api/v1/stores/:id`), undefined when none matched
 * @param config - the route's `config`, which may name a flood group
 */
export function policyOf(route: string | undefined, config?: { flood?: FloodGroup | null }): RoutePolicy {
  if (route === undefined) return NONE;
  const named = config?.flood;
  return {
    api: API.test(route),
    private: PRIVATE.test(route),
    flood: named !== undefined ? named : (FLOOD.find(([pattern]) => pattern.test(route))?.[1] ?? null),
  };
}

/** Where a route keeps its policy, worked out once when it is registered (`attachPolicy`). */
interface WithPolicy {
  policy?: RoutePolicy;
}

/**
 * Works a route's policy out once, at registration (an `onRoute` hook), and keeps it in the route's config:
 * the hooks of every request then read it instead of testing patterns again.
 */
export function attachPolicy(route: { url: string; config?: unknown }) {
  const config = (route.config ?? {}) as { flood?: FloodGroup | null } & WithPolicy;
  route.config = { ...config, policy: policyOf(route.url, config) };
}

/** The policy of the route a request matched (none for a 404). */
export const requestPolicy = (request: FastifyRequest): RoutePolicy =>
  (request.routeOptions.config as WithPolicy | undefined)?.policy ?? NONE;

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a method only reads (GET, HEAD, OPTIONS): everything else may change state. */
export const readsOnly = (method: string) => READ_ONLY.has(method);
