import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/Providers';
import { AppRoutes } from './app/router';
import { initI18n } from './i18n';
import { isLanguage } from '../domain/language';
import { captureUtm } from './utm';

captureUtm();

void initI18n().then((i18n) => {
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <Providers language={language}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});
