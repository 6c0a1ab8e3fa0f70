/**
 * A workspace's team (onboarding spec §1 "users (invite, manage, roles)", shell spec §6, §8; docs/users.md): the
 * people of the caller's merchants, an invitation by e-mail or phone, a role and stores changed, a person removed.
 *
 * Scope: the merchants the caller administers (`is_account_edit_allowed`, the users page's isWorkspaceAdmin);
 * anybody else gets 403. A person is seen, changed or removed only through memberships of those merchants — their
 * memberships elsewhere are neither shown nor touched; a person outside the team reads as 404.
 *
 * The caller cannot invite, change or remove themselves ("user can't invite oneself", §8; the other two answer
 * 409 `can't change own access`): an admin cannot lock the workspace out by a slip. An invitation makes the
 * account the address signs in with (if there is none yet) and writes a message to it; the person then signs in
 * with the normal sign-in, with the address they were invited by.
 */
import { isEmail, isPhone } from '../../domain/contact';
import { normalizeEmail } from '../../domain/email';
import { countryLanguage, isLanguage, type Language } from '../../domain/language';
import { ROLE_FLAGS, type Role } from '../../domain/permissions';
import { isRole, matchesUserQuery, USER_QUERY_MAX, USERS_LIMIT } from '../../domain/users';
import type { TeamPage, TeamUser, UserAnswer } from '../../contract/users';
import type { Clock } from '../clock';
import { fieldError, HttpError, notFound, type FieldError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { MemberRow, UsersRepository } from '../repositories/users';
import type { OutboxService } from './outbox';
import { valuesOf } from './listFilters';
import { requireMerchants } from './memberships';

/** Every flag a role allows, switched on: what an invited or re-roled person gets. */
const flagsOf = (role: Role) => Object.fromEntries(ROLE_FLAGS[role].map((flag) => [flag, true]));

/** The window the invitation caps count in. */
const INVITE_WINDOW_MS = 24 * 60 * 60_000;

export interface UsersDeps {
  repository: UsersRepository;
  accounts: AccountRepository;
  outbox: OutboxService;
  clock: Clock;
  publicUrl: string;
  /** Fixed-window counters shared by every server process (the auth repository's). */
  counters: { bump(key: string, now: Date, windowMs: number): Promise<{ count: number }> };
  /** Invitations one inviting account and one merchant may send a day (config INVITE_*_LIMIT). */
  inviteLimits: { perAccount: number; perMerchant: number };
}

export function createUsersService(deps: UsersDeps) {
  const context = usersContext(deps);
  return {
    ...teamCalls(context),
    ...inviteCalls(context),
  };
}

/** What the calls share: the merchants the caller administers, their team, invitations counted and sent. */
function usersContext(deps: UsersDeps) {
  const { repository: repo, accounts, clock } = deps;

  /** The merchants the caller administers; 403 when none. */
  async function scopeOf(accountId: string) {
    return requireMerchants(accounts, accountId, 'is_account_edit_allowed');
  }

  /** The team of these merchants, one entry per person, in the order they joined. */
  async function teamOf(scope: string[], me: string): Promise<TeamUser[]> {
    const rows = await repo.membersOf(scope);
    const byAccount = new Map<string, MemberRow[]>();
    for (const row of rows) byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), row]);
    const signedIn = await repo.signedIn([...byAccount.keys()]);
    return [...byAccount.values()].map((own) => {
      const first = own[0]!;
      return {
        id: first.accountId,
        email: first.email,
        phone: first.phone,
        first_name: first.firstName,
        last_name: first.lastName,
        role: first.role as Role,
        stores: own.map((m) => ({ merchant_id: m.merchantId, name: m.merchantName, role: m.role })),
        // Invited until the first sign-in is done. An invitation gives one address and the first sign-in sets up
        // the other as its second factor, so an account with both has signed in (or was made whole, as the demo's
        // are: staff@demo.example is not invited — issue 32); a session once opened says so too.
        status: (first.email && first.phone) || signedIn.has(first.accountId) ? 'active' : 'invited',
        added_at: first.addedAt.toISOString(),
        is_me: first.accountId === me,
      };
    });
  }

  /** Checks a role and a set of stores against the scope; problems by JSON pointer. */
  function checkAccess(input: { role?: string; merchant_ids?: string[] }, scope: string[]) {
    const problems: Record<string, FieldError> = {};
    if (!input.role || !isRole(input.role)) problems['/role'] = fieldError('users:error.role');
    const ids = [...new Set(input.merchant_ids ?? [])];
    if (ids.length === 0) problems['/merchant_ids'] = fieldError('users:error.stores');
    const outside = ids.find((id) => !scope.includes(id));
    // Another workspace's merchant reads like a wrong value, so its ids cannot be probed.
    if (outside) problems['/merchant_ids'] = fieldError('users:error.stores');
    return { problems, role: input.role as Role, merchantIds: ids };
  }

  /**
   * Counts an invitation against the inviting account's and each chosen merchant's daily caps (every invitation
   * sends an e-mail or an SMS, and SMS cost money): over either, 429 "too many requests" and nothing is made or
   * sent. Counted once the invitation is otherwise good, so a mistyped address does not use up the day.
   */
  async function countInvitation(accountId: string, merchantIds: string[], now: Date) {
    const { perAccount, perMerchant } = deps.inviteLimits;
    const over = () => new HttpError(429, 'too many requests');
    if ((await deps.counters.bump(`invite-account:${accountId}`, now, INVITE_WINDOW_MS)).count > perAccount)
      throw over();
    for (const merchantId of merchantIds)
      if (
        (await deps.counters.bump(`invite-merchant:${merchantId}`, now, INVITE_WINDOW_MS)).count > perMerchant
      )
        throw over();
  }

  async function member(scope: string[], me: string, id: string) {
    const user = (await teamOf(scope, me)).find((u) => u.id === id);
    if (!user) throw notFound('user not found');
    if (user.is_me) throw new HttpError(409, "can't change own access");
    return user;
  }

  /** An invitation within `scope` (the merchants the caller may invite to): checked, counted, made and sent. */
  async function inviteWithin(
    accountId: string,
    scope: string[],
    input: { email?: string; phone?: string; role?: string; merchant_ids?: string[]; lang?: string },
  ): Promise<UserAnswer> {
    const { problems, role, merchantIds } = checkAccess(input, scope);
    const email = input.email?.trim() ? normalizeEmail(input.email) : undefined;
    const phone = input.phone?.trim() ? input.phone.trim() : undefined;
    if ((email === undefined) === (phone === undefined))
      problems['/email'] = fieldError('users:error.emailOrPhone');
    else if (email !== undefined && !isEmail(email)) problems['/email'] = fieldError('users:error.email');
    else if (phone !== undefined && !isPhone(phone)) problems['/phone'] = fieldError('users:error.phone');
    if (Object.keys(problems).length > 0) {
      const message =
        problems['/email']?.key === 'users:error.email'
          ? 'invalid email'
          : problems['/phone']
            ? 'invalid phone'
            : 'bad_request';
      throw new HttpError(400, message, problems);
    }
    const field = email !== undefined ? 'email' : 'phone';
    const address = (email ?? phone)!;
    const me = await accounts.account(accountId);
    if (me && (field === 'email' ? me.email : me.phone) === address)
      throw new HttpError(400, "user can't invite oneself");
    const existing = await repo.accountBy(field, address);
    if (existing && (await teamOf(scope, accountId)).some((u) => u.id === existing.id))
      throw new HttpError(
        409,
        field === 'email'
          ? 'account with given email already exists'
          : 'account with given phone already exists',
      );
    const now = clock.now();
    await countInvitation(accountId, merchantIds, now);
    const merchants = await repo.merchantNames(merchantIds);
    // Nobody chose: the language of the store's country (§9), as a new account's default.
    const lang: Language = isLanguage(input.lang)
      ? input.lang
      : (merchants.map((m) => countryLanguage(m.country)).find(Boolean) ?? 'en');
    const id = await repo.accountFor(field, address, lang, now);
    await repo.setMemberships({ accountId: id, scope, merchantIds, role, flags: flagsOf(role), now });
    const names = merchants.map((m) => m.name).join(', ');
    const link = `${deps.publicUrl}/auth`;
    await deps.outbox.send({
      to: address,
      channel: field === 'email' ? 'email' : 'sms',
      subject: lang === 'ar' ? 'دعوة إلى لوحة التاجر' : 'You are invited to the merchant back office',
      body:
        lang === 'ar'
          ? `تمت إضافتك إلى ${names}. سجّل الدخول عبر ${link} باستخدام ${address}.`
          : `You have been added to ${names}. Sign in at ${link} with ${address}.`,
    });
    const user = (await teamOf(scope, accountId)).find((u) => u.id === id)!;
    return { user };
  }

  return { deps, repo, accounts, clock, scopeOf, teamOf, checkAccess, countInvitation, member, inviteWithin };
}
type UsersContext = ReturnType<typeof usersContext>;

