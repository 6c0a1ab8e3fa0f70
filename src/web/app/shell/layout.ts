/** The signed-in layout's measures, shared by the layout and its first drawing in the HTML (ShellFirstDraw.tsx). */

/** The sidebar's width, collapsed and expanded (spec §2.3: 64/200). */
export const SIDEBAR_WIDTH = { collapsed: 64, expanded: 200 } as const;

/** Wider than this is the desktop layout; at 768 px or less the sidebar is a drawer (spec §2.3). */
export const DRAWER_BREAKPOINT = '48.0625em';
