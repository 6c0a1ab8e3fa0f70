/** LIKE patterns that find a merchant's text as it is. */

/** `text` with LIKE's wildcards (`%`, `_`) and its escape (`\`) taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern that finds `text` anywhere (its % and _ are not wildcards). */
export const containing = (text: string) => `%${escapeLike(text)}%`;
