/**
 * Capital spec §5 Social: Instagram and Facebook take a profile address on their own domain or a handle
 * (letters, digits, dot, underscore, hyphen, optional @); other links an http(s) address or a domain with a
 * plausible top-level domain, no spaces, commas or double dots. Values are normalised to full https addresses;
 * invalid ones are dropped. (The step's schema refuses them as typed; this is the server's word on what is kept.)
 */

const HANDLE = /^@?([A-Za-z0-9._-]{1,50})$/;
const PROFILE = /^(?:https?:\/\/)?(?:www\.|m\.)?(instagram|facebook)\.com\/@?([A-Za-z0-9._-]{1,50})\/?$/i;
const LINK = /^(?:https?:\/\/)?((?:[A-Za-z0-9-]{1,63}\.){1,10}[A-Za-z]{2,24})((?:[/?#][^\s,]*)?)$/;

/** A profile on `site` as a full https address, or null when the value is neither a handle nor one of its addresses. */
export function profileUrl(site: 'instagram' | 'facebook', value: string): string | null {
  const text = value.trim();
  const profile = PROFILE.exec(text);
  if (profile) return profile[1]!.toLowerCase() === site ? `https://${site}.com/${profile[2]}` : null;
  // A bare handle (a dotted one that reads as an address of another site is still a handle: "my.store").
  const handle = HANDLE.exec(text);
  return handle ? `https://${site}.com/${handle[1]}` : null;
}

/** Another link as a full https address, or null when it is not one. */
export function linkUrl(value: string): string | null {
  const text = value.trim();
  if (text.includes('..')) return null;
  const link = LINK.exec(text);
  return link ? `https://${link[1]}${link[2]}` : null;
}

export interface SocialNetworks {
  instagram?: string;
  facebook?: string;
  others?: string[];
}

/** The answers as stored: each normalised, the invalid and empty ones dropped. */
export function normaliseSocial(value: unknown): SocialNetworks {
  const given = (value ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  const instagram = text(given.instagram) && profileUrl('instagram', text(given.instagram)!);
  const facebook = text(given.facebook) && profileUrl('facebook', text(given.facebook)!);
  const others = (Array.isArray(given.others) ? given.others : [])
    .map((o) => (text(o) ? linkUrl(text(o)!) : null))
    .filter((o): o is string => o !== null);
  return {
    ...(instagram ? { instagram } : {}),
    ...(facebook ? { facebook } : {}),
    ...(others.length > 0 ? { others } : {}),
  };
}
