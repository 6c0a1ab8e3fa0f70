/**
 * The session-replay consent (shell spec §1; src/web/sessionReplay.ts, docs/session-replay.md): off until the person
 * at this browser turns it on, shown only when the deployment records at all. Kept in this browser (sign-in is a
 * recorded page, before any account is known), across logout like the language.
 */
import { Card, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReplayConfig } from '../../../../contract/sessionReplay';
import { api } from '../../../api/client';
import { LOCAL_FLAGS, useLocalFlag } from '../../../localFlags';

export function ReplayConsent() {
  const { t } = useTranslation('account');
  const [consent, setConsent] = useLocalFlag(LOCAL_FLAGS.replayConsent);
  const config = useQuery({
    queryKey: ['session-replay'],
    queryFn: () => api<ReplayConfig>('GET', '/merchant/api/v1/session-replay'),
    staleTime: 5 * 60_000,
  });
  if (config.isPending) return <Skeleton h={96} radius="lg" />;
  // Nothing is recorded in this deployment (or it could not say): no switch that would do nothing.
  if (!config.data?.endpoint) return null;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="xs">
        <Text fw={600}>{t('replay.title')}</Text>
        <Switch
          checked={consent === 'yes'}
          onChange={(event) => setConsent(event.currentTarget.checked ? 'yes' : null)}
          label={t('replay.label')}
          description={t('replay.description')}
        />
      </Stack>
    </Card>
  );
}
