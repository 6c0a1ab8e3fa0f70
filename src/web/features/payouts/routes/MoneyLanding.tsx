/** The money area's landing (`money/landing`): the next payout planned and the last one sent, and the history. */
import { isForbidden } from '../../../api/client';
import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ForbiddenNotice } from '../../../components/DetailFrame';
import { Money } from '../../../components/Money';
import { LoadFailed } from '../../../components/QueryStates';
import { usePayoutSummary } from '../api';
import { CalendarDay } from '../../../components/CalendarDay';

export function MoneyLanding() {
  const { t } = useTranslation('payouts');
  const query = usePayoutSummary();
  if (isForbidden(query.error))
    return <ForbiddenNotice title={t('forbidden.title')} body={t('forbidden.body')} />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('money.title')}
      </Title>
      {query.isPending && <Skeleton h={160} data-testid="money-loading" />}
      {query.isError && !isForbidden(query.error) && (
        <LoadFailed title={t('money.loadFailed')} retry={t('retry')} onRetry={() => void query.refetch()} />
      )}
      {query.data && (
        <>
          <Card withBorder data-testid="money-next">
            <Text size="sm" c="dimmed">
              {t('money.next')}
            </Text>
            {query.data.next ? (
              <>
                <Text fw={700} size="xl">
                  <Money amount={query.data.next.net} currency={query.data.next.currency} />
                </Text>
                <Text size="sm">
                  <CalendarDay day={query.data.next.day} /> · <bdi>{query.data.next.store_name}</bdi>
                </Text>
              </>
            ) : (
              <Text size="sm">{t('money.noNext')}</Text>
            )}
          </Card>
          <Card withBorder data-testid="money-last">
            <Text size="sm" c="dimmed">
              {t('money.last')}
            </Text>
            {query.data.last ? (
              <Text
                component={Link}
                to={`/money/transaction-detail/${encodeURIComponent(query.data.last.id)}`}
                fw={700}
                size="lg"
                c="var(--mantine-primary-color-filled)"
              >
                <Money amount={query.data.last.net} currency={query.data.last.currency} /> ·{' '}
                <CalendarDay day={query.data.last.day} />
              </Text>
            ) : (
              <Text size="sm">{t('money.noLast')}</Text>
            )}
          </Card>
          <Button component={Link} to="/money/transactions-history" variant="light">
            {t('money.history')}
          </Button>
          {/* The card's application in the app (features/wallet); a member with a card sees it there. */}
          <Button component={Link} to="/money/card-application/landing" variant="default">
            {t('money.card')}
          </Button>
        </>
      )}
    </Stack>
  );
}
