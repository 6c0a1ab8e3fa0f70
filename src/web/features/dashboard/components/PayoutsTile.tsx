/**
 * The next payout and the last one (docs/dashboard.md, docs/payouts.md): the day and the amount of each, the next
 * opening the upcoming payouts and the last its own page.
 */
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../components/Money';
import { CalendarDay } from '../../../components/CalendarDay';
import { usePayoutSummary } from '../api';
import { HomeTile, TextSkeleton } from './HomeTile';

export function PayoutsTile() {
  const { t } = useTranslation('dashboard');
  const query = usePayoutSummary(true);
  const day = (value: string) => <CalendarDay day={value} />;
  const { last, next } = query.data ?? { last: null, next: null };
  return (
    <HomeTile
      title={t('home.payouts.title')}
      testId="tile-payouts"
      query={query}
      link={{ label: t('home.payouts.open'), to: '/finance/payouts' }}
      loading={
        <Stack gap="sm">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('home.payouts.next')}
            </Text>
            <TextSkeleton size="xl" bold w="50%" />
            <TextSkeleton size="sm" w="40%" />
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('home.payouts.last')}
            </Text>
            <TextSkeleton size="sm" w="45%" />
          </Stack>
        </Stack>
      }
    >
      <Stack gap="sm">
        <Stack gap={0} data-testid="payouts-next">
          <Text size="xs" c="dimmed">
            {t('home.payouts.next')}
          </Text>
          {next ? (
            <>
              <Text fw={700} size="xl">
                <Money amount={next.net} currency={next.currency} />
              </Text>
              <Anchor component={Link} to="/finance/payouts/upcoming" size="sm">
                {day(next.day)} · <bdi>{next.store_name}</bdi>
              </Anchor>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('home.payouts.noNext')}
            </Text>
          )}
        </Stack>
        <Stack gap={0} data-testid="payouts-last">
          <Text size="xs" c="dimmed">
            {t('home.payouts.last')}
          </Text>
          {last ? (
            <Anchor
              component={Link}
              to={`/finance/payouts/completed/${encodeURIComponent(last.id)}`}
              size="sm"
            >
              <Money amount={last.net} currency={last.currency} /> · {day(last.day)}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {t('home.payouts.noLast')}
            </Text>
          )}
        </Stack>
      </Stack>
    </HomeTile>
  );
}
