/**
 * A screen's first questions (issue 54, src/web/api/firstQuestions.ts): a list page's rows and totals are asked
 * as soon as its code has loaded and the shell's flags allow them — never before the flags, never a second
 * permissions call, never for a member without the flag — with the address's filters, under the keys the page's
 * hooks read.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { PERMISSIONS_QUERY_KEY, whenFlags } from '../../src/web/api/permissions';
import { createQueryClient } from '../../src/web/app/createQueryClient';
import { prefetchOrders, orderKeys } from '../../src/web/features/orders/api';
import { prefetchPayouts } from '../../src/web/features/payouts/api';
import { prefetchDisputes } from '../../src/web/features/disputes/api';
import { prefetchTickets } from '../../src/web/features/support/api';
import { prefetchTeam } from '../../src/web/features/users/api';
import { filtersFrom } from '../../src/web/features/orders/filters';
import { signedInRoutes } from '../../src/web/app/shell/routes';
import { queryClient as signedInClient } from '../../src/web/app/shell/signedInQueryClient';
import type { LazyHandle } from '../../src/web/app/lazyScreen';
import type { PermissionAnswer } from '../../src/contract/account';

const asked: string[] = [];
const answers: Record<string, unknown> = {
  '/merchant/api/v1/payments': { payments: [], next_page_token: null },
  '/merchant/api/v1/payments/totals': { totals: [] },
  '/merchant/api/v1/payouts': { payouts: [], next_page_token: null },
  '/merchant/api/v1/payouts/totals': { totals: [] },
};

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const path = new URL(url, 'http://localhost').pathname;
      return new Response(JSON.stringify(answers[path] ?? {}), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  signedInClient.clear();
  window.history.replaceState(null, '', '/');
});

const flags = (granted: Partial<PermissionAnswer>) => granted as PermissionAnswer;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const paths = () => asked.map((url) => new URL(url, 'http://localhost').pathname);

describe('whenFlags', () => {
  it('waits for the shell to put the flags in the cache and never asks for them itself', async () => {
    const client = createQueryClient();
    let got: PermissionAnswer | undefined;
    void whenFlags(client).then((answer) => (got = answer));
    await settle();
    expect(got).toBeUndefined();
    client.setQueryData(PERMISSIONS_QUERY_KEY, flags({ is_order_view_allowed: true }));
    await settle();
    expect(got).toEqual({ is_order_view_allowed: true });
    expect(asked).toEqual([]);
  });
});

describe("the orders list's first questions", () => {
  it('asks the rows and totals with the address filters once the flags allow orders', async () => {
    const client = createQueryClient();
    const search = new URLSearchParams('status=refunded&lang=en');
    prefetchOrders(client, { params: {}, search });
    await settle();
    expect(asked).toEqual([]);
    client.setQueryData(PERMISSIONS_QUERY_KEY, flags({ is_order_view_allowed: true }));
    await settle();
    expect(paths().sort()).toEqual(['/merchant/api/v1/payments', '/merchant/api/v1/payments/totals']);
    expect(asked.find((url) => url.includes('/payments?'))).toContain('statuses=refunded');
    // Under the key the page's hook reads: the page finds the rows instead of asking again.
    expect(client.getQueryData(orderKeys.list(filtersFrom(search)))).toBeDefined();
  });

  it('asks nothing for a member without the flag, or for filters the page would not ask', async () => {
    const client = createQueryClient();
    prefetchOrders(client, { params: {}, search: new URLSearchParams('min=50&max=10') });
    prefetchOrders(client, { params: {}, search: new URLSearchParams() });
    client.setQueryData(PERMISSIONS_QUERY_KEY, flags({ is_order_view_allowed: false }));
    await settle();
    expect(asked).toEqual([]);
  });
});

describe("the payouts list's first questions", () => {
  it("asks the list's rows and totals, not for one payout's page", async () => {
    const client = createQueryClient();
    client.setQueryData(PERMISSIONS_QUERY_KEY, flags({ is_payouts_allowed: true }));
    prefetchPayouts(client, { params: { payoutId: 'po-1' }, search: new URLSearchParams() });
    await settle();
    expect(asked).toEqual([]);
    prefetchPayouts(client, { params: {}, search: new URLSearchParams() });
    await settle();
    expect(paths().sort()).toEqual(['/merchant/api/v1/payouts', '/merchant/api/v1/payouts/totals']);
  });
});

describe("the other lists' first questions", () => {
  it.each([
    ['disputes', prefetchDisputes, 'is_disputes_allowed', '/merchant/api/v1/disputes'],
    ['support tickets', prefetchTickets, 'has_merchant_access', '/merchant/api/v1/support/tickets'],
    ['the team', prefetchTeam, 'is_account_edit_allowed', '/merchant/api/v1/users'],
  ] as const)('%s: asked with the flag, not without it', async (_name, ask, flag, path) => {
    const denied = createQueryClient();
    ask(denied, { params: {}, search: new URLSearchParams() });
    denied.setQueryData(PERMISSIONS_QUERY_KEY, flags({ [flag]: false }));
    await settle();
    expect(asked).toEqual([]);
    const granted = createQueryClient();
    ask(granted, { params: {}, search: new URLSearchParams() });
    granted.setQueryData(PERMISSIONS_QUERY_KEY, flags({ [flag]: true }));
    await settle();
    expect(paths()).toEqual([path]);
  });
});

describe('the route table', () => {
  const handleOf = (path: string) =>
    signedInRoutes.find((route: RouteObject) => route.path === path)?.handle as LazyHandle;

  it("asks a screen's first questions when its code loads for the address the browser is at", async () => {
    window.history.replaceState(null, '', '/payments?status=refunded');
    await handleOf('payments').loadCode();
    signedInClient.setQueryData(PERMISSIONS_QUERY_KEY, flags({ is_order_view_allowed: true }));
    await settle();
    expect(paths().sort()).toEqual(['/merchant/api/v1/payments', '/merchant/api/v1/payments/totals']);
    expect(asked.find((url) => url.includes('/payments?'))).toContain('statuses=refunded');
  });

  it("asks nothing of a screen without first questions (an order's page)", async () => {
    window.history.replaceState(null, '', '/payments/pay-1');
    await handleOf('payments/:paymentId').loadCode();
    signedInClient.setQueryData(PERMISSIONS_QUERY_KEY, flags({ is_order_view_allowed: true }));
    await settle();
    expect(asked).toEqual([]);
  });
});

describe("the signed-in pages' cache when a session starts", () => {
  it('forgets "nobody signed in" (and anything else cached) once the sign-in page says a session started', async () => {
    const { ACCOUNT_QUERY_KEY, sessionStarted } = await import('../../src/web/api/accountKey');
    signedInClient.setQueryData(ACCOUNT_QUERY_KEY, null);
    signedInClient.setQueryData(['orders'], { items: [] });
    sessionStarted();
    // Without this, the account's null sends the person straight back to sign-in, which sends them on: a loop.
    expect(signedInClient.getQueryState(ACCOUNT_QUERY_KEY)).toBeUndefined();
    expect(signedInClient.getQueryData(['orders'])).toBeUndefined();
  });
});
