/**
 * Stands in for markdown-to-jsx in the browser build (vite.config.ts alias):
 * rjsf imports it statically for descriptions written in Markdown, which the
 * catalogue does not allow (`ui:enableMarkdownInDescription` is refused by
 * `catalogue check`), so texts render as plain text and ~35 KiB gzip stay out.
 */
import type { ReactNode } from 'react';

export function Markdown(props: { children?: ReactNode }) {
  return <>{props.children}</>;
}
