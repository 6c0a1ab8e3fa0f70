/**
 * Editing a flow: the list of what can be edited (each step, the flow file, the texts) beside the editor of the
 * one chosen — a step's fields in a friendly form, its schema and UI schema in the code editor — and the live
 * preview of that step in both languages. A bar on top says whether the copy is saved and sound, and holds
 * undo, redo, discard and "Review and publish".
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  Select,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { fetchPreview, usePublish, type WorkingCopy } from '../api';
import { useEditor } from '../useEditor';
import { fieldsOf } from '../edits';
import { FLOW_HINTS, STEP_SCHEMA_HINTS, UI_HINTS } from '../schemaHints';
import { FieldForm } from './FieldForm';
import { TranslationGrid } from './TranslationGrid';
import { Preview } from './Preview';
import { PublishDialog } from './PublishDialog';
import { KindBadge } from './ChangeList';
import type { VersionPointer } from '../../../../engine/react/browserFlowSource';

const CodeEditor = lazy(() => import('./CodeEditor'));

/** A JSON file edited as text: parsed on every change, kept as typed while it is not JSON. */
function JsonFile(props: {
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

export function EditView(props: {
  flow: string;
  copy: WorkingCopy;
  onPublished: () => void;
  /** The edits were thrown away: the host opens the copy afresh (the current version, no history). */
  onDiscarded: () => void;
}) {
  const { t, i18n } = useTranslation('studio');
  const editor = useEditor(props.flow, props.copy);
  const { content, review } = editor;
  const [params, setParams] = useSearchParams();
  const steps = content.flow.steps.map((s) => s.id);
  const stepTitle = (key: string) => content.texts[i18n.language]?.[key] ?? content.texts.en?.[key];
  const target = params.get('edit') ?? steps[0] ?? 'texts';
  const stepId = steps.includes(target) ? target : null;
  const [tab, setTab] = useState<string | null>('fields');
  const fields = stepId ? fieldsOf(content.steps[stepId]!.schema) : [];
  const [fieldPointer, setFieldPointer] = useState<string | null>(null);
  const field = fields.find((f) => f.schemaPointer === fieldPointer) ?? fields[0];
  const [preview, setPreview] = useState<{ pointer: VersionPointer | null; error: string | null }>({
    pointer: null,
    error: null,
  });
  const [publishing, setPublishing] = useState(false);
  const publish = usePublish(props.flow);

  const problemsOf = (file: string) =>
    (review?.problems ?? [])
      .filter((p) => p.file === file)
      .map((p) => ({ pointer: p.pointer, message: p.message }));
  const stepFile = stepId ? `${props.flow}/steps/${stepId}.schema.json` : '';
  const uiFile = stepFile.replace(/\.schema\.json$/, '.ui.json');
  const countFor = (id: string) =>
    (review?.problems ?? []).filter((p) => p.file.startsWith(`${props.flow}/steps/${id}.`)).length;

  // The preview follows the saved copy: compiled again whenever the checks pass on a new version (before the
  // first save, the copy is the current version, which the server compiles just the same).
  const version = review?.version ?? (review ? null : props.copy.base_version);
  useEffect(() => {
    if (!version) return;
    let live = true;
    fetchPreview(props.flow).then(
      (pointer) => live && setPreview({ pointer, error: null }),
      (e: unknown) =>
        live && setPreview({ pointer: null, error: e instanceof ApiError ? e.message : t('preview.failed') }),
    );
    return () => {
      live = false;
    };
  }, [version, props.flow, t]);
  const previewError = version ? preview.error : review ? t('preview.problems') : null;

  const choose = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('edit', id);
    setParams(next, { replace: true });
    setFieldPointer(null);
  };

  const problems = review?.problems.length ?? 0;
  const moved = review && review.base_version !== review.current_version;

  return (
    <Stack>
      <Card withBorder p="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Badge
              variant="light"
              color={editor.state === 'failed' ? 'red' : editor.state === 'saved' ? 'green' : 'gray'}
              data-testid="save-state"
            >
              {t(`save.${editor.state}`)}
            </Badge>
            {review && (
              <Badge variant="light" color={problems > 0 ? 'red' : 'green'} data-testid="problem-count">
                {t('problems.count', { count: problems })}
              </Badge>
            )}
            {review && review.classification !== 'none' && <KindBadge kind={review.classification} />}
          </Group>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={!editor.canUndo} onClick={editor.undo}>
              {t('edit.undo')}
            </Button>
            <Button variant="default" size="xs" disabled={!editor.canRedo} onClick={editor.redo}>
              {t('edit.redo')}
            </Button>
            <Button
              variant="default"
              size="xs"
              color="red"
              disabled={!editor.edited}
              onClick={() => void editor.discard().then(props.onDiscarded)}
            >
              {t('edit.discard')}
            </Button>
            <Button
              size="xs"
              disabled={
                !review || problems > 0 || review.classification === 'none' || editor.state !== 'saved'
              }
              onClick={async () => {
                await editor.flush();
                setPublishing(true);
              }}
            >
              {t('edit.review')}
            </Button>
          </Group>
        </Group>
        {problems > 0 && (
          <ScrollArea.Autosize mah={120} mt="xs">
            <Stack gap={2} data-testid="problems">
              {review!.problems.slice(0, 20).map((p, i) => (
                <Text key={i} size="xs" c="red" ff="monospace">
                  {p.file}#{p.pointer}: {p.message}
                </Text>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Card>
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card withBorder p={0}>
            <ScrollArea.Autosize mah={600}>
              <Text size="xs" fw={700} c="dimmed" p="xs">
                {t('edit.steps')}
              </Text>
              {steps.map((id, index) => (
                <NavLink
                  key={id}
                  active={id === stepId}
                  label={`${index + 1}. ${stepTitle(content.flow.steps[index]!.title) ?? id}`}
                  description={id}
                  onClick={() => choose(id)}
                  rightSection={
                    countFor(id) > 0 ? (
                      <Badge color="red" size="xs">
                        {countFor(id)}
                      </Badge>
                    ) : undefined
                  }
                />
              ))}
              <Text size="xs" fw={700} c="dimmed" p="xs">
                {t('edit.flow')}
              </Text>
              <NavLink active={target === 'texts'} label={t('edit.texts')} onClick={() => choose('texts')} />
              <NavLink active={target === 'flow'} label={t('edit.flowFile')} onClick={() => choose('flow')} />
            </ScrollArea.Autosize>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {target === 'texts' && <TranslationGrid content={content} onChange={editor.change} />}
          {target === 'flow' && (
            <JsonFile
              value={content.flow}
              schema={FLOW_HINTS}
              problems={problemsOf(`${props.flow}/flow.json`)}
              label={t('edit.flowFile')}
              onChange={(value) => editor.change({ ...content, flow: value as typeof content.flow })}
            />
          )}
          {stepId && (
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
                        data={fields.map((f) => ({
                          value: f.schemaPointer,
                          label: `${f.name} (${f.dataPointer})`,
                        }))}
                        value={field?.schemaPointer ?? null}
                        onChange={setFieldPointer}
                        allowDeselect={false}
                        searchable
                      />
                      {field && (
                        <FieldForm content={content} stepId={stepId} field={field} onChange={editor.change} />
                      )}
                    </Stack>
                  )}
                </Tabs.Panel>
                <Tabs.Panel value="schema" pt="sm">
                  <JsonFile
                    key={`schema-${stepId}`}
                    value={content.steps[stepId]!.schema}
                    schema={STEP_SCHEMA_HINTS}
                    problems={problemsOf(stepFile)}
                    label={t('edit.schema')}
                    onChange={(value) =>
                      editor.change({
                        ...content,
                        steps: {
                          ...content.steps,
                          [stepId]: { ...content.steps[stepId]!, schema: value as never },
                        },
                      })
                    }
                  />
                </Tabs.Panel>
                <Tabs.Panel value="ui" pt="sm">
                  <JsonFile
                    key={`ui-${stepId}`}
                    value={content.steps[stepId]!.ui}
                    schema={UI_HINTS}
                    problems={problemsOf(uiFile)}
                    label={t('edit.ui')}
                    onChange={(value) =>
                      editor.change({
                        ...content,
                        steps: {
                          ...content.steps,
                          [stepId]: { ...content.steps[stepId]!, ui: value as never },
                        },
                      })
                    }
                  />
                </Tabs.Panel>
              </Tabs>
              <Card withBorder>
                <Text fw={600} mb="xs">
                  {t('preview.title')}
                </Text>
                <Preview pointer={version ? preview.pointer : null} stepId={stepId} error={previewError} />
              </Card>
            </Stack>
          )}
        </Grid.Col>
      </Grid>
      {review && publishing && (
        <PublishDialog
          opened
          onClose={() => setPublishing(false)}
          title={t('publish.title')}
          action={t('publish.publish')}
          classification={review.classification}
          changes={review.changes}
          impact={review.impact}
          warning={moved ? t('publish.moved') : undefined}
          onConfirm={async (input) => {
            await publish.mutateAsync({ ...input, ...(moved ? { replace_newer: true } : {}) });
            setPublishing(false);
            props.onPublished();
          }}
        />
      )}
      {editor.state === 'failed' && <Alert color="red">{t('save.failedHelp')}</Alert>}
    </Stack>
  );
}
