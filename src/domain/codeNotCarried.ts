/**
 * A module's code the network did not carry: reported as a warning (domain/errorReports.ts), drawn as the
 * network's page rather than "oops" (web/components/RenderErrorPage.tsx).
 */

/** How each browser (and Vite, for a chunk's stylesheet) says the network did not carry a module's code. */
export const CODE_NOT_CARRIED = [
  /Failed to fetch dynamically imported module/,
  /error loading dynamically imported module/,
  /Importing a module script failed/,
  /Loading (CSS )?chunk \S+ failed/,
  /Unable to preload CSS/,
];

/** Whether an error says a module's code did not arrive: the connection's doing, not ours (RenderErrorPage). */
export const isCodeNotCarried = (error: unknown): boolean =>
  error instanceof Error && CODE_NOT_CARRIED.some((p) => p.test(error.message));
