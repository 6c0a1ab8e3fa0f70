/**
 * The sign-in form drawn as HTML at build time (issue 54, src/web/app/prerender.tsx): the same words as the app
 * draws, in each language, and no element ids (the app's own form has them while both are in the page).
 */
import { describe, expect, it } from 'vitest';
import { renderSignIn } from '../../src/web/app/prerender';
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
