/**
 * Disputes on the home (docs/dashboard.md): the open ones — the figure the sidebar's badge shows (spec §2.3 "badge
 * with total count"; issue 56: the tile said 4 beside the badge's 6) — and of them how many wait for the
 * merchant's response, opening those.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActiveDisputes } from '../../../api/activeDisputes';
import { HomeTile } from './HomeTile';

export function DisputesTile() {
  const { t } = useTranslation('dashboard');
  const disputes = useActiveDisputes(true);
  const open = disputes.data?.total ?? 0;
  const pending = disputes.data?.pending ?? 0;
  return (
    <HomeTile
      title={t('home.disputes.title')}
      testId="tile-disputes"
      query={disputes}
      link={{ label: t('home.disputes.open'), to: pending > 0 ? '/disputes?status=pending' : '/disputes' }}
    >
      {open > 0 ? (
        <>
          <Text fw={700} size="xl" c={pending > 0 ? 'orange.8' : undefined} data-testid="disputes-open">
            {open}
          </Text>
          <Text size="sm" c="dimmed">
            {t('home.disputes.openCount', { count: open })}
          </Text>
          <Text size="sm" fw={pending > 0 ? 600 : undefined} data-testid="disputes-pending">
            {pending > 0
              ? t('home.disputes.waitingCount', { count: pending })
              : t('home.disputes.noneWaiting')}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed" data-testid="disputes-none">
          {t('home.disputes.none')}
        </Text>
      )}
    </HomeTile>
  );
}
