/**
 * Addresses of the provider's public pages, per language. They are the provider's own site, not part of this
 * app; a deployment points them at its real pages.
 */
import type { Language } from '../../domain/language';

const SITE = 'https://example.com';

export const links = {
  terms: (lang: Language) => `${SITE}/${lang}/merchant-terms`,
  privacy: (lang: Language) => `${SITE}/${lang}/privacy`,
  marketplace: (lang: Language) => `${SITE}/${lang}/shop`,
  /**
   * The help centre: the server sends this on to the provider's help site (HELP_CENTRE_URL) or to the back
   * office's own help page, /help (src/server/routes/helpCentre.ts).
   */
  helpCenter: (lang: Language) => `/help-centre?lang=${lang}`,
  /** The merchant app: one address that sends phones to their store (the QR code encodes it). */
  merchantApp: `${SITE}/merchant-app`,
  appStore: 'https://apps.apple.com/',
  googlePlay: 'https://play.google.com/store/apps',
  supportEmail: 'merchant-support@example.com',
  /** The capital team's mailbox (capital spec §2: FAQ, application review). */
  capitalEmail: 'capital@example.com',
};
