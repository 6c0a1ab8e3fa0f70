/**
 * The pages drawn as HTML at build time (issue 54, src/web/app/prerender.tsx) — the sign-in form and the signed-in
 * pages' frames: the same words as the app draws, in each language, and no element ids (the app's own page has
 * them while both are in the page) — and the app removing the drawing when its page has drawn.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Navigate, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderSignedIn, renderSignIn } from '../../src/web/app/prerender';
import { BOOT_FRAME_ID, SIGNED_IN_FRAMES } from '../../src/domain/bootFrame';
import { BootFrameGives, useBootFrameOfAddress } from '../../src/web/components/bootFrame';
import ordersEn from '../../locales/en/orders.json';
import ordersAr from '../../locales/ar/orders.json';
import shellEn from '../../locales/en/shell.json';
import shellAr from '../../locales/ar/shell.json';
import en from '../../locales/en/auth.json';
import ar from '../../locales/ar/auth.json';

/** The text a reader sees: tags and style sheets taken out, entities read. */
function textOf(html: string) {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.querySelectorAll('style').forEach((style) => style.remove());
  return doc.body.textContent?.replace(/\s+/g, ' ') ?? '';
}

const plain = (text: string) => text.replace(/<\/?[a-z]+>/g, '');

describe("the sign-in form's drawing", () => {
  for (const [language, texts] of [
    ['en', en],
    ['ar', ar],
  ] as const) {
    it(`says in ${language} what the form says, word for word`, async () => {
      const html = await renderSignIn(language);
      const text = textOf(html);
      for (const words of [
        texts.signIn.title,
        texts.signIn.subtitle,
        texts.signIn.email,
        texts.signIn.byEmail,
        texts.signIn.byPhone,
        texts.continue,
        // The provider's addresses are read once the app runs (api/siteLinks.ts): the drawing has the note
        // without the marketplace, and the terms sentence — last on the form, so it moves nothing as it appears.
        texts.signIn.shoppersNoLink,
      ])
        expect(text, language).toContain(words);
      expect(text, language).not.toContain(plain(texts.signIn.terms));
    });
  }

  it('names no element, and no label points anywhere', async () => {
    const html = await renderSignIn('en');
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
    expect(
      doc.querySelectorAll('[id], [for], [aria-describedby], [aria-labelledby], [autofocus]'),
    ).toHaveLength(0);
    // The field is there, with its placeholder, for the page to look the same before and after.
    expect(doc.querySelector('input[type="email"]')?.getAttribute('placeholder')).toBe(
      en.signIn.emailPlaceholder,
    );
  });
});

describe("a signed-in page's drawing", () => {
  it('is the shell with the title the page draws, in each language, with no item the member may lack', async () => {
    const payments = SIGNED_IN_FRAMES.find((frame) => frame.path === '/payments')!;
    for (const [language, titles, shell] of [
      ['en', ordersEn, shellEn],
      ['ar', ordersAr, shellAr],
    ] as const) {
      const html = await renderSignedIn(language, payments);
      const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
      expect(doc.querySelector('h1')?.textContent, language).toBe(titles.title);
      const text = textOf(html);
      expect(text, language).toContain(shell.helpCenter);
      expect(text, language).toContain(shell.logout);
      // The sidebar is its shape only: no area's name (what the account may open is not known to the HTML).
      expect(doc.querySelector('nav, .mantine-AppShell-navbar')?.textContent?.trim(), language).toBe('');
      expect(doc.querySelectorAll('[id], [for], [aria-describedby], [aria-labelledby]')).toHaveLength(0);
    }
  });

  it('has no title where the page has none to promise (capital sends on to the advance)', async () => {
    const capital = SIGNED_IN_FRAMES.find((frame) => frame.slug === 'capital')!;
    const doc = new DOMParser().parseFromString(
      `<body>${await renderSignedIn('en', capital)}</body>`,
      'text/html',
    );
    expect(doc.querySelector('h1')).toBeNull();
  });

  it('refuses a title that names no text, naming it', async () => {
    await expect(
      renderSignedIn('en', { path: '/payments', slug: 'payments', title: 'orders:noSuchTitle' }),
    ).rejects.toThrow(/no text orders:noSuchTitle/);
  });
});

describe("the drawing's removal by the app", () => {
  const drawn = () => {
    const layer = document.createElement('div');
    layer.id = BOOT_FRAME_ID;
    document.body.prepend(layer);
  };

  function Top(props: { children?: ReactNode }) {
    useBootFrameOfAddress();
    return <>{props.children}</>;
  }

  it('waits for the page: a screen still loading keeps it, the screen drawn removes it', async () => {
    drawn();
    let done: (value: { default: () => ReactNode }) => void = () => {};
    const Screen = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (done = resolve)));
    render(
      <MemoryRouter initialEntries={[window.location.pathname]}>
        <Top>
          <Suspense fallback={<p>loading</p>}>
            <Screen />
            <BootFrameGives />
          </Suspense>
        </Top>
      </MemoryRouter>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(document.getElementById(BOOT_FRAME_ID)).not.toBeNull();
    await act(async () => done({ default: () => <p>the page</p> }));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(document.getElementById(BOOT_FRAME_ID)).toBeNull();
  });

  it('goes as soon as the app is at another address (a gate sent the member on)', async () => {
    drawn();
    render(
      <MemoryRouter initialEntries={[window.location.pathname]}>
        <Routes>
          <Route
            path="*"
            element={
              <Top>
                <Navigate to="/elsewhere" replace />
              </Top>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.getElementById(BOOT_FRAME_ID)).toBeNull());
  });

  it('stays while the app is still at the address it was drawn for', () => {
    drawn();
    render(
      <MemoryRouter initialEntries={[window.location.pathname]}>
        <Top>
          <p>the shell is asking who is there</p>
        </Top>
      </MemoryRouter>,
    );
    expect(document.getElementById(BOOT_FRAME_ID)).not.toBeNull();
    document.getElementById(BOOT_FRAME_ID)?.remove();
  });
});
