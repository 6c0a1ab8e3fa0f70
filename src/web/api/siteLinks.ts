/**
 * The provider's addresses a merchant is shown, as the deployment set them (GET /merchant/api/v1/site-links;
 * contract/siteLinks.ts). One not set is null: the page then shows no link — never a placeholder address.
 */
import { useEffect, useState } from 'react';
import type { SiteLinks } from '../../contract/siteLinks';
import type { Language } from '../../domain/language';
import { api } from './client';

export type { SiteLinks };

let asked: Promise<SiteLinks | undefined> | undefined;
let known: SiteLinks | undefined;

/**
 * The links, read once per page load and shared by every reader. Not react-query: the sign-in page (and the
 * render-error page) run without its client — sign-in's code is kept small (issue 54). A failed read shows no link.
 */
export function useSiteLinks(): SiteLinks | undefined {
  const [links, setLinks] = useState(known);
  useEffect(() => {
    if (known) return;
    asked ??= api<SiteLinks>('GET', '/merchant/api/v1/site-links').then(
      (answer) => (known = answer),
      () => {
        asked = undefined; // tried again by the next page that needs them
        return undefined;
      },
    );
    let live = true;
    void asked.then((answer) => live && setLinks(answer));
    return () => {
      live = false;
    };
  }, []);
  return links;
}

/** An address in the page's language (`{lang}` → en or ar), or null when it is not set. */
export const siteLink = (address: string | null | undefined, lang: Language) =>
  address ? address.replaceAll('{lang}', lang) : null;

/** The merchant app's QR code, drawn by the server from MERCHANT_APP_URL. */
export const MERCHANT_APP_QR = '/merchant-app/qr.svg';
