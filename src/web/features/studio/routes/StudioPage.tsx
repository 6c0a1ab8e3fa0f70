/**
 * The form studio (docs/studio.md).
 */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AuditView } from '../components/AuditView';
import { OpsOnly } from '../components/StudioFrame';
import { FlowList } from '../components/FlowList';
import { FlowPage } from '../components/FlowPage';

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
