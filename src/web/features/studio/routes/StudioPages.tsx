/**
 * /studio (issue 17): product ops change forms in the running product. Signed-in accounts with the `ops` staff
 * role only — the server refuses every studio call to anyone else (403), and this page says so rather than
 * showing an empty studio.
 *
 *   /studio                 the flows, each with its current version and whether you have unpublished edits
 *   /studio/audit           the audit log of every flow
 *   /studio/flows/:flow     one flow: Edit (working copy, preview, publish), Routing, Versions (diff, rollback), Audit
 */
import {
  Anchor,
  AppShell,
  Badge,
  Button,
  Container,
  Group,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { LanguageToggle } from '../../../components/LanguageToggle';
import { StaffOnly } from '../../../components/StaffOnly';
import { shortId, useStudioFlows, useWorkingCopy } from '../api';
import { EditView } from '../components/EditView';
import { RoutingView } from '../components/RoutingView';
import { VersionsView } from '../components/VersionsView';
import { AuditView } from '../components/AuditView';

function StudioFrame(props: { children: React.ReactNode }) {
  const { t } = useTranslation('studio');
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="lg">
            <Anchor component={Link} to="/studio" fw={700} c="inherit" underline="never">
              {t('title')}
            </Anchor>
            <Anchor component={Link} to="/studio/audit" size="sm">
              {t('nav.audit')}
            </Anchor>
            <Anchor component={Link} to="/ops/chat" size="sm">
              {t('nav.chat')}
            </Anchor>
          </Group>
          <Group gap="xs">
            <LanguageToggle />
            <Button component={Link} to="/logout" variant="subtle" size="compact-md">
              {t('nav.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl">{props.children}</Container>
      </AppShell.Main>
    </AppShell>
  );
}

/** Ops only: anyone else signed in is told, a visitor goes to sign-in and comes back. */
function OpsOnly(props: { children: React.ReactNode }) {
  const { t } = useTranslation('studio');
  return (
    <StaffOnly denied={{ title: t('denied.title'), body: t('denied.body'), back: t('denied.back') }}>
      <StudioFrame>{props.children}</StudioFrame>
    </StaffOnly>
  );
}

function FlowList() {
  const { t, i18n } = useTranslation('studio');
  const flows = useStudioFlows();
  return (
    <Stack>
      <Title order={2}>{t('flows.title')}</Title>
      <Text c="dimmed">{t('flows.help')}</Text>
      {flows.isPending ? (
        <Stack>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={40} />
          ))}
        </Stack>
      ) : flows.isError ? (
        <Text c="red">{t('load.failed')}</Text>
      ) : flows.data.length === 0 ? (
        <Text c="dimmed">{t('flows.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="flows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('flows.flow')}</Table.Th>
                <Table.Th>{t('flows.steps')}</Table.Th>
                <Table.Th>{t('flows.current')}</Table.Th>
                <Table.Th>{t('flows.updated')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {flows.data.map((flow) => (
                <Table.Tr key={flow.flow}>
                  <Table.Td>
                    <Anchor component={Link} to={`/studio/flows/${flow.flow}`} fw={500}>
                      {(flow.title && flow.texts[i18n.language]?.[flow.title]) ?? flow.flow}
                    </Anchor>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {flow.flow}
                    </Text>
                  </Table.Td>
                  <Table.Td>{flow.steps}</Table.Td>
                  <Table.Td ff="monospace">{shortId(flow.current_version)}</Table.Td>
                  <Table.Td>
                    {new Date(flow.updated_at).toLocaleString(i18n.language === 'ar' ? 'ar' : 'en-GB')}
                  </Table.Td>
                  <Table.Td>{flow.editing && <Badge color="yellow">{t('flows.editing')}</Badge>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function FlowPage(props: { flow: string }) {
  const { t } = useTranslation('studio');
  const { flow } = props;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const copy = useWorkingCopy(flow);
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
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="edit">{t('tabs.edit')}</Tabs.Tab>
          <Tabs.Tab value="routing">{t('tabs.routing')}</Tabs.Tab>
          <Tabs.Tab value="versions">{t('tabs.versions')}</Tabs.Tab>
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
        <Tabs.Panel value="audit" pt="md">
          <AuditView flow={flow} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export function StudioPage() {
  const { t } = useTranslation('studio');
  const { '*': rest = '' } = useParams();
  const [, flowId] = /^flows\/([a-z][a-z0-9-]*)$/.exec(rest) ?? [];
  return (
    <OpsOnly>
      {rest === '' ? (
        <FlowList />
      ) : rest === 'audit' ? (
        <Stack>
          <Title order={2}>{t('audit.title')}</Title>
          <AuditView />
        </Stack>
      ) : flowId ? (
        <FlowPage key={flowId} flow={flowId} />
      ) : (
        <Navigate to="/studio" replace />
      )}
    </OpsOnly>
  );
}
