/** Computed permissions (shell spec §6), rule by rule from a table, and the role table. */
import { describe, expect, it } from 'vitest';
import {
  computePermissions,
  flagsForRole,
  PERMISSION_FLAGS,
  ROLE_FLAGS,
  type ComputedPermissions,
  type PermissionInputs,
} from '../../src/domain/permissions';

const none: PermissionInputs = {
  flags: {},
  experiments: [],
  role: null,
  application: null,
  firstStoreProducts: null,
  merchantCountry: null,
};
const withInputs = (patch: Partial<PermissionInputs>): PermissionInputs => ({ ...none, ...patch });

type Row = [keyof ComputedPermissions, string, Partial<PermissionInputs>, boolean];

const rows: Row[] = [
  [
    'canViewCapital',
    'payouts + capital experiment',
    { flags: { is_payouts_allowed: true }, experiments: ['capital'] },
    true,
  ],
  [
    'canViewCapital',
    'payouts + fake door',
    { flags: { is_payouts_allowed: true }, experiments: ['capital_fake_door'] },
    true,
  ],
  ['canViewCapital', 'experiment without payouts', { experiments: ['capital'] }, false],
  [
    'canViewCapital',
    'payouts unknown',
    { flags: { is_payouts_allowed: 'unknown' }, experiments: ['capital'] },
    false,
  ],
  ['canViewAds', 'ads allowed + experiment', { flags: { is_ads_allowed: true }, experiments: ['ads'] }, true],
  ['canViewAds', 'ads allowed without experiment', { flags: { is_ads_allowed: true } }, false],
  ['canViewAds', 'ads ops', { flags: { is_ads_ops: true } }, true],
  ['canViewAds', 'ads user invite', { flags: { is_ads_user_invite_allowed: true } }, true],
  ['canViewProductCatalog', 'its experiment', { experiments: ['product_catalog'] }, true],
  [
    'canViewLocations',
    'experiment + has_locations',
    { flags: { has_locations: true }, experiments: ['locations'] },
    true,
  ],
  ['canViewLocations', 'has_locations only', { flags: { has_locations: true } }, false],
  [
    'canViewStoreManagement',
    'experiment + account edit',
    { flags: { is_account_edit_allowed: true }, experiments: ['store_management'] },
    true,
  ],
  ['canViewStoreManagement', 'account edit only', { flags: { is_account_edit_allowed: true } }, false],
  ['isWorkspaceAdmin', 'account edit', { flags: { is_account_edit_allowed: true } }, true],
  [
    'canViewMerchantWallet',
    'experiment + access + payouts + SAU',
    {
      flags: { has_merchant_access: true, is_payouts_allowed: true },
      experiments: ['merchant_wallet'],
      merchantCountry: 'SAU',
    },
    true,
  ],
  [
    'canViewMerchantWallet',
    'a merchant failing the check (BHR)',
    {
      flags: { has_merchant_access: true, is_payouts_allowed: true },
      experiments: ['merchant_wallet'],
      merchantCountry: 'BHR',
    },
    false,
  ],
  [
    'canViewMerchantWallet',
    'without payouts',
    { flags: { has_merchant_access: true }, experiments: ['merchant_wallet'], merchantCountry: 'SAU' },
    false,
  ],
  [
    'canViewCard',
    'payouts + virtual cards',
    { flags: { is_payouts_allowed: true, is_virtual_cards_enabled: true } },
    true,
  ],
  ['canViewCard', 'virtual cards only', { flags: { is_virtual_cards_enabled: true } }, false],
  [
    'canViewDashboard',
    'store access + products on the first store',
    { flags: { has_store_access: true }, firstStoreProducts: ['pay_later'] },
    true,
  ],
  [
    'canViewDashboard',
    'store access, no products',
    { flags: { has_store_access: true }, firstStoreProducts: [] },
    false,
  ],
  ['canViewDashboard', 'products not loaded', { flags: { has_store_access: true } }, false],
  ['canViewDisputes', 'merchant access', { flags: { has_merchant_access: true } }, true],
  ['canViewSupport', 'merchant access', { flags: { has_merchant_access: true } }, true],
  ['canViewMarketing', 'merchant access', { flags: { has_merchant_access: true } }, true],
  ['canViewSupport', 'no merchant access', {}, false],
  ['canCreateApplication', 'no access, no application', {}, true],
  [
    'canCreateApplication',
    'an application with phone and email',
    { application: { status: 'draft', phone: '+966501234567', email: 'a@b.co' } },
    false,
  ],
  [
    'canCreateApplication',
    'an application without phone',
    { application: { status: 'draft', email: 'a@b.co' } },
    true,
  ],
  ['canCreateApplication', 'merchant access', { flags: { has_merchant_access: true } }, false],
  ['canViewApplication', 'a draft', { application: { status: 'draft' } }, true],
  ['canViewApplication', 'a submitted application', { application: { status: 'submitted' } }, false],
  [
    'canViewApplication',
    'merchant access',
    { flags: { has_merchant_access: true }, application: { status: 'draft' } },
    false,
  ],
  ['canViewOrders', 'order view flag', { flags: { is_order_view_allowed: true } }, true],
  ['canViewAnalytics', 'analytics flag', { flags: { is_analytics_allowed: true } }, true],
  ['canFetchDisputes', 'disputes flag', { flags: { is_disputes_allowed: true } }, true],
  ['canRefundDisputes', 'refund flag', { flags: { is_dispute_refund_allowed: true } }, true],
  ['canCreatePaymentLinks', 'order creation flag', { flags: { is_order_creation_allowed: true } }, true],
  ['isPayoutsAllowed', 'payouts flag', { flags: { is_payouts_allowed: true } }, true],
  ['hasMerchantAccess', 'merchant access flag', { flags: { has_merchant_access: true } }, true],
  ['canManageDisputes', 'an admin', { role: 'workspace_admin' }, true],
  ['canManageDisputes', 'a supervisor', { role: 'supervisor' }, true],
  ['canManageDisputes', 'a sales manager', { role: 'sales_manager' }, false],
];

