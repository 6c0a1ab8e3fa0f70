/**
 * The payouts one payment was paid in (shell spec §2.6 `payments/{paymentId}/payouts`; docs/payouts.md): each
 * payout with this order's part of it — captured, commission, refunded, net — and what of it no payout has paid
 * yet. Reached from the order's page.
 */
import { WaitingSum } from '../components/WaitingSum';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePermissionFlags } from '../../../api/permissions';
import { DetailFrame } from '../../../components/DetailFrame';
import { Money } from '../../../components/Money';
import { PageHeader } from '../../../components/PageHeader';
import { usePaymentPayouts } from '../api';
import { CalendarDay } from '../../../components/CalendarDay';
import { PayoutStatusBadge } from '../components/PayoutStatusBadge';
import { payoutPath } from './CompletedPayouts';

export function PaymentPayouts() {
  const { t } = useTranslation('payouts');
  const { paymentId = '' } = useParams();
  const flags = usePermissionFlags();
  const mayFetch = flags.data?.is_payouts_allowed === true;
  const query = usePaymentPayouts(paymentId, mayFetch);
  const orderPath = `/payments/${encodeURIComponent(paymentId)}`;
  return (
    <DetailFrame
      query={query}
      area={{ title: t('ofPayment.orders'), to: '/payments' }}
      t={t}
      denied={flags.isSuccess && !mayFetch}
      skeleton={{ testId: 'payment-payouts-loading', blocks: [{ h: 36, w: 260 }, 120, 120] }}
    >
      {(data, crumbs) => (
        <>
          <PageHeader
            title={t('ofPayment.title')}
            breadcrumbs={[...crumbs, { label: paymentId, to: orderPath }]}
          />
          <Stack gap="md">
            <WaitingSum label={t('ofPayment.waiting')} of={data} testId="payment-waiting" />
            {data.payouts.length === 0 && (
              <Card withBorder data-testid="payment-payouts-empty">
                <Text fw={600}>{t('ofPayment.none')}</Text>
                <Text size="sm" c="dimmed">
                  {t('ofPayment.noneBody')}
                </Text>
              </Card>
            )}
            {data.payouts.map((p) => (
              <Card withBorder key={p.id} data-payout={p.id}>
                <Group justify="space-between" wrap="wrap" mb="xs">
                  <Anchor component={Link} to={payoutPath(p.id)} fw={600}>
                    <CalendarDay day={p.day} /> · <bdi>{p.store_name}</bdi>
                  </Anchor>
                  <PayoutStatusBadge status={p.status} />
                </Group>
                <Group gap="xl" wrap="wrap">
                  {(['captured', 'commission', 'refunded', 'net'] as const).map((key) => (
                    <Stack gap={0} key={key}>
                      <Text size="xs" c="dimmed">
                        {t(`ofPayment.${key}`)}
                      </Text>
                      <Text fw={key === 'net' ? 700 : 600}>
                        <Money amount={p.of_payment[key]} currency={p.currency} />
                      </Text>
                    </Stack>
                  ))}
                </Group>
              </Card>
            ))}
            <Anchor component={Link} to={orderPath} size="sm">
              {t('ofPayment.back')}
            </Anchor>
          </Stack>
        </>
      )}
    </DetailFrame>
  );
}
