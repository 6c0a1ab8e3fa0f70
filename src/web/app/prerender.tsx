/**
 * Draws the sign-in form as HTML at build time, once per language (src/cli/bootFrameVitePlugin.ts builds this file
 * for Node and calls it): the same components, theme and translations the app draws it with, so the page looks the
 * same before and after the app's code runs (issue 54).
 */
import { renderToString } from 'react-dom/server';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Providers } from './Providers';
import { SignInFirstDraw } from '../features/auth/routes/AuthPage';
import { i18nOptions, lazyBackend } from '../i18n';
import type { Language } from '../../domain/language';

/**
 * The sign-in form's HTML in a language, without element ids (the app's own form has them: the drawing is removed
 * when the app draws, but a label must never point at the drawing's field meanwhile).
 */
export async function renderSignIn(language: Language): Promise<string> {
  const i18n = createInstance();
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({ ...i18nOptions(language, ['auth']), react: { useSuspense: false } });
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <Providers language={language}>
        <MemoryRouter initialEntries={['/auth']}>
          <SignInFirstDraw />
        </MemoryRouter>
      </Providers>
    </I18nextProvider>,
  );
  // Attributes only, inside tags (React escapes `<` and `>` in attribute values): the words of the text stay.
  return html.replace(/<[a-z][^<>]*>/gi, (tag) =>
    tag.replace(
      / (?:(?:id|for|aria-describedby|aria-labelledby|aria-controls)="[^"]*"|autofocus(?:="[^"]*")?)/g,
      '',
    ),
  );
}
