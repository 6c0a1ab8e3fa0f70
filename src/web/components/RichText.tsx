/**
 * A translated sentence with links in it: `"…agree to our <terms>Terms</terms>…"` and `{ terms: (text) => … }`.
 * Tags are names in angle brackets, not HTML; a tag without a renderer stays plain text. Small on purpose:
 * react-i18next's <Trans> brings an HTML parser the sign-in page does not need.
 */
import { Fragment, type ReactNode } from 'react';

export function RichText(props: { text: string; tags: Record<string, (content: string) => ReactNode> }) {
  const parts: ReactNode[] = [];
  const pattern = /<([a-z]+)>(.*?)<\/\1>/g;
  let last = 0;
  for (const match of props.text.matchAll(pattern)) {
    const [whole, name = '', content = ''] = match;
    parts.push(props.text.slice(last, match.index));
    const render = props.tags[name];
    parts.push(render ? <Fragment key={match.index}>{render(content)}</Fragment> : content);
    last = match.index + whole.length;
  }
  parts.push(props.text.slice(last));
  return <>{parts}</>;
}
