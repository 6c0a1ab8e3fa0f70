/**
 * Addresses of the back office's own pages. The provider's public pages (terms, privacy, the marketplace, the
 * app, the mailboxes) are settings of a deployment, read from the server (api/siteLinks.ts).
 */
import type { Language } from '../../domain/language';

export const links = {
  /**
   * The help centre: the server sends this on to the provider's help site (HELP_CENTRE_URL) or to the back
   * office's own help page, /help (src/server/routes/helpCentre.ts).
   */
  helpCenter: (lang: Language) => `/help-centre?lang=${lang}`,
};
