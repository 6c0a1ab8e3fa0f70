import { describe, expect, it } from 'vitest';
import { policyOf } from '../../src/server/routePolicy';

describe('policyOf: hooks decide by the matched route, never by the raw address', () => {
  it.each([
    ['/merchant/api/v1/account', { api: true, private: true, flood: null }],
    ['/merchant/api/v2/auth/authenticate', { api: true, private: true, flood: 'auth' }],
    ['/merchant/api/v1/events', { api: true, private: true, flood: 'events' }],
    ['/partners/application/api/v1/application', { api: true, private: true, flood: null }],
    ['/dev/outbox', { api: false, private: true, flood: null }],
    ['/health', { api: false, private: false, flood: null }],
    ['/*', { api: false, private: false, flood: null }],
  ])('%s', (route, policy) => {
    expect(policyOf(route)).toEqual(policy);
  });

  it('no matched route (a 404) gets nothing', () => {
    expect(policyOf(undefined)).toEqual({ api: false, private: false, flood: null });
  });

  it('a route may name its flood group in its config, or opt out', () => {
    expect(policyOf('/merchant/api/v1/capital/offers', { flood: 'auth' }).flood).toBe('auth');
    expect(policyOf('/merchant/api/v2/auth/verify', { flood: null }).flood).toBeNull();
  });
});
