/** Two versions' contents as pairs of files (pretty JSON), the changed ones only: what the diff shows side by side. */
import type { FlowVersionContent } from './api';

export interface FilePair {
  name: string;
  before: string;
  after: string;
}

/** A content's files by their path below schemas/ (as `npm run catalogue -- export` writes them). */
function contentFiles(content: FlowVersionContent): Record<string, unknown> {
  const files: Record<string, unknown> = { [`${content.flow.flow}/flow.json`]: content.flow };
  for (const step of Object.values(content.steps)) {
    files[step.file] = step.schema;
    files[step.file.replace(/\.schema\.json$/, '.ui.json')] = step.ui;
  }
  return { ...files, ...content.shared };
}

const pretty = (value: unknown) => (value === undefined ? '' : `${JSON.stringify(value, null, 2)}\n`);

export function contentFilesForDiff(before: FlowVersionContent, after: FlowVersionContent): FilePair[] {
  const a: Record<string, unknown> = { ...contentFiles(before) };
  const b: Record<string, unknown> = { ...contentFiles(after) };
  for (const language of new Set([...Object.keys(before.texts), ...Object.keys(after.texts)])) {
    a[`texts (${language})`] = before.texts[language];
    b[`texts (${language})`] = after.texts[language];
  }
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .sort()
    .map((name) => ({ name, before: pretty(a[name]), after: pretty(b[name]) }))
    .filter((pair) => pair.before !== pair.after);
}
