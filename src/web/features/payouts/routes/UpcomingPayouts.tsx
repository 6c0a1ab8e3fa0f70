/**
 * Upcoming payouts (shell spec §2.6 `finance/payouts/upcoming/{merchantId?}`; docs/payouts.md): for each store of
 * the merchant, its payout schedule, the payouts the next 31 days will make of the money captured so far — each
 * with its breakdown, the fee rule and, where a sales-share capital advance runs, its repayment (the same rule the
 * capital pages show) — and what is still waiting. A member of several merchants picks one; the address keeps it.
 */
import { WaitingSum } from '../components/WaitingSum';
import { Accordion, Alert, Badge, Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { analytics } from '../../../analytics';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { usePermissionFlags } from '../../../api/permissions';
import { ForbiddenPage } from '../../../components/DetailFrame';
import { ErrorPage } from '../../../components/ErrorPage';
import { Money } from '../../../components/Money';
import { PageHeader } from '../../../components/PageHeader';
import { LoadFailed } from '../../../components/QueryStates';
import { useUpcoming, type UpcomingStore } from '../api';
import { BreakdownTable } from '../components/BreakdownTable';
import { CalendarDay } from '../../../components/CalendarDay';
import { PayoutsNav } from '../components/PayoutsNav';

export function UpcomingPayouts() {
  const { t } = useTranslation('payouts');
  const { merchantId } = useParams();
  const navigate = useNavigate();
  const flags = usePermissionFlags();
  const mayFetch = flags.data?.is_payouts_allowed === true;
  const query = useUpcoming(merchantId, mayFetch);
  // Once per business shown (the first answer, then each business chosen).
  const shown = query.data?.merchant_id;
  useEffect(() => {
    if (shown) analytics.track('Payout Cycle Viewed', { merchant_id: shown });
  }, [shown]);
  const status = query.error instanceof ApiError ? query.error.status : null;

  if ((flags.isSuccess && !mayFetch) || status === 403) return <ForbiddenPage title={t('title')} t={t} />;
  if (status === 404) return <ErrorPage status={404} />;

  const data = query.data;
  return (
    <>
      <PageHeader title={t('title')} />
      <PayoutsNav current="upcoming" />
      {data && data.merchants.length > 1 && (
        <Select
          label={t('upcoming.merchant')}
          data={data.merchants.map((m) => ({ value: m.id, label: m.name }))}
          value={data.merchant_id}
          onChange={(id) => id && void navigate(`/finance/payouts/upcoming/${encodeURIComponent(id)}`)}
          allowDeselect={false}
          w={{ base: '100%', sm: 320 }}
          mb="md"
        />
      )}
      {query.isPending && (
        <Stack data-testid="upcoming-loading">
          <Skeleton h={120} />
          <Skeleton h={180} />
        </Stack>
      )}
      {query.isError && (
        <LoadFailed
          title={t('upcoming.loadFailed')}
          retry={t('retry')}
          onRetry={() => void query.refetch()}
        />
      )}
      {data && (
        <Stack gap="lg">
          {data.loan && (
            <Alert color="blue" title={t('upcoming.capitalTitle')} data-testid="upcoming-capital">
              {t('upcoming.capital', { rate: data.loan.rate_percent })}{' '}
              <bdi dir="ltr">
                <Money amount={data.loan.outstanding} currency={data.loan.currency} />
              </bdi>
            </Alert>
          )}
          {data.stores.length === 0 && <Text c="dimmed">{t('upcoming.noStores')}</Text>}
          {data.stores.map((store) => (
            <StoreCard key={store.store_id} store={store} />
          ))}
        </Stack>
      )}
    </>
  );
}

function StoreCard(props: { store: UpcomingStore }) {
  const { t } = useTranslation('payouts');
  const s = props.store;
  const when = (x: UpcomingStore['schedules'][number]) =>
    x.frequency === 'weekly'
      ? t('schedule.weekly', { day: t(`weekday.${x.weekday ?? 1}`) })
      : x.frequency === 'monthly'
        ? t('schedule.monthly', { day: x.day_of_month ?? 1 })
        : t('schedule.daily');
  return (
    <Card withBorder data-store={s.store_id} data-testid="upcoming-store">
      <Group justify="space-between" wrap="wrap" mb="sm">
        <Title order={2} size="h4">
          <bdi>{s.store_name}</bdi>
        </Title>
        {/* What no planned payout holds yet; nothing to say when the planned payouts below hold it all (issue 56:
            "Waiting: SAR 0.00" beside a planned payout read as if nothing would be paid). */}
        {(Number(s.waiting) !== 0 || s.planned.length === 0) && (
          <WaitingSum label={t('upcoming.waiting')} of={s} testId="upcoming-waiting" />
        )}
      </Group>
      <Stack gap={4} mb="md" data-testid="upcoming-schedules">
        {s.schedules.map((x) => (
          <Text size="sm" key={x.product}>
            <Text span fw={600}>
              {t(`product.${x.product}`, { defaultValue: x.product })}:
            </Text>{' '}
            {when(x)} · {t('schedule.delay', { count: x.delay_days })} · {t('schedule.minimum')}{' '}
            <Money amount={x.minimum} currency={s.currency} /> · {t('schedule.next')}{' '}
            <CalendarDay day={x.next_payout_day} />
          </Text>
        ))}
        <Text size="xs" c="dimmed" data-testid="upcoming-fee-rule">
          {t('upcoming.fee')} <Money amount={s.fee_rule.below} currency={s.currency} /> {t('upcoming.under')}{' '}
          <Money amount={s.fee_rule.threshold} currency={s.currency} /> ·{' '}
          <Money amount={s.fee_rule.above} currency={s.currency} /> {t('upcoming.from')}{' '}
          <Money amount={s.fee_rule.threshold} currency={s.currency} />
        </Text>
      </Stack>
      {s.planned.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="upcoming-none">
          {t('upcoming.none')}
        </Text>
      ) : (
        <Accordion variant="contained" defaultValue={s.planned[0]!.day} data-testid="upcoming-planned">
          {s.planned.map((p) => (
            <Accordion.Item key={p.day} value={p.day} data-day={p.day}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" pe="sm">
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      <CalendarDay day={p.day} />
                    </Text>
                    {Number(p.capital) > 0 && (
                      <Badge size="sm" variant="light" color="blue" data-capital>
                        {t('breakdown.capital')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" fw={600}>
                    <Money amount={p.net} currency={s.currency} />
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <BreakdownTable breakdown={p} currency={s.currency} testId="upcoming-breakdown" />
                <Text size="xs" c="dimmed">
                  {t('upcoming.count', { orders: p.capture_count, refunds: p.refund_count })}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Card>
  );
}
