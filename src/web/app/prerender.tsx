/**
 * Draws the sign-in form and the signed-in pages' frames as HTML at build time, once per language
 * (src/cli/bootFrameVitePlugin.ts builds this file for Node and calls it): the same components, theme and
 * translations the app draws them with, so the page looks the same before and after the app's code runs (issue 54).
 */
import { renderToString } from 'react-dom/server';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Providers } from './Providers';
import { SignInFirstDraw } from '../features/auth/routes/AuthPage';
import { ShellFirstDraw } from './shell/ShellFirstDraw';
import { i18nOptions, lazyBackend } from '../i18n';
import type { Language } from '../../domain/language';
import type { SignedInFrame } from '../../domain/bootFrame';
import type { ReactNode } from 'react';

/** A drawing's HTML in a language, with the translation files it reads. */
async function draw(language: Language, namespaces: string[], at: string, page: ReactNode): Promise<string> {
  const i18n = createInstance();
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({ ...i18nOptions(language, namespaces), react: { useSuspense: false } });
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <Providers language={language}>
        <MemoryRouter initialEntries={[at]}>{page}</MemoryRouter>
      </Providers>
    </I18nextProvider>,
  );
  // Without element ids (the app's own page has them: the drawing is removed when the app draws, but a label must
  // never point at the drawing's field meanwhile). Attributes only, inside tags (React escapes `<` and `>` in
  // attribute values): the words of the text stay.
  return html.replace(/<[a-z][^<>]*>/gi, (tag) =>
    tag.replace(
      / (?:(?:id|for|aria-describedby|aria-labelledby|aria-controls)="[^"]*"|autofocus(?:="[^"]*")?)/g,
      '',
    ),
  );
}

/** The sign-in form's HTML in a language. */
export function renderSignIn(language: Language): Promise<string> {
  return draw(language, ['auth'], '/auth', <SignInFirstDraw />);
}

/** A signed-in page's frame in a language: the shell, and the page's title in the words its header uses. */
export async function renderSignedIn(language: Language, frame: SignedInFrame): Promise<string> {
  const [ns, key] = frame.title?.split(':') ?? [];
  return draw(language, ['shell', ...(ns ? [ns] : [])], frame.path, <TitledFrame ns={ns} titleKey={key} />);
}

function TitledFrame(props: { ns?: string; titleKey?: string }) {
  const { t, i18n } = useTranslation(props.ns ?? 'shell');
  // A frame whose title names no text would draw the key itself: the build stops and names it.
  if (props.titleKey && !i18n.exists(props.titleKey, { ns: props.ns }))
    throw new Error(`SIGNED_IN_FRAMES: no text ${props.ns}:${props.titleKey} (domain/bootFrame.ts)`);
  return <ShellFirstDraw title={props.titleKey ? t(props.titleKey) : undefined} />;
}
