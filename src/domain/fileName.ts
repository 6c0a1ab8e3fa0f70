/**
 * A file name fit to show and to save (issue 14, finding 12). A merchant's file name is text from outside:
 * it can carry bidi controls (U+202E makes `invoice‮fdp.exe` read as `invoiceexe.pdf`), invisible format
 * characters, markup, or a path. What is kept is the name's last path segment without control, format,
 * private-use or unpaired surrogate characters, with `< > : " / \ | ? *` made `_` (markup and what no
 * file system takes), at most 120 characters — and it ends in the extension of the type the content was found
 * to be, so a PNG named `page.html` is saved as `page.html.png` and never opens as a web page.
 */

const UNSEEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029]/gu;
const UNSAFE = /[<>:"/\\|?*]/g;
export const MAX_FILE_NAME = 120;

/** Extensions a type's files may end in (the first is added when the name has none of them). */
const EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['jpeg', 'jpg'],
  'image/png': ['png'],
  'application/pdf': ['pdf'],
};

/**
 * The name to show and save.
 * @param name - the name as given (may be empty or hostile)
 * @param mimeType - the type found by the content's first bytes; when known, the name ends in its extension
 */
export function safeFileName(name: string | undefined, mimeType?: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  let clean = base.replace(UNSEEN, '').replace(UNSAFE, '_').replace(/\s+/g, ' ').trim();
  // A name of dots alone (`..`) is a path, not a name.
  if (/^\.*$/.test(clean)) clean = 'file';
  const extensions = mimeType ? EXTENSIONS[mimeType] : undefined;
  const extension = clean.includes('.') ? clean.slice(clean.lastIndexOf('.') + 1).toLowerCase() : '';
  const suffix = extensions && !extensions.includes(extension) ? `.${extensions[0]}` : '';
  // Too long: the end is kept (it tells files apart more often than the start), the suffix always.
  const room = MAX_FILE_NAME - suffix.length;
  return `${[...clean].slice(-room).join('').trim()}${suffix}`;
}
