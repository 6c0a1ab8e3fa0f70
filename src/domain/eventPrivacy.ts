/**
 * What an analytics event may never carry (issue 60, point 1): a one-time code, an IBAN or an identity number.
 * The server refuses an event holding one (`POST /merchant/api/v1/events`, 400 naming the property) and the app's
 * sink does not send it, so a careless property at a call site never reaches the event log. E-mail and phone are
 * allowed: the spec's identify call and capital's events carry them (shell §7, capital §7).
 */

/** Keys whose values are secrets or identity documents whatever they look like. */
export const PRIVATE_KEYS =
  /^(code|otp|otp_code|pin|password|token|auth_token|iban|identity_id|national_id|national_id_number|passport|passport_number|emirates_id)$/i;
/** An IBAN: two letters, two check digits, 10 to 30 letters and digits (spaces allowed between groups). */
const IBAN = /^[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,30}$/i;
/** An Emirates ID (784 and 12 digits, dashes allowed) or a Saudi national ID / iqama (10 digits from 1 or 2). */
const IDENTITY = [/^784-?\d{4}-?\d{7}-?\d$/, /^[12]\d{9}$/];

export type PrivateKind = 'code' | 'iban' | 'identity number';

/** What a string value is, when it is an IBAN or an identity number. */
function privateText(value: string): PrivateKind | null {
  const text = value.trim();
  if (IBAN.test(text)) return 'iban';
  if (IDENTITY.some((p) => p.test(text))) return 'identity number';
  return null;
}

const keyKind = (key: string): PrivateKind =>
  /iban/i.test(key) ? 'iban' : /code|otp|pin|password|token/i.test(key) ? 'code' : 'identity number';

/**
 * The first property (as a JSON pointer) that carries what an event may not, and what it is; null when none does.
 * Looks into nested objects and arrays. Only strings are read as IBANs or identity numbers (an amount is a number).
 */
export function privateProperty(value: unknown, at = ''): { pointer: string; kind: PrivateKind } | null {
  if (typeof value === 'string') {
    const kind = privateText(value);
    return kind ? { pointer: at, kind } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [String(i), item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    const pointer = `${at}/${key}`;
    if (!Array.isArray(value) && PRIVATE_KEYS.test(key) && item !== null && item !== '' && item !== undefined)
      return { pointer, kind: keyKind(key) };
    const found = privateProperty(item, pointer);
    if (found) return found;
  }
  return null;
}
