/** The remote status message's limits (docs/dashboard.md): a short title and a message of a few lines. */
export const STATUS_TITLE_MAX = 80;
export const STATUS_MESSAGE_MAX = 400;

type Localized = { en: string; ar: string };

/**
 * The texts a shown message still lacks, as JSON pointers (`/title/ar`): both the server and the ops page read
 * this, so an empty Arabic title is refused as it is left, not after a 400.
 */
export function missingStatusTexts(body: {
  is_active: boolean;
  title: Localized;
  message: Localized;
}): string[] {
  if (!body.is_active) return [];
  return (['title', 'message'] as const).flatMap((field) =>
    (['en', 'ar'] as const)
      .filter((lang) => body[field][lang].trim() === '')
      .map((lang) => `/${field}/${lang}`),
  );
}
