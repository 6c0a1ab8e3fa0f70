/** The bar over the studio's editor: whether the copy is saved and sound, its problems, undo, redo, discard and "Review and publish". */
import { Badge, Button, Card, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Editor } from '../useEditor';
import { KindBadge } from './ChangeList';

export function EditBar(props: {
  editor: Editor;
  /** The edits were thrown away. */
  onDiscarded: () => void;
  /** "Review and publish", once the copy is saved. */
  onReview: () => void;
}) {
  const { t } = useTranslation('studio');
  const { editor } = props;
  const { review } = editor;
  const problems = review?.problems.length ?? 0;
  return (
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
            disabled={!review || problems > 0 || review.classification === 'none' || editor.state !== 'saved'}
            onClick={async () => {
              await editor.flush();
              props.onReview();
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
  );
}
