/**
 * Which of the two layouts the screen shows — a phone's (under Mantine's `sm` breakpoint) or a wider one —, so a
 * part drawn differently for each draws only the one on screen: a list drew its table and its cards and let CSS
 * hide one, twice the rows' work on a phone's slower CPU for what nobody sees (issue 54, profiled: every row's
 * amount, day and badge rendered twice). It follows the window (a phone turned, a window resized).
 *
 * Where the browser cannot say (no `matchMedia`, or one that answers no to both, as jsdom's), it is `both`: the
 * part draws both and CSS (`visibleFrom`/`hiddenFrom`) chooses, as before.
 */
import { em, px, useMantineTheme } from '@mantine/core';
import { useCallback, useSyncExternalStore } from 'react';

export type LayoutWidth = 'phone' | 'wide' | 'both';

/**
 * The two queries of a breakpoint, made once (again only if `matchMedia` itself is replaced, as tests do): the
 * snapshot is read at every render, a keystroke in a filter included.
 */
const asked = new Map<
  string,
  { by: typeof window.matchMedia; wide: MediaQueryList; phone: MediaQueryList }
>();
function queries(breakpoint: string) {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  let media = asked.get(breakpoint);
  if (media?.by !== window.matchMedia) {
    // Mantine's own queries for hiddenFrom/visibleFrom (MantineClasses): from the breakpoint, and 0.1 px under it.
    const pixels = Number(px(breakpoint));
    media = {
      by: window.matchMedia,
      wide: window.matchMedia(`(min-width: ${em(pixels)})`),
      phone: window.matchMedia(`(max-width: ${em(pixels - 0.1)})`),
    };
    asked.set(breakpoint, media);
  }
  return media;
}

function layoutWidthNow(breakpoint: string): LayoutWidth {
  const media = queries(breakpoint);
  if (media?.wide.matches) return 'wide';
  if (media?.phone.matches) return 'phone';
  return 'both';
}

export function useLayoutWidth(): LayoutWidth {
  const breakpoint = useMantineTheme().breakpoints.sm;
  const subscribe = useCallback(
    (changed: () => void) => {
      const media = queries(breakpoint);
      if (!media) return () => undefined;
      media.wide.addEventListener('change', changed);
      media.phone.addEventListener('change', changed);
      return () => {
        media.wide.removeEventListener('change', changed);
        media.phone.removeEventListener('change', changed);
      };
    },
    [breakpoint],
  );
  return useSyncExternalStore(
    subscribe,
    () => layoutWidthNow(breakpoint),
    () => 'both',
  );
}
