/**
 * Stands in for codemirror-json-schema's Markdown renderer (vite.config.ts points its import here): that one
 * loads shiki, whose WebAssembly the strict CSP refuses (and which adds some 600 KB); the hints' descriptions
 * are plain sentences, shown as text.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderMarkdown(markdown: string, inline = true): string {
  const html = escape(String(markdown ?? ''));
  return inline ? html : `<p>${html}</p>`;
}
