/**
 * A flow's versions, newest first, with the current one marked: pick any two to see their differences (each
 * change classified, and each changed file side by side), or move the pointer back to an earlier one.
 */
import { lazy, Suspense, useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Loader,
  Radio,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shortId, useDiff, useRollback, useRollbackReview, useVersions, type DiffAnswer } from '../api';
import { contentFilesForDiff } from '../diffFiles';
import { ChangeList, KindBadge } from './ChangeList';
import { PublishDialog } from './PublishDialog';

const MergeFile = lazy(() => import('./MergeFile'));

function Diff(props: { diff: DiffAnswer }) {
  const { t } = useTranslation('studio');
  const files = contentFilesForDiff(props.diff.before, props.diff.after);
  const [file, setFile] = useState<string | null>(files[0]?.name ?? null);
  const chosen = files.find((f) => f.name === file) ?? files[0];
  return (
    <Stack data-testid="diff">
      <Group>
        <Title order={5}>{t('diff.title')}</Title>
        <KindBadge kind={props.diff.classification} />
      </Group>
      <ChangeList changes={props.diff.changes} />
      {files.length > 0 && chosen && (
        <>
          <Select
            label={t('diff.file')}
            data={files.map((f) => f.name)}
            value={chosen.name}
            onChange={setFile}
            allowDeselect={false}
          />
          <Suspense fallback={<Loader size="sm" />}>
            <MergeFile key={chosen.name} before={chosen.before} after={chosen.after} />
          </Suspense>
        </>
      )}
    </Stack>
  );
}

export function VersionsView(props: { flow: string }) {
  const { t, i18n } = useTranslation('studio');
  const versions = useVersions(props.flow);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [rollbackTo, setRollbackTo] = useState<string | null>(null);
  const diff = useDiff(props.flow, from, to);
  const review = useRollbackReview(props.flow, rollbackTo);
  const rollback = useRollback(props.flow);
  if (versions.isPending) return <Skeleton h={200} />;
  if (versions.isError) return <Text c="red">{t('load.failed')}</Text>;
  const list = versions.data;
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language === 'ar' ? 'ar' : 'en-GB');
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('versions.help')}
      </Text>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" data-testid="versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('versions.from')}</Table.Th>
              <Table.Th>{t('versions.to')}</Table.Th>
              <Table.Th>{t('versions.version')}</Table.Th>
              <Table.Th>{t('versions.when')}</Table.Th>
              <Table.Th>{t('versions.who')}</Table.Th>
              <Table.Th>{t('versions.kind')}</Table.Th>
              <Table.Th>{t('versions.note')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>
                  <Radio
                    aria-label={t('versions.from')}
                    checked={from === v.id}
                    onChange={() => setFrom(v.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Radio aria-label={t('versions.to')} checked={to === v.id} onChange={() => setTo(v.id)} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <Text ff="monospace" size="sm">
                      {shortId(v.id)}
                    </Text>
                    {v.current && (
                      <Badge size="sm" color="green">
                        {t('versions.current')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{date(v.created_at)}</Table.Td>
                <Table.Td>{v.author ?? t(`origin.${v.origin}`)}</Table.Td>
                <Table.Td>
                  <KindBadge kind={v.classification} />
                </Table.Td>
                <Table.Td>{v.note}</Table.Td>
                <Table.Td>
                  {!v.current && (
                    <Button size="compact-xs" variant="light" onClick={() => setRollbackTo(v.id)}>
                      {t('versions.rollback')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {from && to && from !== to && (diff.data ? <Diff diff={diff.data} /> : <Skeleton h={120} />)}
      {(!from || !to) && <Text size="sm">{t('diff.pick')}</Text>}
      {rollbackTo && review.data && (
        <PublishDialog
          opened
          onClose={() => setRollbackTo(null)}
          title={t('rollback.title', { version: shortId(rollbackTo) })}
          action={t('rollback.action')}
          classification={review.data.classification}
          changes={review.data.changes}
          impact={review.data.impact}
          onConfirm={async (input) => {
            await rollback.mutateAsync({ to: rollbackTo, ...input });
            setRollbackTo(null);
          }}
        />
      )}
    </Stack>
  );
}
