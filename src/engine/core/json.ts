/** Small facts about plain JSON values and translation keys, shared by every layer. */

export type JsonObject = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A translation key, `namespace:path` (`onboarding:fields.iban.title`). */
export const TEXT_KEY = /^[a-z][a-zA-Z0-9-]*:[a-zA-Z0-9_.-]+$/;

export const isTextKey = (value: unknown): value is string =>
  typeof value === 'string' && TEXT_KEY.test(value);

/** `onboarding:fields.iban.title` → `['onboarding', 'fields.iban.title']`. */
export function splitTextKey(key: string): [namespace: string, path: string] {
  const at = key.indexOf(':');
  return [key.slice(0, at), key.slice(at + 1)];
}
