import { describe, expect, it } from 'vitest';
import { acceptRedirect } from '../../src/domain/redirect';

const hosts = ['merchant.example.com'];

describe('redirect address after sign-in (shell spec §2.7)', () => {
  it.each([
    ['/payments', '/payments'],
    ['/payments/123/payouts', '/payments/123/payouts'],
    ['/disputes?status=new', '/disputes?status=new'],
    ['https://merchant.example.com/finance/capital', 'https://merchant.example.com/finance/capital'],
  ])('accepts %s', (target, expected) => {
    expect(acceptRedirect(target, hosts)).toBe(expected);
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    'https://evil.example/auth',
    'http://merchant.example.com/payments',
    'https://user@merchant.example.com/payments',
    '/..%2f',
    '/../etc',
    '/payments/./x',
    '/auth',
    '/auth?redirect=/x',
    '/',
    '/logout',
    '/logout/server',
    '/LOGOUT',
    '/Logout?x=1',
    '/%4Cogout',
    '/AUTH',
    '/Auth/sign_in',
    'https://merchant.example.com/LOGOUT',
    'https://merchant.example.com/%6Cogout',
    'https://merchant.example.com/auth',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '/pay ments',
    '/%20payments',
    '/\\evil.example',
    'payments',
    '%',
    '',
    null,
  ])('refuses %s (root instead)', (target) => {
    expect(acceptRedirect(target, hosts)).toBeNull();
  });
});
