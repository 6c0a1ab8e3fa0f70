/**
 * The route table inside the signed-in layout (shell spec §2.6) with the gates of §2.7. Every named route
 * exists; a screen a later issue builds shows its title and "not available yet".
 */
import type { ComponentType } from 'react';
import type { FirstQuestions } from '../../api/firstQuestions';
import { matchPath, Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../lazyScreen';
import type { ComputedPermissions } from '../../../domain/permissions';
import { PLANNED } from '../../config/plannedRoutes';

type Permission = keyof ComputedPermissions;

const pages = () => import('./pages');
const dashboard = () => import('../../features/dashboard/routes/DashboardPages');

/** The dashboard's onboarding gate and screens (features/dashboard; onboarding spec §2). */
const DASHBOARD: [
  string,
  'DashboardIndex' | 'BusinessProfilePage' | 'ContractPage' | 'KuwaitBlockedNotice',
  Permission?,
][] = [
  ['dashboard', 'DashboardIndex', 'canViewDashboard'],
  ['dashboard/business-profile', 'BusinessProfilePage'],
  ['dashboard/contract', 'ContractPage'],
  ['dashboard/kuwait-blocked-notice', 'KuwaitBlockedNotice'],
];
const onboarding = () => import('../../features/onboarding/routes/ApplicationPages');

/** The application's screens (features/onboarding), each behind its permission (spec §2.4, §2.7). */
const APPLICATION: [
  string,
  'ApplicationGate' | 'NewApplication' | 'ApplicationForm' | 'ApplicationView' | 'ReachOut' | 'ToApplication',
  Permission?,
][] = [
  ['applications', 'ApplicationGate', 'canViewApplication'],
  ['applications/new', 'NewApplication', 'canCreateApplication'],
  ['applications/list', 'ToApplication', 'canViewApplication'],
  ['applications/view', 'ApplicationView', 'canViewApplication'],
  ['applications/step/:currentStep?', 'ApplicationForm', 'canViewApplication'],
  ['applications/reach-out', 'ReachOut', 'canViewApplication'],
  ['application/:applicationId', 'ToApplication', 'canViewApplication'],
];

const capital = () => import('../../features/capital/routes/CapitalPages');

type CapitalScreen =
  | 'CapitalEntry'
  | 'CapitalErrorPage'
  | 'FrfOfferRoute'
  | 'FrfApplicationPage'
  | 'OfferEntry'
  | 'OfferPage'
  | 'OffersPage'
  | 'WaitlistPage'
  | 'ApplicationPage'
  | 'ResetFixPage'
  | 'SimpleApplicationPage'
  | 'KybApplicationPage'
  | 'LoanPage'
  | 'LoansPage';

/** Capital's route table (capital spec §2), under both spellings of {capital_base}. */
const CAPITAL_PAGES: [string, CapitalScreen][] = [
  ['', 'CapitalEntry'],
  ['waitlist/:stepId?', 'WaitlistPage'],
  ['offers', 'OffersPage'],
  ['offers/:id', 'OfferPage'],
  ['loans', 'LoansPage'],
  ['loans/:id', 'LoanPage'],
  ['applications/:id', 'ApplicationPage'],
  ['loan-applications/:id', 'ApplicationPage'],
  ['loan-applications/:id/fix/:stepId?', 'ResetFixPage'],
  ['application-preapproved/:stepName/:offerId/:merchantId', 'FrfOfferRoute'],
  ['application-full-revenue/:offerId/:merchantId/:stepName', 'FrfOfferRoute'],
  ['application/:stepName/:offerId/:merchantId', 'FrfOfferRoute'],
  ['application/:offerId/:merchantId', 'OfferEntry'],
  ['application/:offerId/:merchantId/simple/:stepId?', 'SimpleApplicationPage'],
  ['application/:applicationId', 'ApplicationPage'],
  ['application-frf/:applicationId/:stepId?', 'FrfApplicationPage'],
  ['application-kyb/:applicationId/:stepId?', 'KybApplicationPage'],
  ['error', 'CapitalErrorPage'],
];
const CAPITAL: [string, CapitalScreen, Permission][] = ['finance/capital', 'finance/tby-capital'].flatMap(
  (base) =>
    CAPITAL_PAGES.map(([path, screen]): [string, CapitalScreen, Permission] => [
      path ? `${base}/${path}` : base,
      screen,
      'canViewCapital',
    ]),
);

/**
 * Signing an advance's contract (docs/capital.md "From approval to money"): a chunk of its own, so the section's
 * pages stay within their budget and only a merchant who takes an advance loads the drawing pad.
 */
const capitalSign = () => import('../../features/capital/routes/ContractSignPage');
const CAPITAL_SIGN: [string, 'ContractSignPage', Permission][] = [
  'finance/capital',
  'finance/tby-capital',
].map((base) => [`${base}/loan-applications/:id/sign`, 'ContractSignPage', 'canViewCapital']);

const disputes = () => import('../../features/disputes/routes/DisputesPages');

/** Disputes (features/disputes; onboarding spec §2 "Other areas"): the page needs merchant access, its calls the disputes flag. */
const DISPUTES: [string, 'DisputesList' | 'DisputeDetail' | 'DisputesFaq', Permission][] = [
  ['disputes', 'DisputesList', 'canViewDisputes'],
  ['disputes/:id', 'DisputeDetail', 'canViewDisputes'],
  ['disputes-faq', 'DisputesFaq', 'canViewDisputes'],
];

const support = () => import('../../features/support/routes/SupportPages');

/** Support tickets (features/support; onboarding spec §2 "Other areas"): merchant access (canViewSupport). */
const SUPPORT: [string, 'SupportList' | 'TicketDetail', Permission][] = [
  ['support', 'SupportList', 'canViewSupport'],
  ['support/:ticketId', 'TicketDetail', 'canViewSupport'],
];

const orders = () => import('../../features/orders/routes/OrdersPages');

/** Orders (features/orders; docs/orders.md): canViewOrders (§2.7). */
const ORDERS: [string, 'OrdersList' | 'PaymentDetail' | 'LinkStatusPage' | 'PaymentLinksList', Permission][] =
  [
    ['payments', 'OrdersList', 'canViewOrders'],
    ['payments/links', 'PaymentLinksList', 'canCreatePaymentLinks'],
    ['payments/:paymentId', 'PaymentDetail', 'canViewOrders'],
    ['service/pl-status/:paymentId', 'LinkStatusPage', 'canCreatePaymentLinks'],
  ];

const payouts = () => import('../../features/payouts/routes/PayoutsPages');

/** Payouts (features/payouts; docs/payouts.md): isPayoutsAllowed (§2.7); a payment's payouts also need its orders. */
const PAYOUTS: [
  string,
  'CompletedPayouts' | 'UpcomingPayouts' | 'HowReportsWork' | 'PaymentPayouts',
  Permission,
][] = [
  ['finance/payouts', 'CompletedPayouts', 'isPayoutsAllowed'],
  ['finance/payouts/completed/:payoutId?', 'CompletedPayouts', 'isPayoutsAllowed'],
  ['finance/payouts/upcoming/:merchantId?', 'UpcomingPayouts', 'isPayoutsAllowed'],
  ['finance/payouts/how-reports-work', 'HowReportsWork', 'isPayoutsAllowed'],
  ['payments/:paymentId/payouts', 'PaymentPayouts', 'canViewOrders'],
];

const analytics = () => import('../../features/analytics/routes/AnalyticsPages');

/** Analytics (features/analytics; docs/analytics.md): canViewAnalytics (§6). */
const ANALYTICS: [string, 'AnalyticsPage', Permission][] = [
  ['analytics', 'AnalyticsPage', 'canViewAnalytics'],
  ['analytics/:country/:metric', 'AnalyticsPage', 'canViewAnalytics'],
];

const locations = () => import('../../features/locations/routes/LocationsPages');

/** Locations (features/locations; docs/locations.md): canViewLocations (§6: its experiment and has_locations). */
const LOCATIONS: [string, 'LocationsList', Permission][] = [
  ['locations', 'LocationsList', 'canViewLocations'],
];

const ads = () => import('../../features/ads/routes/AdsPages');

/** Ads (features/ads; docs/ads.md): canView{product}Ads (§6). */
const ADS: [string, 'AdsPage', Permission][] = [['ads', 'AdsPage', 'canViewAds']];

const marketing = () => import('../../features/marketing/routes/MarketingPages');

/** Marketing's hub (features/marketing; docs/marketing.md): canViewMarketing (§6). */
const MARKETING: [
  string,
  (
    | 'MarketingPage'
    | 'MarketingDraftPage'
    | 'ConnectPlatformPage'
    | 'ProductsPage'
    | 'MarketplacePage'
    | 'CatalogAuthPage'
  ),
  Permission,
][] = [
  ['marketing', 'MarketingPage', 'canViewMarketing'],
  ['marketing/draft', 'MarketingDraftPage', 'canViewMarketing'],
  ['marketing/connect/:platform', 'ConnectPlatformPage', 'canViewMarketing'],
  ['marketing/products', 'ProductsPage', 'canViewProductCatalog'],
  ['marketplace', 'MarketplacePage', 'canViewMarketing'],
  ['marketplace/product-catalog/auth', 'CatalogAuthPage', 'canViewProductCatalog'],
];

const wallet = () => import('../../features/wallet/routes/WalletPages');

/** The merchant wallet and the card (features/wallet; docs/wallet.md): their gates of shell spec §6. */
const WALLET: [string, 'MerchantWallet' | 'CardPage', Permission][] = [
  ['finance/merchant-wallet', 'MerchantWallet', 'canViewMerchantWallet'],
  ['finance/card', 'CardPage', 'canViewCard'],
];

const legalEntities = () => import('../../features/legal-entities/routes/LegalEntitiesPages');

/** Legal entities (features/legal-entities; onboarding spec §2 "Other areas"): canViewStoreManagement (§2.7). */
const LEGAL_ENTITIES: [string, 'LegalEntitiesList' | 'LegalEntityDetail', Permission][] = [
  ['legal-entities', 'LegalEntitiesList', 'canViewStoreManagement'],
  ['legal-entities/:originalLegalEntityId', 'LegalEntityDetail', 'canViewStoreManagement'],
];

const users = () => import('../../features/users/routes/UsersPages');

/** The workspace's team (features/users; docs/users.md): workspace admins only (shell spec §6). */
const USERS: [string, 'UsersList', Permission][] = [['users', 'UsersList', 'isWorkspaceAdmin']];

const crm = () => import('../../features/crm/routes/CrmPages');

/** The CRM's page of an application (features/crm; docs/configuration.md CRM_APPLICATION_URL): anyone signed in. */
const CRM: [string, 'CrmRedirect'][] = [['pipedrive/:applicationId', 'CrmRedirect']];

const stores = () => import('../../features/stores/routes/StoresPages');

/** Stores (features/stores; docs/stores.md): workspace admins only (shell spec §6). */
const STORES: [string, 'StoresList' | 'StoreDetailPage', Permission][] = [
  ['business-profile/stores', 'StoresList', 'isWorkspaceAdmin'],
  ['business-profile/stores/:merchantId/:tab?', 'StoreDetailPage', 'isWorkspaceAdmin'],
];

const forms = () => import('../../features/forms/routes/FormPages');

/**
 * Any catalogue flow on the generic drafts API (features/forms): a new flow under schemas/ needs no route; one
 * whose file declares a sidebar entry opens for the members that entry is shown to.
 */
const FORMS: [string, 'StartForm' | 'FormWizard' | 'FormView', 'flowEntry'][] = [
  ['forms/:flowId', 'StartForm', 'flowEntry'],
  ['forms/:flowId/:draftId/view', 'FormView', 'flowEntry'],
  ['forms/:flowId/:draftId/:stepId?', 'FormWizard', 'flowEntry'],
];

/** A feature's screens chunk: its screens, and the first questions of those that have some (api/firstQuestions.ts). */
type ScreensChunk<Name extends string> = Record<Name, ComponentType> & {
  firstQuestions?: Partial<Record<Name, FirstQuestions>>;
};

/**
 * A feature's screens as lazy routes, each behind its permission (none: any signed-in user; `flowEntry`: the
 * permission the flow's own sidebar entry names, see FlowEntryGate), its first questions asked when its code
 * first loads.
 */
function screenRoutes<Name extends string>(
  load: () => Promise<ScreensChunk<Name>>,
  table: [string, Name, (Permission | 'flowEntry')?][],
  namespaces: readonly string[],
): RouteObject[] {
  return table.map(([path, screen, permission]) => ({
    path,
    ...lazyScreen(
      () =>
        Promise.all([pages(), load()]).then(([p, m]) => {
          const ask = m.firstQuestions?.[screen];
          // The address as the browser has it when the code first loads: the page's at its start, the new one
          // on a navigation (the router has moved before the screen renders).
          const here = ask && matchPath(`/${path}`, window.location.pathname);
          if (here) {
            const at = { params: here.params, search: new URLSearchParams(window.location.search) };
            void import('./signedInQueryClient').then((c) => ask(c.queryClient, at));
          }
          const Screen: ComponentType = m[screen];
          if (permission === 'flowEntry')
            return function FlowScreen() {
              return (
                <p.FlowEntryGate>
                  <Screen />
                </p.FlowEntryGate>
              );
            };
          return function GatedScreen() {
            return (
              <p.Gate allow={permission ? (granted) => granted[permission] : undefined}>
                <Screen />
              </p.Gate>
            );
          };
        }),
      namespaces,
    ),
  }));
}

export const signedInRoutes: RouteObject[] = [
  { index: true, ...lazyScreen(() => pages().then((m) => m.RootRedirect)) },
  // Each with the translation files its screens ask for (lazyScreen loads them beside the chunk).
  ...screenRoutes(onboarding, APPLICATION, ['onboarding', 'reasons', 'review']),
  ...screenRoutes(dashboard, DASHBOARD, ['dashboard', 'validation', 'auth']),
  ...screenRoutes(forms, FORMS, []),
  ...screenRoutes(capital, CAPITAL, ['capital', 'reasons', 'contracts']),
  ...screenRoutes(capitalSign, CAPITAL_SIGN, ['capital', 'capital-money', 'contracts']),
  ...screenRoutes(disputes, DISPUTES, ['disputes', 'lists', 'validation']),
  ...screenRoutes(orders, ORDERS, ['orders', 'lists', 'validation']),
  ...screenRoutes(payouts, PAYOUTS, ['payouts', 'lists']),
  ...screenRoutes(analytics, ANALYTICS, ['analytics', 'orders', 'lists']),
  ...screenRoutes(locations, LOCATIONS, ['locations', 'lists']),
  ...screenRoutes(marketing, MARKETING, ['marketing', 'store-listing', 'lists']),
  ...screenRoutes(ads, ADS, ['ads', 'lists']),
  ...screenRoutes(wallet, WALLET, ['wallet', 'lists', 'auth', 'validation']),
  ...screenRoutes(support, SUPPORT, ['support', 'lists', 'validation', 'chat']),
  ...screenRoutes(legalEntities, LEGAL_ENTITIES, ['legal-entities', 'lists']),
  ...screenRoutes(stores, STORES, ['stores', 'lists', 'contracts']),
  ...screenRoutes(users, USERS, ['users', 'lists', 'widgets', 'validation']),
  ...screenRoutes(crm, CRM, ['shell']),
  // The store-listing editor is a catalogue flow (schemas/store-listing; docs/marketing.md): its spec route opens it.
  { path: 'marketing/store-listing', element: <Navigate to="/forms/store-listing" replace /> },
  ...PLANNED.map(([path, title, permission]): RouteObject => ({
    path,
    ...lazyScreen(() => pages().then((m) => () => <m.PlannedRoute title={title} permission={permission} />)),
  })),
  {
    path: 'account/*',
    ...lazyScreen(
      () => import('../../features/account/routes/AccountPage').then((m) => m.AccountPage),
      ['account', 'auth'],
    ),
  },
];
