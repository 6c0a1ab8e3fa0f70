/**
 * The page drawn by the HTML before the app's code runs (issue 54): on a phone's network and CPU the sign-in page's
 * code takes seconds to arrive and run, and until then the page was blank. The build prerenders the sign-in form
 * in each language (src/cli/bootFrameVitePlugin.ts) into a page of its own; the server sends that page for the
 * sign-in address in the visitor's language (routes/spa.ts); the app removes the drawing once it draws the page
 * itself (web/components/bootFrame.ts, called by the sign-in page).
 *
 * A signed-in page (the sidebar's areas, the account, the business profile) gets its frame the same way: the
 * shell's header, the sidebar's shape and the page's title over its skeleton (SIGNED_IN_FRAMES), drawn at build
 * per page and language, sent to a browser holding a session; the app removes it once the page's own screen has
 * drawn, or as soon as the address changes (a gate sending the member elsewhere). What the account may see is not
 * known to the HTML, so the sidebar is drawn as its shape only, never as items the member may not have.
 */
import { LANGUAGES, type Language } from './language';

/** The element that holds the drawing: inert, hidden from assistive technology, above the app until removed. */
export const BOOT_FRAME_ID = 'boot-frame';

/** Whether an address is the sign-in form's (`/auth`; its other steps draw from what the merchant typed). */
export function hasBootFrame(pathname: string): boolean {
  return pathname === '/auth' || pathname === '/auth/';
}

/** The built page that draws the sign-in form in a language, beside index.html. */
export function bootFramePage(language: Language): string {
  return `auth.${language}.html`;
}

/** Every such page, one per language. */
export const BOOT_FRAME_PAGES = LANGUAGES.map(bootFramePage);

/** A signed-in page drawn before its code: its address, a name for its file, and its title's translation key. */
export interface SignedInFrame {
  path: string;
  slug: string;
  /** `namespace:key`, the key the page's own header draws (so the title does not change when the app draws). */
  title?: string;
  /**
   * The module of the page's screens (its key in the build's manifest): the frame's HTML asks for its code, the
   * shell's and their texts at low priority, beside the entry instead of after it (cli/bootFrameVitePlugin.ts).
   */
  code?: string;
}

/**
 * The signed-in pages the HTML draws: the sidebar's areas and the pages a merchant opens first. Detail pages (a
 * breadcrumb and a name from the data) and the staff's consoles (their own layout) are not here: they get
 * index.html. Capital's entry sends the merchant on to the page their advance is at, so it has no title.
 */
export const SIGNED_IN_FRAMES: readonly SignedInFrame[] = [
  // A page's `code` is asked for with its frame where its largest paint is the app's (a banner, a row): with
  // Chrome's Slow 4G the screens of the home, orders, users, disputes, support, analytics and the wallet drew
  // 0.4-1.0 s sooner, and Lighthouse's LCP came no later (docs/benchmarks.md, eleventh round). Not where the frame
  // is the largest paint (payouts): Lighthouse's simulation shares the link with the code whatever its priority, so
  // the frame's paint came 1.2 s later there (1955 → 3203 ms). The pages left without were not measured yet.
  {
    path: '/dashboard',
    slug: 'dashboard',
    title: 'shell:nav.dashboard',
    code: 'src/web/features/dashboard/routes/DashboardPages.tsx',
  },
  { path: '/dashboard/business-profile', slug: 'business-profile', title: 'dashboard:profile.title' },
  { path: '/legal-entities', slug: 'legal-entities', title: 'legal-entities:title' },
  {
    path: '/payments',
    slug: 'payments',
    title: 'orders:title',
    code: 'src/web/features/orders/routes/OrdersPages.tsx',
  },
  {
    path: '/analytics',
    slug: 'analytics',
    title: 'analytics:title',
    code: 'src/web/features/analytics/routes/AnalyticsPages.tsx',
  },
  { path: '/ads', slug: 'ads', title: 'ads:title' },
  {
    path: '/disputes',
    slug: 'disputes',
    title: 'disputes:title',
    code: 'src/web/features/disputes/routes/DisputesPages.tsx',
  },
  { path: '/locations', slug: 'locations', title: 'locations:title' },
  {
    path: '/finance/merchant-wallet',
    slug: 'merchant-wallet',
    title: 'wallet:title',
    code: 'src/web/features/wallet/routes/WalletPages.tsx',
  },
  { path: '/finance/payouts', slug: 'payouts', title: 'payouts:title' },
  { path: '/finance/card', slug: 'card', title: 'wallet:card.title' },
  { path: '/finance/capital', slug: 'capital' },
  { path: '/finance/tby-capital', slug: 'capital' },
  { path: '/marketing', slug: 'marketing', title: 'marketing:title' },
  { path: '/business-profile/stores', slug: 'stores', title: 'stores:title' },
  {
    path: '/users',
    slug: 'users',
    title: 'users:title',
    code: 'src/web/features/users/routes/UsersPages.tsx',
  },
  {
    path: '/support',
    slug: 'support',
    title: 'support:title',
    code: 'src/web/features/support/routes/SupportPages.tsx',
  },
  { path: '/account', slug: 'account', title: 'account:title' },
];

/** The signed-in frame drawn for an address (a trailing slash is the same page), or undefined. */
export function signedInFrameOf(pathname: string): SignedInFrame | undefined {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return SIGNED_IN_FRAMES.find((frame) => frame.path === path);
}

/** The built page that draws a signed-in frame in a language, beside index.html. */
export function signedInFramePage(frame: Pick<SignedInFrame, 'slug'>, language: Language): string {
  return `page.${frame.slug}.${language}.html`;
}

/** One frame per file: the frames that share a slug (capital's two spellings) draw one page. */
export const SIGNED_IN_FRAME_SLUGS: readonly SignedInFrame[] = [
  ...new Map(SIGNED_IN_FRAMES.map((frame) => [frame.slug, frame])).values(),
];

/**
 * The browser's languages from an Accept-Language header, most wanted first (`ar-SA,ar;q=0.9,en;q=0.8`).
 * @param header - the header's value, or undefined
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
