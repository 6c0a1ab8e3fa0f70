import { Suspense, useEffect, useEffectEvent } from 'react';
import { Center, Loader, useDirection } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';
import { directionOf, isLanguage } from '../../domain/language';
import { NotificationArea } from '../components/NotificationArea';
import { SessionWatcher } from './session';
import { analytics } from '../analytics';
import { notify } from '../components/notificationStore';
import { useBootFrameOfAddress } from '../components/bootFrame';

/** A full-page spinner while a route's code or texts load. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Loader role="status" aria-label={t('loading')} />
    </Center>
  );
}

/** Top of every route: applies a `lang` query parameter whenever the address changes. */
export function RootLayout() {
  const location = useLocation();
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  useBootFrameOfAddress();

  // Runs when the address changes, and only then: the toggle removes `lang` before it switches.
  const applyLang = useEffectEvent((search: string) => {
    const lang = new URLSearchParams(search).get('lang');
    if (isLanguage(lang) && lang !== i18n.language) {
      void setLanguage(lang).then(() => setDirection(directionOf(lang)));
    }
  });
  useEffect(() => applyLang(location.search), [location.search]);
  // Offline and back online (spec §8): one notice, replaced when the network returns.
  useEffect(() => {
    const offline = () =>
      notify({
        id: 'network',
        variant: 'warning',
        title: i18n.t('network.offlineTitle'),
        message: i18n.t('network.offline'),
        autoHide: false,
      });
    const online = () =>
      notify({
        id: 'network',
        variant: 'success',
        title: i18n.t('network.onlineTitle'),
        message: i18n.t('network.online'),
      });
    // A page opened without a network (its code from the service worker's cache: src/web/serviceWorker.ts) says so
    // at once: no `offline` event comes for a state the page started in.
    if (!navigator.onLine) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [i18n]);

  // A page view on every route change (spec §7); the query string is left out (it may carry codes or ids).
  useEffect(() => {
    analytics.page({ path: location.pathname, title: document.title, language: i18n.language });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  return (
    <>
      <SessionWatcher />
      <NotificationArea />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
