/**
 * Roles, permission flags and computed permissions (shell spec §3, §6).
 *
 * The spec lists the roles but not what each may do. Our decision, enforced
 * on the server (a membership's stored flags are cut down to its role's) and
 * written in docs/shell-and-permissions.md:
 *
 * | flag                        | workspace_admin | supervisor | settlements | sales_manager |
 * |-----------------------------|:---:|:---:|:---:|:---:|
 * | is_account_edit_allowed     |  ✓  |     |     |     |
 * | is_ads_allowed              |  ✓  |  ✓  |     |     |
 * | is_ads_ops                  |     |     |     |     |
 * | is_ads_user_invite_allowed  |  ✓  |     |     |     |
 * | is_analytics_allowed        |  ✓  |  ✓  |  ✓  |     |
 * | is_dispute_refund_allowed   |  ✓  |  ✓  |     |     |
 * | is_disputes_allowed         |  ✓  |  ✓  |  ✓  |     |
 * | is_order_creation_allowed   |  ✓  |  ✓  |     |  ✓  |
 * | is_order_view_allowed       |  ✓  |  ✓  |  ✓  |  ✓  |
 * | is_payouts_allowed          |  ✓  |     |  ✓  |     |
 * | is_virtual_cards_enabled    |  ✓  |     |  ✓  |     |
 * | has_merchant_access         |  ✓  |  ✓  |  ✓  |  ✓  |
 * | has_store_access            |  ✓  |  ✓  |  ✓  |  ✓  |
 * | has_locations               |  ✓  |  ✓  |     |  ✓  |
 *
 * A fifth role, `ads_manager` (docs/ads.md "Inviting to ads"), is what an invitation to ads gives: is_ads_allowed
 * and has_merchant_access (without it the sign-in would send them to a new application), nothing else.
 *
 * Why: admins run the workspace (users, stores, account edits, ads set-up);
 * supervisors run day-to-day sales and disputes (spec: disputes are managed
 * by admins and supervisors); settlements people see money (payouts, card,
 * analytics) but do not sell; sales managers sell (orders, payment links,
 * locations) and see their orders.
 */

