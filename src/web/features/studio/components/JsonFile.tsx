/** The code editor around one JSON file of a flow: what was typed stays while it is not JSON yet. */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const CodeEditor = lazy(() => import('./CodeEditor'));

/** A JSON file edited as text: parsed on every change, kept as typed while it is not JSON. */
export function JsonFile(props: {
  value: unknown;
  onChange: (value: unknown) => void;
  schema?: object;
  problems: { pointer: string; message: string }[];
  label: string;
}) {
  const { t } = useTranslation('studio');
  const printed = useMemo(() => JSON.stringify(props.value, null, 2), [props.value]);
  // What was typed shows while it stands for the value (or is not JSON yet); a change from elsewhere (undo, the
  // friendly form) makes a new value, and the file shows that instead.
  const [typed, setTyped] = useState<{ text: string; value: unknown; invalid: boolean } | null>(null);
  const current = typed && typed.value === props.value ? typed : null;
  const text = current?.text ?? printed;
  const invalid = current?.invalid ?? false;
  return (
    <Stack gap={4}>
      {invalid && (
        <Text size="sm" c="red">
          {t('code.notJson')}
        </Text>
      )}
      <Suspense fallback={<Loader size="sm" />}>
        <CodeEditor
          value={text}
          schema={props.schema}
          problems={props.problems}
          label={props.label}
          onChange={(next) => {
            let parsed: unknown;
            try {
              parsed = JSON.parse(next);
            } catch {
              setTyped({ text: next, value: props.value, invalid: true });
              return;
            }
            setTyped({ text: next, value: parsed, invalid: false });
            props.onChange(parsed);
          }}
        />
      </Suspense>
    </Stack>
  );
}