/** The team: listed and filtered, a person's role and stores changed, a person removed. */
function teamCalls(context: UsersContext) {
  const { repo, clock, scopeOf, teamOf, checkAccess, member } = context;
  return {
    /** GET /merchant/api/v1/users: the team, filtered (roles, a search) and paged (offset, limit ≤ 100). */
    async list(
      accountId: string,
      input: { roles?: string[]; query?: string; limit?: number; offset?: number },
    ): Promise<TeamPage> {
      const roles = valuesOf(input.roles);
      const unknown = roles.find((r) => !isRole(r));
      if (unknown)
        throw new HttpError(400, 'bad filter: roles', {
          '/roles': fieldError('validation:error.enum', { value: unknown }),
        });
      const scope = await scopeOf(accountId);
      const query = (input.query ?? '').slice(0, USER_QUERY_MAX);
      const matching = (await teamOf(scope, accountId)).filter(
        (u) =>
          (roles.length === 0 || u.stores.some((s) => roles.includes(s.role))) && matchesUserQuery(u, query),
      );
      const limit = input.limit ?? USERS_LIMIT;
      const offset = input.offset ?? 0;
      return {
        users: matching.slice(offset, offset + limit),
        total: matching.length,
        stores: await repo.merchantNames(scope),
      };
    },

    /** PUT /merchant/api/v1/users/{id}: a new role and set of stores (within the scope). */
    async update(
      accountId: string,
      id: string,
      input: { role?: string; merchant_ids?: string[] },
    ): Promise<UserAnswer> {
      const scope = await scopeOf(accountId);
      // Whose the person is comes first: another merchant's member "does not exist" (404), whatever the body says.
      await member(scope, accountId, id);
      const { problems, role, merchantIds } = checkAccess(input, scope);
      if (Object.keys(problems).length > 0) throw new HttpError(400, 'bad_request', problems);
      await repo.setMemberships({
        accountId: id,
        scope,
        merchantIds,
        role,
        flags: flagsOf(role),
        now: clock.now(),
      });
      return { user: (await teamOf(scope, accountId)).find((u) => u.id === id)! };
    },

    /** DELETE /merchant/api/v1/users/{id}: out of every merchant of the scope; the account itself stays. */
    async remove(accountId: string, id: string) {
      const scope = await scopeOf(accountId);
      await member(scope, accountId, id);
      await repo.removeMemberships(id, scope);
    },
  };
}

/** Invitations: to the team, and to ads. */
function inviteCalls(context: UsersContext) {
  const { accounts, scopeOf, inviteWithin } = context;
  return {
    /** POST /merchant/api/v1/users/invite. */
    async invite(
      accountId: string,
      input: { email?: string; phone?: string; role?: string; merchant_ids?: string[]; lang?: string },
    ): Promise<UserAnswer> {
      return inviteWithin(accountId, await scopeOf(accountId), input);
    },

    /**
     * POST /merchant/api/v1/ads/invites (docs/ads.md "Inviting to ads"): a person gets the `ads_manager` role on
     * one merchant whose membership allows the caller ads invitations (is_ads_user_invite_allowed; 403 without
     * any). Another merchant's id reads as a wrong store (400), as in the team's invitations.
     */
    async inviteToAds(
      accountId: string,
      input: { email: string; merchant_id: string; lang?: string },
    ): Promise<UserAnswer> {
      const scope = await requireMerchants(accounts, accountId, 'is_ads_user_invite_allowed');
      return inviteWithin(accountId, scope, {
        email: input.email,
        role: 'ads_manager',
        merchant_ids: [input.merchant_id],
        lang: input.lang,
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