export const PERMISSION_FLAGS = [
  'is_account_edit_allowed',
  'is_ads_allowed',
  'is_ads_ops',
  'is_ads_user_invite_allowed',
  'is_analytics_allowed',
  'is_dispute_refund_allowed',
  'is_disputes_allowed',
  'is_order_creation_allowed',
  'is_order_view_allowed',
  'is_payouts_allowed',
  'is_virtual_cards_enabled',
  'has_merchant_access',
  'has_store_access',
  'has_locations',
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
/** A flag's value as the permissions call gives it: 'unknown' counts as not allowed. */
export type FlagValue = boolean | 'unknown';
export type PermissionFlags = Record<PermissionFlag, FlagValue>;

export const ROLES = [
  'workspace_admin',
  'supervisor',
  'settlements',
  'sales_manager',
  'ads_manager',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * Ads ops is the provider's staff (an account's `ads_ops` staff role; docs/ads.md), not a merchant's role: the
 * merchant is the party ads ops moderate, so no merchant role carries `is_ads_ops` (issue 53, finding 3). The flag
 * stays in the permissions answer (the spec lists it), false for every member.
 */
export const ROLE_FLAGS: Record<Role, readonly PermissionFlag[]> = {
  workspace_admin: PERMISSION_FLAGS.filter((flag) => flag !== 'is_ads_ops'),
  supervisor: [
    'is_ads_allowed',
    'is_analytics_allowed',
    'is_dispute_refund_allowed',
    'is_disputes_allowed',
    'is_order_creation_allowed',
    'is_order_view_allowed',
    'has_merchant_access',
    'has_store_access',
    'has_locations',
  ],
  settlements: [
    'is_analytics_allowed',
    'is_disputes_allowed',
    'is_order_view_allowed',
    'is_payouts_allowed',
    'is_virtual_cards_enabled',
    'has_merchant_access',
    'has_store_access',
  ],
  sales_manager: [
    'is_order_creation_allowed',
    'is_order_view_allowed',
    'has_merchant_access',
    'has_store_access',
    'has_locations',
  ],
  ads_manager: ['is_ads_allowed', 'has_merchant_access'],
};

/**
 * The flags a member has: what the merchant has switched on for them (stored), but only those their role allows.
 * @param role - the membership's role (an unknown role allows nothing)
 * @param stored - the membership's stored flags (a missing flag is false)
 */
export function flagsForRole(role: string, stored: Partial<Record<string, FlagValue>>): PermissionFlags {
  const allowed: readonly PermissionFlag[] =
    (ROLE_FLAGS as Record<string, readonly PermissionFlag[]>)[role] ?? [];
  return Object.fromEntries(
    PERMISSION_FLAGS.map((flag) => [flag, allowed.includes(flag) ? (stored[flag] ?? false) : false]),
  ) as PermissionFlags;
}

/** Experiment names the app reads (spec §6, "Feature flags from experiments"); only the value 'enabled' counts. */
export const EXPERIMENTS = [
  'strict_paylinks_validation',
  'ads',
  'capital',
  'capital_fake_door',
  'capital_waitlist',
  'capital_feedback_form',
  'product_catalog',
  'marketing',
  'locations',
  'integration_form',
  'acquiring_survey',
  'embedded_contract',
  'store_management',
  'mobile_money_tab',
  'chat_csat_redesign',
  'merchant_wallet',
  'registry_lookup_maintenance',
] as const;
export type Experiment = (typeof EXPERIMENTS)[number];

/**
 * Countries whose merchants can hold a merchant wallet — the spec's "merchant id passing a check" (the check is
 * not shown; ours: the merchant operates where the wallet is offered).
 */
export const WALLET_COUNTRIES = ['SAU', 'ARE'] as const;

export interface PermissionInputs {
  flags: Partial<PermissionFlags>;
  /** Names of the experiments whose value is 'enabled'. */
  experiments: readonly string[];
  role: string | null;
  /** The account's application, if any (status, and the contact details on it). */
  application: { status: string; phone?: string | null; email?: string | null } | null;
  /** Available products of the first store; null while not loaded or without store access. */
  firstStoreProducts: readonly string[] | null;
  /** Country of the account's merchant (for the wallet check). */
  merchantCountry: string | null;
}

export interface ComputedPermissions {
  canViewAnalytics: boolean;
  canViewCapital: boolean;
  canViewDisputes: boolean;
  canFetchDisputes: boolean;
  canRefundDisputes: boolean;
  canManageDisputes: boolean;
  canViewOrders: boolean;
  canViewSupport: boolean;
  /** The spec's canView{product}Ads. */
  canViewAds: boolean;
  /** The spec's canView{product}Card. */
  canViewCard: boolean;
  canViewProductCatalog: boolean;
  canViewMerchantWallet: boolean;
  isPayoutsAllowed: boolean;
  isWorkspaceAdmin: boolean;
  canViewDashboard: boolean;
  canViewMarketing: boolean;
  canViewLocations: boolean;
  canViewStoreManagement: boolean;
  canCreateApplication: boolean;
  canViewApplication: boolean;
  canCreatePaymentLinks: boolean;
  hasMerchantAccess: boolean;
}

/** canView{product}Ads (shell spec §6): the ads flag with the ads experiment, or ads ops or invites. */
export function canViewAds(
  flags: Partial<Record<PermissionFlag, FlagValue>>,
  experiments: readonly string[],
) {
  return (
    (flags.is_ads_allowed === true && experiments.includes('ads')) ||
    flags.is_ads_ops === true ||
    flags.is_ads_user_invite_allowed === true
  );
}

/** Computed permissions, rule by rule as shell spec §6 derives them. */
/** Capital (shell spec §6): payouts allowed and its experiment (capital or its fake door). */
export const capitalSeen = (flags: PermissionInputs['flags'], experiments: readonly string[]) =>
  flags.is_payouts_allowed === true &&
  (experiments.includes('capital') || experiments.includes('capital_fake_door'));

export function computePermissions(input: PermissionInputs): ComputedPermissions {
  const on = (flag: PermissionFlag) => input.flags[flag] === true;
  const exp = (name: Experiment) => input.experiments.includes(name);
  const merchantAccess = on('has_merchant_access');
  const application = input.application;
  const applicationComplete = Boolean(application?.phone && application.email);
  return {
    canViewCapital: capitalSeen(input.flags, input.experiments),
    canViewAds: canViewAds(input.flags, input.experiments),
    canViewProductCatalog: exp('product_catalog'),
    canViewLocations: exp('locations') && on('has_locations'),
    canViewStoreManagement: exp('store_management') && on('is_account_edit_allowed'),
    isWorkspaceAdmin: on('is_account_edit_allowed'),
    canViewMerchantWallet:
      exp('merchant_wallet') &&
      merchantAccess &&
      on('is_payouts_allowed') &&
      (WALLET_COUNTRIES as readonly string[]).includes(input.merchantCountry ?? ''),
    canViewCard: on('is_payouts_allowed') && on('is_virtual_cards_enabled'),
    canViewDashboard: on('has_store_access') && (input.firstStoreProducts?.length ?? 0) > 0,
    canViewDisputes: merchantAccess,
    canViewSupport: merchantAccess,
    canViewMarketing: merchantAccess,
    canCreateApplication: !merchantAccess && !applicationComplete,
    canViewApplication: !merchantAccess && application?.status !== 'submitted',
    canViewOrders: on('is_order_view_allowed'),
    canViewAnalytics: on('is_analytics_allowed'),
    canFetchDisputes: on('is_disputes_allowed'),
    canRefundDisputes: on('is_dispute_refund_allowed'),
    canManageDisputes: input.role === 'workspace_admin' || input.role === 'supervisor',
    canCreatePaymentLinks: on('is_order_creation_allowed'),
    isPayoutsAllowed: on('is_payouts_allowed'),
    hasMerchantAccess: merchantAccess,
  };
}
