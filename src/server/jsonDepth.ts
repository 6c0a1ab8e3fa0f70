/**
 * How deep a JSON text nests, found without parsing it (one pass, strings skipped): the server refuses a
 * body deeper than MAX_JSON_DEPTH before any parser or recursive walk meets it.
 */

/** Deeper than any form, fixture or call we take (onboarding's deepest answer is 5 levels down). */
export const MAX_JSON_DEPTH = 32;

/** True when the text's arrays and objects nest deeper than `max`. */
export function jsonTooDeep(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i += 1; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 125 || c === 93) depth -= 1;
  }
  return false;
}
