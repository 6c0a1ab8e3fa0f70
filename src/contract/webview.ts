/**
 * The mobile app's webview tokens (src/server/routes/webview.ts; docs/shell-and-permissions.md "The money area").
 */
import { Instant, Type, type Static } from './common';

/** The pages a webview may open: the money area and the webview pages (shell spec §2.6); no query, no `.` or `..`. */
export const WEBVIEW_PATH = '^/(money|webview)(/(?!\\.\\.?(/|$))[A-Za-z0-9._~-]{1,64}){0,4}$';

export const WebviewTokenBody = Type.Object(
  {
    path: Type.String({
      maxLength: 300,
      pattern: WEBVIEW_PATH,
      description: 'the page to open: /money/… or /webview/…, e.g. /money/landing',
    }),
  },
  { additionalProperties: false },
);
export type WebviewTokenBody = Static<typeof WebviewTokenBody>;

export const WebviewTokenAnswer = Type.Object({
  url: Type.String({ description: 'what the webview opens: spends the token and lands on the page' }),
  expires_at: Instant,
});
export type WebviewTokenAnswer = Static<typeof WebviewTokenAnswer>;
