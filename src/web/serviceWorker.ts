/**
 * The service worker (issue 54): Workbox's, generated at build (vite.config.ts, `VitePWA`). It answers a page
 * asked for without a network with the app itself (its code from the browser's cache, where the server's
 * `immutable` keeps it), which then shows the spec's offline notice (RootLayout) instead of the browser's error
 * page. It keeps no code of its own (that made a repeat visit slower) and never an answer of the API. Registered once the page has loaded, so it
 * never competes with a first visit's own requests; only in a built app (Vite's dev server serves no worker).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // A browser that refuses workers (private mode, a policy) loads the app from the network as before.
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
