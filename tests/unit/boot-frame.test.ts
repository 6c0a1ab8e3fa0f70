/** The sign-in page drawn into its HTML (issue 54): the browser's languages read, the page's HTML assembled. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  acceptedLanguages,
  bootFramePage,
  hasBootFrame,
  SIGNED_IN_FRAME_SLUGS,
  SIGNED_IN_FRAMES,
  signedInFrameOf,
  signedInFramePage,
} from '../../src/domain/bootFrame';
import { LANGUAGES } from '../../src/domain/language';
import { frameCodeLinks, framedPage } from '../../src/cli/bootFrameVitePlugin';
import type { Manifest } from '../../src/cli/viteManifest';

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

describe("the signed-in pages' frames", () => {
  it('are found by the address, a trailing slash the same page, nothing else', () => {
    expect(signedInFrameOf('/payments')?.slug).toBe('payments');
    expect(signedInFrameOf('/payments/')?.slug).toBe('payments');
    expect(signedInFrameOf('/finance/tby-capital')?.slug).toBe('capital');
    for (const other of ['/', '/payments/pay-1', '/paymentsx', '/studio', '/auth', ''])
      expect(signedInFrameOf(other), other).toBeUndefined();
    expect(signedInFramePage({ slug: 'payments' }, 'ar')).toBe('page.payments.ar.html');
  });

  it('draw one page per slug, each slug a safe file name', () => {
    expect(SIGNED_IN_FRAME_SLUGS.map((f) => f.slug)).toEqual([
      ...new Set(SIGNED_IN_FRAMES.map((f) => f.slug)),
    ]);
    for (const frame of SIGNED_IN_FRAMES) expect(frame.slug).toMatch(/^[a-z-]+$/);
    expect(new Set(SIGNED_IN_FRAMES.map((f) => f.path)).size).toBe(SIGNED_IN_FRAMES.length);
  });

  it('name a title with text in every language (the build would otherwise stop)', () => {
    const text = (language: string, ns: string, key: string) => {
      const file = JSON.parse(readFileSync(`locales/${language}/${ns}.json`, 'utf8')) as Record<
        string,
        unknown
      >;
      return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], file);
    };
    for (const frame of SIGNED_IN_FRAMES.filter((f) => f.title)) {
      const [ns = '', key = ''] = frame.title!.split(':');
      for (const language of LANGUAGES)
        expect(typeof text(language, ns, key), `${frame.path} ${language} ${frame.title}`).toBe('string');
    }
  });
});

describe("a frame's code asked for with its HTML", () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_framework.js'] },
    '_framework.js': { file: 'assets/framework.js' },
    '_Popover.js': { file: 'assets/Popover.js', imports: ['_framework.js'] },
    'src/web/app/shell/AppLayout.tsx': {
      file: 'assets/AppLayout.js',
      isDynamicEntry: true,
      imports: ['_Popover.js'],
    },
    'src/web/app/shell/pages.tsx': { file: 'assets/pages.js', isDynamicEntry: true },
    'src/web/features/orders/routes/OrdersPages.tsx': {
      file: 'assets/OrdersPages.js',
      isDynamicEntry: true,
      imports: ['_Popover.js', '_framework.js'],
    },
    'locales/ar/common.json': { file: 'assets/common-ar.js', isDynamicEntry: true },
    'locales/ar/shell.json': { file: 'assets/shell-ar.js', isDynamicEntry: true },
    'locales/ar/orders.json': { file: 'assets/orders-ar.js', isDynamicEntry: true },
    'locales/en/orders.json': { file: 'assets/orders-en.js', isDynamicEntry: true },
  };
  const orders = {
    path: '/payments',
    slug: 'payments',
    title: 'orders:title',
    code: 'src/web/features/orders/routes/OrdersPages.tsx',
  };
  const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

  it("is the shell's and the screens' chunks and their texts in the language, not what the entry brings", () => {
    const links = frameCodeLinks(manifest, orders, 'ar');
    expect(hrefs(links).sort()).toEqual(
      [
        '/assets/AppLayout.js',
        '/assets/OrdersPages.js',
        '/assets/Popover.js',
        '/assets/common-ar.js',
        '/assets/orders-ar.js',
        '/assets/pages.js',
        '/assets/shell-ar.js',
      ].sort(),
    );
    // Asked for after the frame's stylesheet, never ahead of it.
    expect(links.match(/<link /g)).toHaveLength(7);
    expect(links.match(/rel="modulepreload" crossorigin fetchpriority="low"/g)).toHaveLength(7);
  });

  it('is nothing for a frame without code, and sits at the end of the head', () => {
    expect(frameCodeLinks(manifest, { path: '/finance/payouts', slug: 'payouts' }, 'en')).toBe('');
    const index = '<html><head><link rel="stylesheet" href="/a.css"></head><body></body></html>';
    expect(framedPage(index, 'en', '', '<link rel="modulepreload" href="/x.js">')).toContain(
      '<link rel="stylesheet" href="/a.css"><link rel="modulepreload" href="/x.js"></head>',
    );
  });

  it('stops the build when a frame names code the build does not have', () => {
    expect(() =>
      frameCodeLinks(manifest, { ...orders, code: 'src/web/features/gone/Pages.tsx' }, 'en'),
    ).toThrow(
      'the frame of /payments names code not in the build: src/web/features/gone/Pages.tsx (SIGNED_IN_FRAMES)',
    );
  });

  it("names, for each frame that has code, its feature's screens module", () => {
    for (const frame of SIGNED_IN_FRAMES.filter((f) => f.code))
      expect(frame.code, frame.path).toMatch(/^src\/web\/features\/[a-z-]+\/routes\/[A-Za-z]+Pages\.tsx$/);
  });
});
