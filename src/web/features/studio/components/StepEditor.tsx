/**
 * One step in the studio's editor: its fields in a friendly form, its schema and UI schema as code, and the live
 * preview of the step under them.
 */
import { useState } from 'react';
import { Card, Select, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FlowVersionContent } from '../api';
import { fieldsOf } from '../edits';
import { STEP_SCHEMA_HINTS, UI_HINTS } from '../schemaHints';
import { FieldForm } from './FieldForm';
import { JsonFile } from './JsonFile';
import { Preview } from './Preview';
import type { VersionPointer } from '../../../../engine/react/browserFlowSource';

type Problems = { pointer: string; message: string }[];

export function StepEditor(props: {
  flow: string;
  stepId: string;
  content: FlowVersionContent;
  onChange: (content: FlowVersionContent) => void;
  /** The checks' problems in one file of the flow. */
  problemsOf: (file: string) => Problems;
  /** The compiled preview (null while there is none) or why there is none. */
  preview: { pointer: VersionPointer | null; error: string | null };
}) {
  const { t } = useTranslation('studio');
  const { content, stepId } = props;
  const [tab, setTab] = useState<string | null>('fields');
  const fields = fieldsOf(content.steps[stepId]!.schema);
  // The field chosen belongs to its step: another step opens on its first field.
  const [chosen, setChosen] = useState<{ stepId: string; pointer: string | null }>({ stepId, pointer: null });
  const field =
    (chosen.stepId === stepId ? fields.find((f) => f.schemaPointer === chosen.pointer) : undefined) ??
    fields[0];
  const stepFile = `${props.flow}/steps/${stepId}.schema.json`;
  const uiFile = stepFile.replace(/\.schema\.json$/, '.ui.json');
  const changeStep = (part: 'schema' | 'ui', value: unknown) =>
    props.onChange({
      ...content,
      steps: { ...content.steps, [stepId]: { ...content.steps[stepId]!, [part]: value as never } },
    });

  return (
    <Stack>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="fields">{t('edit.fields')}</Tabs.Tab>
          <Tabs.Tab value="schema">{t('edit.schema')}</Tabs.Tab>
          <Tabs.Tab value="ui">{t('edit.ui')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="fields" pt="sm">
          {fields.length === 0 ? (
            <Text c="dimmed">{t('field.none')}</Text>
          ) : (
            <Stack>
              <Select
                label={t('field.choose')}
                data={fields.map((f) => ({ value: f.schemaPointer, label: `${f.name} (${f.dataPointer})` }))}
                value={field?.schemaPointer ?? null}
                onChange={(pointer) => setChosen({ stepId, pointer })}
                allowDeselect={false}
                searchable
              />
              {field && (
                <FieldForm content={content} stepId={stepId} field={field} onChange={props.onChange} />
              )}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="schema" pt="sm">
          <JsonFile
            key={`schema-${stepId}`}
            value={content.steps[stepId]!.schema}
            schema={STEP_SCHEMA_HINTS}
            problems={props.problemsOf(stepFile)}
            label={t('edit.schema')}
            onChange={(value) => changeStep('schema', value)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="ui" pt="sm">
          <JsonFile
            key={`ui-${stepId}`}
            value={content.steps[stepId]!.ui}
            schema={UI_HINTS}
            problems={props.problemsOf(uiFile)}
            label={t('edit.ui')}
            onChange={(value) => changeStep('ui', value)}
          />
        </Tabs.Panel>
      </Tabs>
      <Card withBorder>
        <Text fw={600} mb="xs">
          {t('preview.title')}
        </Text>
        <Preview pointer={props.preview.pointer} stepId={stepId} error={props.preview.error} />
      </Card>
    </Stack>
  );
}
