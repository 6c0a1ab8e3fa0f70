/**
 * The route table. Every screen is its own chunk (lazyScreen), so the sign-in page does not carry the
 * dashboard's code.
 *
 * The routes run in react-router's declarative router (BrowserRouter + useRoutes), not its data router: the
 * app loads its data with react-query and uses no loader, action or fetcher, and the data router's code costs
 * every page about 16 KiB gzip (measured side by side: 97.8 against 80.9 KiB for the same two routes) — the
 * difference between the sign-in page meeting its budget and not. Navigations are still transitions, so a
 * screen's chunk loading keeps the page on screen rather than a spinner.
 */
import { useMemo } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
import { RenderErrorBoundary } from '../components/RenderErrorPage';
import { signedInRoutes } from './shell/routes';
import { lazyScreen, type LazyHandle } from './lazyScreen';

const money = () => import('../features/payouts/routes/MoneyPages');
const moneyCard = () => import('../features/wallet/routes/MoneyCardPages');
/** The outbox, the events and the recordings: one chunk (features/dev/routes/DevPages.tsx). */
const devPages = () => import('../features/dev/routes/DevPages');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // The signed-in layout and everything in it (spec §2.6); its code loads after sign-in.
      {
        ...lazyScreen(
          () =>
            import('./shell/AppLayout').then((m) => {
              m.startShell();
              return m.SignedInLayout;
            }),
          ['shell'],
        ),
        children: signedInRoutes,
      },
      {
        path: 'logout/:source?',
        ...lazyScreen(() => import('./LogoutPage').then((m) => m.LogoutPage)),
      },
      // The money area lives inside the mobile app's webview only (spec §2.6): a session the webview opened with
      // the app's one-time token sees it; anyone else goes to root (WebviewLayout).
      {
        path: 'money',
        ...lazyScreen(() => import('./WebviewLayout').then((m) => m.WebviewLayout)),
        children: [
          { index: true, element: <Navigate to="landing" replace /> },
          {
            path: 'landing',
            ...lazyScreen(() => money().then((m) => m.MoneyLanding), ['payouts']),
          },
          {
            path: 'transactions-history',
            ...lazyScreen(() => money().then((m) => m.MoneyTransactions), ['payouts']),
          },
          {
            path: 'transaction-detail/:transactionId',
            ...lazyScreen(() => money().then((m) => m.MoneyTransaction), ['payouts']),
          },
          // The card application's pages (features/wallet; docs/wallet.md).
          {
            path: 'card-application/landing',
            ...lazyScreen(() => moneyCard().then((m) => m.MoneyCardLanding), ['wallet']),
          },
          {
            path: 'card-application/payout-changes',
            ...lazyScreen(() => moneyCard().then((m) => m.MoneyPayoutChanges), ['wallet']),
          },
          {
            path: 'card-application/payout-options',
            ...lazyScreen(() => moneyCard().then((m) => m.MoneyPayoutOptions), ['wallet']),
          },
          { path: 'card-application', element: <Navigate to="landing" replace /> },
          { path: '*', element: <Navigate to="/money/landing" replace /> },
        ],
      },
      // The pages the app opens in its webview (spec §2.6), behind the same token and gate as the money area:
      // the disputes FAQ, and `auth` — where a webview already signed in by its token belongs: the money area.
      {
        path: 'webview',
        ...lazyScreen(() => import('./WebviewLayout').then((m) => m.WebviewLayout)),
        children: [
          {
            path: 'disputes-faq',
            ...lazyScreen(
              () => import('../features/disputes/routes/DisputesPages').then((m) => m.WebviewDisputesFaq),
              ['disputes'],
            ),
          },
          { path: 'auth', element: <Navigate to="/money/landing" replace /> },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
      // The back office's own help centre (public): where "Help centre" goes without a HELP_CENTRE_URL.
      {
        path: 'help',
        ...lazyScreen(() => import('../features/help/routes/HelpPage').then((m) => m.HelpPage), ['help']),
      },
      {
        path: 'auth/:step?',
        ...lazyScreen(
          () =>
            import('../features/auth/routes/AuthPage').then((m) => {
              m.startSessionCheck();
              return m.AuthPage;
            }),
          ['auth'],
        ),
      },
      // The provider's staff pages (their own layout, outside the merchant shell): the form studio, the status
      // message and the support chat console (product ops), and the ads console (ads ops).
      {
        ...lazyScreen(() => import('./QueryLayout').then((m) => m.QueryLayout)),
        children: [
          {
            path: 'studio/*',
            ...lazyScreen(() => import('../features/studio/routes/StudioPages').then((m) => m.StudioPage)),
          },
          // The remote status message every merchant's home shows (ops only).
          {
            path: 'ops/status-message',
            ...lazyScreen(
              () =>
                import('../features/ops-status/routes/StatusMessagePage').then((m) => m.StatusMessagePage),
              ['ops', 'validation'],
            ),
          },
          // Ads ops' console: every merchant's campaigns (the `ads_ops` staff role only; docs/ads.md).
          {
            path: 'ops/ads',
            ...lazyScreen(
              () => import('../features/ads-ops/routes/AdsOpsPage').then((m) => m.AdsOpsPage),
              ['ads', 'lists'],
            ),
          },
          // The onboarding reviewers' console: the queue and one application (the `onboarding_reviewer` staff
          // role only; docs/review.md).
          {
            path: 'ops/review',
            ...lazyScreen(
              () => import('../features/review/routes/ReviewQueuePage').then((m) => m.ReviewQueuePage),
              ['review', 'onboarding', 'lists'],
            ),
          },
          {
            path: 'ops/review/:id',
            ...lazyScreen(
              () =>
                import('../features/review/routes/ReviewApplicationPage').then(
                  (m) => m.ReviewApplicationPage,
                ),
              ['review', 'reasons', 'onboarding', 'lists'],
            ),
          },
          // The contracts merchants signed: the provider's copies (ops only; docs/contracts.md).
          {
            path: 'ops/contracts',
            ...lazyScreen(
              () =>
                import('../features/contracts-console/routes/SignedContractsPage').then(
                  (m) => m.SignedContractsPage,
                ),
              ['contracts', 'lists'],
            ),
          },
          // The support chat's agents' console (ops only).
          {
            path: 'ops/chat/:channelId?',
            ...lazyScreen(
              () => import('../features/support-console/routes/ConsolePage').then((m) => m.ConsolePage),
              ['chat'],
            ),
          },
        ],
      },
      // Development and QA pages; the server answers 404 for every /dev address in production.
      {
        path: 'dev/catalogue',
        ...lazyScreen(() =>
          import('../features/dev/routes/CatalogueDevPage').then((m) => m.CatalogueDevPage),
        ),
      },
      {
        path: 'dev/events',
        ...lazyScreen(() => devPages().then((m) => m.EventsPage)),
      },
      {
        path: 'dev/outbox',
        ...lazyScreen(() => devPages().then((m) => m.OutboxPage)),
      },
      {
        path: 'dev/replay',
        ...lazyScreen(() => devPages().then((m) => m.ReplayPage)),
      },
      {
        path: 'dev/wizard/:flowId/:stepId?',
        ...lazyScreen(() =>
          import('../features/dev/routes/WizardPlayground').then((m) => m.WizardPlayground),
        ),
      },
      // Spec shell §2.6: a catch-all to root.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * Starts the code of every screen the address opens, as the page starts — beside the first translations rather
 * than after them (issue 54: on a phone's network each wait in that chain is a round trip or more) — and returns
 * the translation files those screens ask for, for i18n to load with its first.
 */
export function startRoute(pathname: string): string[] {
  const handles = (matchRoutes(routes, pathname) ?? []).flatMap(
    (m) => (m.route.handle as LazyHandle | undefined) ?? [],
  );
  handles.forEach((handle) => void handle.loadCode().catch(() => undefined));
  return [...new Set(handles.flatMap((handle) => handle.namespaces))];
}

/** The app's screens for the address, with the render-error page for anything that breaks below. */
export function AppRoutes() {
  const { pathname } = useLocation();
  // Every matched screen's chunk starts loading now, together (nested lazy screens would wait for each other).
  useMemo(
    () =>
      matchRoutes(routes, pathname)?.forEach(
        (m) => void (m.route.handle as LazyHandle | undefined)?.preload(),
      ),
    [pathname],
  );
  const element = useRoutes(routes);
  return <RenderErrorBoundary pathname={pathname}>{element}</RenderErrorBoundary>;
}
