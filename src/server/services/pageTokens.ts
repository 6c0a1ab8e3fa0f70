/**
 * Keyset page tokens (disputes, orders): the last row's sort value and id, opaque to callers (base64url JSON).
 * A token that is not one of ours is refused with 400 naming `page_token`, never a 500.
 */
import { fieldError, HttpError } from '../errors';

export function encodePageToken(value: string | number, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

/**
 * @param valueIs - what the list's sort value must be (an instant's text, or a number)
 * @throws HttpError 400 - for anything else
 */
export function decodePageToken(
  token: string,
  valueIs: 'instant' | 'number',
): { value: string | number; id: string } {
  const refuse = () =>
    new HttpError(400, 'page_token: not a page token of this list', {
      '/page_token': fieldError('validation:error.pageToken'),
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[1] !== 'string') throw refuse();
  const [value, id] = parsed as [unknown, string];
  if (valueIs === 'number' && !Number.isSafeInteger(value)) throw refuse();
  if (valueIs === 'instant' && (typeof value !== 'string' || Number.isNaN(new Date(value).getTime())))
    throw refuse();
  return { value: value as string | number, id };
}
