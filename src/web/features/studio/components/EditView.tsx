/**
 * Editing a flow: the list of what can be edited (each step, the flow file, the texts) beside the editor of the
 * one chosen — a step's fields in a friendly form, its schema and UI schema in the code editor — and the live
 * preview of that step in both languages. A bar on top says whether the copy is saved and sound, and holds
 * undo, redo, discard and "Review and publish".
 */
import { useEffect, useState } from 'react';
import { Alert, Badge, Card, Grid, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { fetchPreview, usePublish, type FlowVersionContent, type WorkingCopy } from '../api';
import { useEditor, type Editor } from '../useEditor';
import { FLOW_HINTS } from '../schemaHints';
import { TranslationGrid } from './TranslationGrid';
import { PublishDialog } from './PublishDialog';
import { EditBar } from './EditBar';
import { JsonFile } from './JsonFile';
import { StepEditor } from './StepEditor';
import type { VersionPointer } from '../../../../engine/react/browserFlowSource';

/**
 * The preview follows the saved copy: compiled again whenever the checks pass on a new version (before the
 * first save, the copy is the current version, which the server compiles just the same).
 */
function usePreview(flow: string, copy: WorkingCopy, review: Editor['review']) {
  const { t } = useTranslation('studio');
  const [preview, setPreview] = useState<{ pointer: VersionPointer | null; error: string | null }>({
    pointer: null,
    error: null,
  });
  const version = review?.version ?? (review ? null : copy.base_version);
  useEffect(() => {
    if (!version) return;
    let live = true;
    fetchPreview(flow).then(
      (pointer) => live && setPreview({ pointer, error: null }),
      (e: unknown) =>
        live && setPreview({ pointer: null, error: e instanceof ApiError ? e.message : t('preview.failed') }),
    );
    return () => {
      live = false;
    };
  }, [version, flow, t]);
  return {
    pointer: version ? preview.pointer : null,
    error: version ? preview.error : review ? t('preview.problems') : null,
  };
}

/** The list of what can be edited: each step (with its problems counted), the texts and the flow file. */
function EditNav(props: {
  flow: string;
  content: FlowVersionContent;
  review: Editor['review'];
  target: string;
  onChoose: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('studio');
  const { content } = props;
  const stepTitle = (key: string) => content.texts[i18n.language]?.[key] ?? content.texts.en?.[key];
  const countFor = (id: string) =>
    (props.review?.problems ?? []).filter((p) => p.file.startsWith(`${props.flow}/steps/${id}.`)).length;
  return (
    <Card withBorder p={0}>
      <ScrollArea.Autosize mah={600}>
        <Text size="xs" fw={700} c="dimmed" p="xs">
          {t('edit.steps')}
        </Text>
        {content.flow.steps.map(({ id, title }, index) => (
          <NavLink
            key={id}
            active={id === props.target}
            label={`${index + 1}. ${stepTitle(title) ?? id}`}
            description={id}
            onClick={() => props.onChoose(id)}
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
        <NavLink
          active={props.target === 'texts'}
          label={t('edit.texts')}
          onClick={() => props.onChoose('texts')}
        />
        <NavLink
          active={props.target === 'flow'}
          label={t('edit.flowFile')}
          onClick={() => props.onChoose('flow')}
        />
      </ScrollArea.Autosize>
    </Card>
  );
}

export function EditView(props: {
  flow: string;
  copy: WorkingCopy;
  onPublished: () => void;
  /** The edits were thrown away: the host opens the copy afresh (the current version, no history). */
  onDiscarded: () => void;
}) {
  const { t } = useTranslation('studio');
  const editor = useEditor(props.flow, props.copy);
  const { content, review } = editor;
  const [params, setParams] = useSearchParams();
  const steps = content.flow.steps.map((s) => s.id);
  const target = params.get('edit') ?? steps[0] ?? 'texts';
  const stepId = steps.includes(target) ? target : null;
  const preview = usePreview(props.flow, props.copy, review);
  const [publishing, setPublishing] = useState(false);
  const publish = usePublish(props.flow);

  const problemsOf = (file: string) =>
    (review?.problems ?? [])
      .filter((p) => p.file === file)
      .map((p) => ({ pointer: p.pointer, message: p.message }));
  const choose = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('edit', id);
    setParams(next, { replace: true });
  };
  const moved = review && review.base_version !== review.current_version;

  return (
    <Stack>
      <EditBar editor={editor} onDiscarded={props.onDiscarded} onReview={() => setPublishing(true)} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <EditNav flow={props.flow} content={content} review={review} target={target} onChoose={choose} />
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
            <StepEditor
              flow={props.flow}
              stepId={stepId}
              content={content}
              onChange={editor.change}
              problemsOf={problemsOf}
              preview={preview}
            />
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
          staged
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
