/**
 * The signed-in layout (shell spec §2.2, §2.3): a top bar with logo, language toggle, help-centre link and
 * logout (a menu on phones), the sidebar (a drawer at 768 px or less), and the page. A merchant whose legal
 * entity is suspended (its licence expired 30 days ago — our reading of the spec's "expired state") gets no
 * sidebar: the page shows the negative alert with contact-support instead.
 */
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, AppShell } from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FailedPage } from '../../components/ErrorPage';
import { PageLoader } from '../RootLayout';
import { RequireAuth } from '../RequireAuth';
import { logout } from '../session';
import { LOCAL_FLAGS, useLocalFlag } from '../../localFlags';
import { ShellContext } from './ShellContext';
import { Sidebar } from './Sidebar';
import { DRAWER_BREAKPOINT, SIDEBAR_WIDTH } from './layout';
import { prefetchShell, useShell } from './useShell';
import { queryClient } from './signedInQueryClient';
import { HolidayBanner } from './HolidayBanner';
import classes from './AppLayout.module.css';
import { ShellHeader } from './ShellHeader';
import { BootFrameGives } from '../../components/bootFrame';
import { chat } from '../../api/chat';
import { staffHome, useAccount, useMarkSeen } from '../../api/account';

/** The shell's questions, asked as soon as this code has loaded (router.tsx), before the layout first draws. */
export const startShell = () => prefetchShell(queryClient);

export function SignedInLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <RequireAuth>
        <Shell />
      </RequireAuth>
    </QueryClientProvider>
  );
}

function Shell() {
  const { t } = useTranslation('shell');
  const shell = useShell();
  const account = useAccount();
  const [collapsedFlag, setCollapsed] = useLocalFlag(LOCAL_FLAGS.sidebarCollapsed);
  const [drawer, setDrawer] = useState(false);
  // One function for every render: the sidebar's links are memoised on their props (Sidebar.tsx).
  const closeDrawer = useCallback(() => setDrawer(false), []);
  const location = useLocation();
  const markSeen = useMarkSeen();
  // The "new" badges of disputes and capital go once their page has been visited (spec §2.3) — for the account,
  // on every device (issue 56), once its account is known.
  const accountKnown = Boolean(account.data);
  useEffect(() => {
    if (!accountKnown) return;
    if (location.pathname.startsWith('/disputes')) markSeen('disputes');
    if (/^\/finance\/(tby-)?capital/.test(location.pathname)) markSeen('capital');
  }, [location.pathname, accountKnown, markSeen]);
  const navigate = useNavigate();
  // The support chat starts with the signed-in pages, only with canViewSupport (spec §2.9): the sidebar's dot
  // needs its state before the support page is opened.
  const canChat = shell.data?.permissions.canViewSupport === true;
  useEffect(() => {
    if (canChat) chat.start('merchant');
  }, [canChat]);

  // The provider's staff have no merchant: their home is their console (the form studio, the ads console), reached
  // without drawing the merchant shell (and its sidebar) first.
  const home = location.pathname === '/' ? staffHome(account.data) : null;
  if (home) return <Navigate to={home} replace />;
  // A spinner while permissions load (spec §2.7).
  if (shell.isPending) return <PageLoader />;
  if (shell.isError || !shell.data)
    return (
      <>
        <BootFrameGives />
        <FailedPage error={shell.error} onRetry={shell.retry} />
      </>
    );
  const data = shell.data;
  const collapsed = collapsedFlag === '1';
  const expired = data.legalEntity?.status === 'suspended';

  const signOut = async () => {
    await logout();
    void navigate('/auth', { replace: true });
  };

  return (
    <ShellContext.Provider value={data}>
      <AppShell
        header={{ height: 60 }}
        navbar={
          expired
            ? undefined
            : {
                width: collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded,
                breakpoint: DRAWER_BREAKPOINT,
                collapsed: { mobile: !drawer },
              }
        }
        padding={{ base: 'md', sm: 'lg' }}
      >
        <AppShell.Header>
          <ShellHeader
            noSidebar={expired}
            drawer={drawer}
            onBurger={() => setDrawer((o) => !o)}
            onSignOut={signOut}
          />
        </AppShell.Header>
        {!expired && (
          <AppShell.Navbar aria-label={t('sidebar')}>
            <Sidebar
              shell={data}
              collapsed={collapsed}
              onToggle={() => setCollapsed(collapsed ? null : '1')}
              onNavigate={closeDrawer}
            />
          </AppShell.Navbar>
        )}
        <AppShell.Main className={classes.main}>
          <HolidayBanner />
          {expired && (
            <Alert color="red" variant="light" icon={<IconAlertOctagon size={18} />} mb="lg">
              {t('legalEntityAlert.negative')}{' '}
              <Anchor component={Link} to="/support" fw={600}>
                {t('legalEntityAlert.contactSupport')}
              </Anchor>
            </Alert>
          )}
          {/* A screen's chunk loading on a first visit: the shell stays, the content area waits. */}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            {/* The page's frame drawn by the HTML (domain/bootFrame.ts) gives way as the page's screen commits. */}
            <BootFrameGives />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </ShellContext.Provider>
  );
}
