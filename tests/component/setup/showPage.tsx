/**
 * A page rendered as the app routes it — at its address, under its route's pattern, with its texts and a query client
 * (the signed-in account in it when given) — and the staff pages' case of it: for an account of a staff role.
 */
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ACCOUNT_QUERY_KEY } from '../../../src/web/api/accountKey';

export function showPage(options: {
  i18n: I18n;
  /** The route's pattern (`/pipedrive/:applicationId`); the address itself by default. */
  route?: string;
  path: string;
  element: ReactElement;
  /** The signed-in account, as the account query answers it. */
  account?: Record<string, unknown>;
}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (options.account) client.setQueryData(ACCOUNT_QUERY_KEY, options.account);
  const router = createMemoryRouter([{ path: options.route ?? options.path, element: options.element }], {
    initialEntries: [options.path],
  });
  render(
    <I18nextProvider i18n={options.i18n}>
      <QueryClientProvider client={client}>
        <MantineProvider env="test">
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

export function showStaffPage(options: {
  i18n: I18n;
  path: string;
  element: ReactElement;
  /** The signed-in account's staff role (null: a merchant's account). */
  role?: string | null;
}) {
  return showPage({
    ...options,
    account: {
      id: 'acc-ops',
      email: 'ops@demo.example',
      staff_role: options.role === undefined ? 'ops' : options.role,
    },
  });
}
