/** The sidebar drawn for a shell's data and an account (sidebar.test.tsx, sidebar-survey.test.tsx). */
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import shell from '../../../locales/en/shell.json';
import common from '../../../locales/en/common.json';
import { Sidebar } from '../../../src/web/app/shell/Sidebar';
import { computePermissions } from '../../../src/domain/permissions';
import type { ShellData } from '../../../src/web/app/shell/useShell';
import { FLOW_ENTRIES_KEY, type FlowEntryView } from '../../../src/web/api/flowEntries';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', defaultNS: 'common', resources: { en: { shell, common } } });

export function renderSidebar(
  data: Partial<ShellData>,
  account: { email: string | null; phone: string | null },
  /** The catalogue flows' entries (GET /merchant/api/v1/catalogue/flows). */
  entries: FlowEntryView[] = [],
) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(FLOW_ENTRIES_KEY, entries);
  queryClient.setQueryData(['account'], {
    id: 'a',
    first_name: null,
    last_name: null,
    lang: 'en',
    created_at: '',
    permissions: [],
    ...account,
  });
  const shellData: ShellData = {
    permissions: computePermissions({
      flags: {},
      experiments: [],
      role: null,
      application: null,
      firstStoreProducts: null,
      merchantCountry: null,
    }),
    experiments: [],
    legalEntity: null,
    applicationStatus: null,
    ...data,
  };
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <Sidebar
          shell={shellData}
          collapsed={false}
          onToggle={() => undefined}
          onNavigate={() => undefined}
        />
      ),
    },
  ]);
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider env="test">
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
