/**
 * One flow in the studio (docs/studio.md): its working copy, review and publish.
 */
import { Anchor, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { shortId, useStudioFlows, useWorkingCopy } from '../api';
import { InsightsView } from './InsightsView';
import { RolloutBar } from './RolloutBar';
import { EditView } from './EditView';
import { RoutingView } from './RoutingView';
import { VersionsView } from './VersionsView';
import { AuditView } from './AuditView';

export function FlowPage(props: { flow: string }) {
  const { t } = useTranslation('studio');
  const { flow } = props;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const copy = useWorkingCopy(flow);
  const entry = useStudioFlows().data?.find((f) => f.flow === flow);
  // The editor holds the edits, their undo history and what is chosen; it starts afresh on another base version
  // (after a publish) or after a discard — never on its own saves, which would lose history and the choice.
  const [discards, setDiscards] = useState(0);
  const tab = params.get('tab') ?? 'edit';
  const setTab = (value: string | null) => {
    const next = new URLSearchParams();
    if (value && value !== 'edit') next.set('tab', value);
    setParams(next, { replace: true });
  };
  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Anchor component={Link} to="/studio" size="sm">
            {t('flows.back')}
          </Anchor>
          <Title order={2} ff="monospace">
            {flow}
          </Title>
        </div>
        {copy.data && (
          <Text size="sm" c="dimmed">
            {t('flows.currentIs', { version: shortId(copy.data.current_version) })}
          </Text>
        )}
      </Group>
      {entry?.rollout && <RolloutBar flow={flow} current={entry.current_version} rollout={entry.rollout} />}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="edit">{t('tabs.edit')}</Tabs.Tab>
          <Tabs.Tab value="routing">{t('tabs.routing')}</Tabs.Tab>
          <Tabs.Tab value="versions">{t('tabs.versions')}</Tabs.Tab>
          <Tabs.Tab value="insights">{t('tabs.insights')}</Tabs.Tab>
          <Tabs.Tab value="audit">{t('tabs.audit')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="edit" pt="md">
          {copy.isPending ? (
            <Skeleton h={400} />
          ) : copy.isError ? (
            <Text c="red">{t('load.failed')}</Text>
          ) : (
            <EditView
              key={`${copy.data.base_version}/${discards}`}
              flow={flow}
              copy={copy.data}
              onDiscarded={() => setDiscards((n) => n + 1)}
              onPublished={() => void navigate(`/studio/flows/${flow}?tab=versions`)}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="routing" pt="md">
          {copy.data && <RoutingView content={copy.data.content} />}
        </Tabs.Panel>
        <Tabs.Panel value="versions" pt="md">
          <VersionsView flow={flow} />
        </Tabs.Panel>
        <Tabs.Panel value="insights" pt="md">
          {entry ? (
            <InsightsView
              key={`${entry.current_version}/${entry.rollout?.version ?? ''}`}
              flow={flow}
              current={entry.current_version}
              rollout={entry.rollout}
            />
          ) : (
            <Skeleton h={400} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="md">
          <AuditView flow={flow} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
