import { describe, expect, it } from 'vitest';
import { dashboardRedirect, type OnboardingState } from '../../src/domain/dashboardGate';

const state = (s: Partial<OnboardingState>): OnboardingState => ({
  country: 'SAU',
  approved: false,
  signed: false,
  completed: false,
  ...s,
});

describe('dashboard onboarding gate (onboarding spec §2)', () => {
  it('sends every dashboard page of a Kuwaiti store to the blocked notice, and nobody else there', () => {
    for (const page of ['index', 'business-profile', 'contract'] as const)
      expect(dashboardRedirect(page, state({ country: 'KWT', approved: true, completed: true }))).toBe(
        '/dashboard/kuwait-blocked-notice',
      );
    expect(dashboardRedirect('kuwait-blocked-notice', state({ country: 'KWT' }))).toBeNull();
    expect(dashboardRedirect('kuwait-blocked-notice', state({ country: 'SAU' }))).toBe('/dashboard');
  });

  it('index needs approval and the completed second record', () => {
    expect(dashboardRedirect('index', state({}))).toBe('/dashboard/business-profile');
    expect(dashboardRedirect('index', state({ approved: true, signed: true }))).toBe(
      '/dashboard/business-profile',
    );
    expect(dashboardRedirect('index', state({ approved: true, completed: true }))).toBeNull();
  });

  it('contract needs approval, and is done once completed', () => {
    expect(dashboardRedirect('contract', state({}))).toBe('/dashboard/business-profile');
    expect(dashboardRedirect('contract', state({ approved: true }))).toBeNull();
    expect(dashboardRedirect('contract', state({ approved: true, signed: true, completed: true }))).toBe(
      '/dashboard',
    );
  });

  it('business-profile moves on once approved: completed → dashboard, signed → contract', () => {
    expect(dashboardRedirect('business-profile', state({}))).toBeNull();
    expect(dashboardRedirect('business-profile', state({ approved: true }))).toBeNull();
    expect(dashboardRedirect('business-profile', state({ approved: true, signed: true }))).toBe(
      '/dashboard/contract',
    );
    expect(
      dashboardRedirect('business-profile', state({ approved: true, signed: true, completed: true })),
    ).toBe('/dashboard');
  });
});
