import { createTheme, darken, luminance, type CSSVariablesResolver } from '@mantine/core';

/**
 * The brand: a deep navy for structure and a mint accent for actions.
 *
 * Readable by WCAG 2.1 AA (4.5:1 for text; checked by e2e/accessibility.spec.ts with axe): mint is too light for
 * white text or for text on white (2.2:1), so filled colours take dark text when white would not read
 * (`autoContrast`), and every colour used as text is darkened until it reads (`cssVariablesResolver` below).
 */
export const theme = createTheme({
  primaryColor: 'mint',
  primaryShade: 7,
  autoContrast: true,
  // White text reads at 4.5:1 only on colours darker than luminance 0.18; lighter ones take dark text. (A filled
  // button that must stay white on red, a destructive confirm, uses `red.9`.)
  luminanceThreshold: 0.18,
  colors: {
    mint: [
      '#e6fff6',
      '#d2fbeb',
      '#a6f5d6',
      '#76efbf',
      '#4fe9ac',
      '#37e5a0',
      '#27e399',
      '#14c983',
      '#00b373',
      '#009b61',
    ],
    navy: [
      '#eef1f8',
      '#dbe0ec',
      '#b4bed9',
      '#8a9ac6',
      '#687bb6',
      '#5268ad',
      '#465eaa',
      '#384e95',
      '#304586',
      '#1f2a44',
    ],
  },
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, "Noto Sans Arabic", "Noto Sans", "DejaVu Sans", Roboto, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  // A link in a sentence is told apart by more than its colour (WCAG 1.4.1).
  components: {
    Anchor: { defaultProps: { underline: 'always' } },
    // A floating action (the phone's primary button) and a dot on a control stay under the app shell (its header
    // and the open drawer are at 100): Mantine puts both at 200, and they showed through the open menu (issue 32).
    Affix: { defaultProps: { zIndex: 90 } },
    Indicator: { defaultProps: { zIndex: 1 } },
    // A status is read whole: in a row beside a title the badge keeps its width and the title wraps (Mantine lets
    // a badge shrink and cuts its label to "…", which in Arabic at 375 px left fragments — issue 32).
    Badge: { styles: { root: { flexShrink: 0, maxWidth: '100%' } } },
    // A select's list of options is drawn when it opens, not kept hidden in the page (Mantine's default): each
    // hidden list was placed under its field as the page drew, reading the page's layout and direction, ~30 ms
    // per field of a phone's first render at 4x CPU with two or three filters on a page (issue 54, profiled).
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/** The contrast ratio of two colours, as WCAG 2.1 defines it. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A colour, darkened in small steps until it reads on the background (4.5:1, with a little margin). */
function readableOn(color: string, background: string): string {
  let readable = color;
  for (let amount = 0.05; contrast(readable, background) < 4.7 && amount < 1; amount += 0.05)
    readable = darken(color, amount);
  return readable;
}

/**
 * Colour as text, in the light scheme, for every palette (see the theme's note): a colour's text and outline
 * variants read on white, its light variant (badges, the sidebar's current item) on its own light tint, links
 * are the deepest mint, and errors and dimmed text are one step darker than Mantine's.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(resolved.colors)) {
    light[`--mantine-color-${name}-text`] = readableOn(shades[7], '#ffffff');
    light[`--mantine-color-${name}-outline`] = readableOn(shades[7], '#ffffff');
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[1]);
  }
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-anchor': light[`--mantine-color-${resolved.primaryColor}-text`]!,
      '--mantine-color-error': readableOn(resolved.colors.red[7], '#ffffff'),
      '--mantine-color-dimmed': '#5c636a',
    },
    dark: {},
  };
};