describe('computed permissions', () => {
  it.each(rows)('%s with %s → %s', (name, _label, patch, expected) => {
    expect(computePermissions(withInputs(patch))[name]).toBe(expected);
  });

  it('grants nothing from nothing except creating and viewing an application', () => {
    const granted = Object.entries(computePermissions(none))
      .filter(([, v]) => v)
      .map(([k]) => k);
    expect(granted.sort()).toEqual(['canCreateApplication', 'canViewApplication']);
  });
});

describe('roles', () => {
  it('an admin keeps every stored flag but ads ops’, which is the provider’s staff (issue 53)', () => {
    const stored = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, true]));
    const flags = flagsForRole('workspace_admin', stored);
    for (const flag of PERMISSION_FLAGS) expect([flag, flags[flag]]).toEqual([flag, flag !== 'is_ads_ops']);
  });

  it.each(['supervisor', 'settlements', 'sales_manager'] as const)(
    'a %s gets only the flags of its role',
    (role) => {
      const stored = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, true]));
      const flags = flagsForRole(role, stored);
      for (const flag of PERMISSION_FLAGS)
        expect([flag, flags[flag]]).toEqual([flag, ROLE_FLAGS[role].includes(flag)]);
    },
  );

  it('keeps "unknown" and missing flags as they are (missing is false); an unknown role gets nothing', () => {
    expect(flagsForRole('workspace_admin', { is_payouts_allowed: 'unknown' }).is_payouts_allowed).toBe(
      'unknown',
    );
    expect(flagsForRole('workspace_admin', {}).is_payouts_allowed).toBe(false);
    expect(flagsForRole('owner', { is_order_view_allowed: true }).is_order_view_allowed).toBe(false);
  });
});
