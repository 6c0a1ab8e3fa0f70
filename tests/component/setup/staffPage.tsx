/** A staff page rendered as the app routes it: at its address, for an account of a staff role, with its texts. */
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ACCOUNT_QUERY_KEY } from '../../../src/web/api/accountKey';

export function showStaffPage(options: {
  i18n: I18n;
  path: string;
  element: ReactElement;
  /** The signed-in account's staff role (null: a merchant's account). */
  role?: string | null;
}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ACCOUNT_QUERY_KEY, {
    id: 'acc-ops',
    email: 'ops@demo.example',
    staff_role: options.role === undefined ? 'ops' : options.role,
  });
  const router = createMemoryRouter([{ path: options.path, element: options.element }], {
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
