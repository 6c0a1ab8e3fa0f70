/** Disputes waiting for the merchant's response (docs/dashboard.md), opening the pending ones. */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActiveDisputes } from '../../../api/activeDisputes';
import { HomeTile } from './HomeTile';

export function DisputesTile() {
  const { t } = useTranslation('dashboard');
  const disputes = useActiveDisputes(true);
  const pending = disputes.data?.pending ?? 0;
  return (
    <HomeTile
      title={t('home.disputes.title')}
      testId="tile-disputes"
      query={disputes}
      link={{ label: t('home.disputes.open'), to: pending > 0 ? '/disputes?status=pending' : '/disputes' }}
    >
      {pending > 0 ? (
        <>
          <Text fw={700} size="xl" c="orange.8" data-testid="disputes-pending">
            {pending}
          </Text>
          <Text size="sm" c="dimmed">
            {t('home.disputes.waiting', { count: pending })}
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
