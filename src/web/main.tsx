import '@mantine/core/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/Providers';
import { AppRoutes, startRoute } from './app/router';
import { initI18n } from './i18n';
import { isLanguage } from '../domain/language';
import { captureUtm } from './utm';
import { registerServiceWorker } from './serviceWorker';

captureUtm();
registerServiceWorker();
// Error reporting and session replay: their own small chunk, asked for at once beside the page's (observability.ts).
void import('./observability').then((observing) => observing.startObserving());

// The page's screens load while i18n reads its first files, and their translations load with those.
void initI18n(startRoute(window.location.pathname)).then((i18n) => {
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const app = createRoot(root);
  // The first render in slices (a transition yields to the browser every few milliseconds) rather than one task:
  // TBT at 4x CPU on sign-in (whose form the HTML has drawn already) 571 → 384 ms, orders 1251 → 380, the home 907 →
  // 484 in English, less in Arabic, never worse (side by side, 2026-11-29: docs/benchmarks.md, third round).
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers language={language}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  );
});
