/** The audit log: who moved which flow's pointer when, from which version to which, why — 20 at a time. */
import { useState } from 'react';
import { Button, Group, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shortId, useAudit } from '../api';
import { KindBadge } from './ChangeList';

export function AuditView(props: { flow?: string }) {
  const { t, i18n } = useTranslation('studio');
  const [offsets, setOffsets] = useState<number[]>([0]);
  const offset = offsets.at(-1)!;
  const audit = useAudit(props.flow, offset);
  if (audit.isPending) return <Skeleton h={160} />;
  if (audit.isError) return <Text c="red">{t('load.failed')}</Text>;
  const { entries, next_offset } = audit.data;
  if (entries.length === 0) return <Text c="dimmed">{t('audit.empty')}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs" data-testid="audit">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.when')}</Table.Th>
              {!props.flow && <Table.Th>{t('audit.flow')}</Table.Th>}
              <Table.Th>{t('audit.action')}</Table.Th>
              <Table.Th>{t('audit.who')}</Table.Th>
              <Table.Th>{t('audit.versions')}</Table.Th>
              <Table.Th>{t('audit.kind')}</Table.Th>
              <Table.Th>{t('audit.drafts')}</Table.Th>
              <Table.Th>{t('audit.note')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{new Date(e.at).toLocaleString(i18n.language === 'ar' ? 'ar' : 'en-GB')}</Table.Td>
                {!props.flow && <Table.Td>{e.flow}</Table.Td>}
                <Table.Td>
                  {t(`audit.actions.${e.action}`)}
                  {e.share !== null && ` (${t('audit.share', { share: e.share })})`}
                </Table.Td>
                <Table.Td>{e.actor ?? t('audit.system')}</Table.Td>
                <Table.Td ff="monospace">
                  {e.from_version ? `${shortId(e.from_version)} → ` : ''}
                  {shortId(e.to_version)}
                </Table.Td>
                <Table.Td>
                  <KindBadge kind={e.classification} />
                </Table.Td>
                <Table.Td>{e.affected_drafts ?? ''}</Table.Td>
                <Table.Td>{e.note}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group mt="sm">
        <Button
          variant="default"
          size="xs"
          disabled={offsets.length < 2}
          onClick={() => setOffsets((o) => o.slice(0, -1))}
        >
          {t('audit.newer')}
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={next_offset === null}
          onClick={() => setOffsets((o) => [...o, next_offset!])}
        >
          {t('audit.older')}
        </Button>
      </Group>
    </>
  );
}
