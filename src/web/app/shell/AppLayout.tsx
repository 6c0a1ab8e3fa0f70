/**
 * The signed-in layout (shell spec §2.2, §2.3): a top bar with logo, language toggle, help-centre link and
 * logout (a menu on phones), the sidebar (a drawer at 768 px or less), and the page. A merchant whose legal
 * entity is suspended (its licence expired 30 days ago — our reading of the spec's "expired state") gets no
 * sidebar: the page shows the negative alert with contact-support instead.
 */
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, AppShell, Burger, Button, Group, Menu, ActionIcon } from '@mantine/core';
import { IconAlertOctagon, IconDots, IconHelp, IconLogout } from '@tabler/icons-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo';
import { LanguageToggle } from '../../components/LanguageToggle';
import { ErrorPage } from '../../components/ErrorPage';
import { links } from '../../config/links';
import { isLanguage } from '../../../domain/language';
import { PageLoader } from '../RootLayout';
import { RequireAuth } from '../RequireAuth';
import { logout } from '../session';
import { LOCAL_FLAGS, useLocalFlag } from '../../localFlags';
import { ShellContext } from './ShellContext';
import { Sidebar, SIDEBAR_WIDTH } from './Sidebar';
import { prefetchShell, useShell } from './useShell';
import { queryClient } from './signedInQueryClient';
import { HolidayBanner } from './HolidayBanner';
import classes from './AppLayout.module.css';
import { chat } from '../../api/chat';
import { staffHome, useAccount, useMarkSeen } from '../../api/account';

/** Wider than this is the desktop layout; at 768 px or less the sidebar is a drawer (spec §2.3). */
const DRAWER_BREAKPOINT = '48.0625em';

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
  const { t, i18n } = useTranslation('shell');
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
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
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
  if (shell.isError || !shell.data) return <ErrorPage status={500} onRetry={shell.retry} />;
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
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {!expired && (
                <Burger
                  opened={drawer}
                  onClick={() => setDrawer((o) => !o)}
                  className={classes.burger}
                  size="sm"
                  aria-label={t(drawer ? 'closeMenu' : 'openMenu')}
                />
              )}
              <Link to="/" style={{ textDecoration: 'none' }}>
                <Logo />
              </Link>
            </Group>
            <Group gap="xs" wrap="nowrap" visibleFrom="sm">
              <LanguageToggle />
              <Button
                component="a"
                href={links.helpCenter(lang)}
                target="_blank"
                rel="noreferrer"
                variant="subtle"
                color="navy"
                leftSection={<IconHelp size={18} />}
              >
                {t('helpCenter')}
              </Button>
              <Button variant="default" leftSection={<IconLogout size={18} />} onClick={signOut}>
                {t('logout')}
              </Button>
            </Group>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="lg" hiddenFrom="sm" aria-label={t('more')}>
                  <IconDots size={20} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  component="a"
                  href={links.helpCenter(lang)}
                  target="_blank"
                  rel="noreferrer"
                  leftSection={<IconHelp size={16} />}
                >
                  {t('helpCenter')}
                </Menu.Item>
                <Menu.Item leftSection={<IconLogout size={16} />} onClick={signOut}>
                  {t('logout')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
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
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </ShellContext.Provider>
  );
}
