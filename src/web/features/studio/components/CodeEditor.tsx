/**
 * A JSON file of the working copy in CodeMirror 6: JSON Schema validation, completion and hovers from
 * codemirror-json-schema (against the catalogue's own meta-schema of the file's kind), JSON syntax errors, and
 * the server's checks (every catalogue check, on each save) shown at the place they point to. CodeMirror builds
 * its parsers without `eval`, so the strict CSP holds; its own undo history works inside the file (Ctrl+Z), the
 * studio's Undo/Redo across files and forms.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, hoverTooltip, keymap, lineNumbers, highlightActiveLine } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter, forceLinting, type Diagnostic } from '@codemirror/lint';
import { autocompletion, type CompletionSource } from '@codemirror/autocomplete';
import { bracketMatching, foldGutter, syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';
import {
  jsonSchemaLinter,
  jsonSchemaHover,
  jsonCompletion,
  stateExtensions,
  getJsonPointers,
} from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';

export interface EditorProblem {
  pointer: string;
  message: string;
}

function serverDiagnostics(view: EditorView, problems: readonly EditorProblem[]): Diagnostic[] {
  const pointers = getJsonPointers(view.state, 'json4');
  return problems.map((problem) => {
    // The nearest place the document has: the pointer itself, else its closest parent.
    let pointer = problem.pointer === '/' ? '' : problem.pointer;
    let place = pointers.get(pointer);
    while (!place && pointer) {
      pointer = pointer.slice(0, pointer.lastIndexOf('/'));
      place = pointers.get(pointer);
    }
    const from = place?.keyFrom ?? 0;
    const to = place
      ? 'valueTo' in place
        ? place.valueTo
        : place.keyTo
      : Math.min(1, view.state.doc.length);
    return { from, to, severity: 'error', message: problem.message, source: 'catalogue check' };
  });
}

export default function CodeEditor(props: {
  value: string;
  onChange: (text: string) => void;
  schema?: object;
  problems: readonly EditorProblem[];
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const problems = useRef(props.problems);
  const onChange = useRef(props.onChange);
  useLayoutEffect(() => {
    onChange.current = props.onChange;
  });
  const schemaSlot = useRef(new Compartment());

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: props.value,
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          highlightActiveLine(),
          history(),
          bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          json(),
          linter(jsonParseLinter(), { delay: 300 }),
          linter((v) => serverDiagnostics(v, problems.current), { delay: 100 }),
          schemaSlot.current.of(
            props.schema
              ? [
                  stateExtensions(props.schema as JSONSchema7),
                  linter(jsonSchemaLinter(), { delay: 300 }),
                  autocompletion({ override: [jsonCompletion() as CompletionSource] }),
                ]
              : [],
          ),
          props.schema ? hoverTooltip(jsonSchemaHover()) : [],
          EditorView.contentAttributes.of({ 'aria-label': props.label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChange.current(update.state.doc.toString());
          }),
          EditorView.theme({
            '&': { fontSize: '13px', maxHeight: '560px' },
            '.cm-scroller': { overflow: 'auto' },
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor is made once per file; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A change from outside (undo across forms, a friendly-form edit): the document follows.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === props.value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: props.value } });
  }, [props.value]);

  useEffect(() => {
    problems.current = props.problems;
    if (view.current) forceLinting(view.current);
  }, [props.problems]);

  return (
    <div
      ref={host}
      data-testid="code-editor"
      dir="ltr"
      style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6 }}
    />
  );
}
