/** One file of two versions side by side, changes marked (@codemirror/merge), read only. */
import { useEffect, useRef } from 'react';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { json } from '@codemirror/lang-json';

export default function MergeFile(props: { before: string; after: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const readOnly = [json(), EditorState.readOnly.of(true), EditorView.editable.of(false)];
    const view = new MergeView({
      parent: host.current!,
      a: { doc: props.before, extensions: readOnly },
      b: { doc: props.after, extensions: readOnly },
      collapseUnchanged: { margin: 3, minSize: 6 },
      gutter: true,
    });
    return () => view.destroy();
  }, [props.before, props.after]);
  return (
    <div
      ref={host}
      dir="ltr"
      data-testid="merge-view"
      style={{
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 6,
        fontSize: 13,
        maxHeight: 600,
        overflow: 'auto',
      }}
    />
  );
}
