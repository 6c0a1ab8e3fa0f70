/** The sign-in page drawn into its HTML (issue 54): the browser's languages read, the page's HTML assembled. */
import { describe, expect, it } from 'vitest';
import { acceptedLanguages, bootFramePage, hasBootFrame } from '../../src/domain/bootFrame';
import { framedPage } from '../../src/cli/bootFrameVitePlugin';

describe('acceptedLanguages', () => {
  it('lists the tags most wanted first, in the order given among equals', () => {
    expect(acceptedLanguages('ar-SA,ar;q=0.9,en;q=0.8')).toEqual(['ar-SA', 'ar', 'en']);
    expect(acceptedLanguages('fr;q=0.4, en;q=0.5, ar;q=0.7')).toEqual(['ar', 'en', 'fr']);
    expect(acceptedLanguages('en, ar')).toEqual(['en', 'ar']);
  });

  it('leaves out what is not a language the browser wants', () => {
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages('*')).toEqual([]);
    expect(acceptedLanguages('ar;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages(' , ;q=1')).toEqual([]);
  });
});

describe('the sign-in page', () => {
  it('is the form at /auth only', () => {
    expect(hasBootFrame('/auth')).toBe(true);
    expect(hasBootFrame('/auth/')).toBe(true);
    expect(hasBootFrame('/auth/sign_in_verify_email')).toBe(false);
    expect(hasBootFrame('/')).toBe(false);
    expect(bootFramePage('ar')).toBe('auth.ar.html');
  });

  const index =
    '<!doctype html>\n<html lang="en" dir="ltr">\n<head><title>x</title></head>\n<body>\n<div id="root"></div>\n</body></html>';

  it("is index.html with the language's direction and the drawing first in the body, inert and unnamed", () => {
    const html = framedPage(index, 'ar', '<form><h1>سجّل الدخول</h1></form>');
    expect(html).toContain('<html lang="ar" dir="rtl" data-mantine-color-scheme="light">');
    expect(html).toMatch(
      /<body>\s*<div id="boot-frame" aria-hidden="true" inert [^>]*><form><h1>سجّل الدخول<\/h1><\/form><\/div>\s*<div id="root">/,
    );
    expect(framedPage(index, 'en', '')).toContain('<html lang="en" dir="ltr"');
  });

  it('refuses an index.html it cannot draw into, saying what it needs', () => {
    expect(() => framedPage('<html><body class="x"></body></html>', 'en', '')).toThrow(
      /needs an <html> tag and a plain <body> tag/,
    );
  });
});
