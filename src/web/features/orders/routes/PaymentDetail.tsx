/**
 * An order and its payment (shell spec §2.6 `payments/{paymentId}`; docs/orders.md): what was bought, by whom,
 * where and how; what is captured, refunded and left; the timeline; the dispute if any; and capture and refund
 * for those who may.
 */
import { Anchor, Button, Card, Group, Stack, Table, Text, Timeline } from '@mantine/core';
import { DetailGrid, DetailSection, LabelValue } from '../../../components/DetailParts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePermissionFlags } from '../../../api/permissions';
import { Day } from '../../../components/Day';
import { DetailFrame, type Crumbs } from '../../../components/DetailFrame';
import { Money } from '../../../components/Money';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../components/notificationStore';
import { decimalToMinor, minorToDecimal } from '../../../../domain/money';
import { usePayment, type PaymentDetail as Detail } from '../api';
import { CaptureDialog } from '../components/CaptureDialog';
import { PaymentStatusBadge } from '../components/PaymentStatusBadge';
import { RefundDialog } from '../components/RefundDialog';

export function PaymentDetail() {
  const { t } = useTranslation('orders');
  const { paymentId = '' } = useParams();
  const flags = usePermissionFlags();
  const mayFetch = flags.data?.is_order_view_allowed === true;
  const query = usePayment(paymentId, mayFetch);
  return (
    <DetailFrame
      query={query}
      area={{ title: t('title'), to: '/payments' }}
      t={t}
      denied={flags.isSuccess && !mayFetch}
      skeleton={{ testId: 'payment-loading', blocks: [{ h: 36, w: 260 }, 150, 240] }}
    >
      {(p, crumbs) => (
        <PaymentPage payment={p} crumbs={crumbs} payouts={flags.data?.is_payouts_allowed === true} />
      )}
    </DetailFrame>
  );
}

function PaymentPage(props: { payment: Detail; crumbs: Crumbs; payouts: boolean }) {
  const { t } = useTranslation('orders');
  const p = props.payment;
  const [dialog, setDialog] = useState<'refund' | 'capture' | null>(null);
  const done = (kind: 'refund' | 'capture') => () => {
    setDialog(null);
    notify({ variant: 'success', title: t(`${kind}.done`), message: p.order_reference, autoHide: true });
  };
  return (
    <>
      <PageHeader title={p.order_reference} breadcrumbs={props.crumbs} />
      <Stack gap="lg">
        <Card withBorder>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Stack gap={4}>
              <PaymentStatusBadge status={p.status} refunded={p.refunded} />
              <Text size="xl" fw={700} data-testid="payment-amount">
                <Money amount={p.amount} currency={p.currency} />
              </Text>
              <Text size="sm">
                {t(`product.${p.product}`, { defaultValue: p.product })} · <bdi>{p.store_name}</bdi>
              </Text>
              <Text size="xs" c="dimmed">
                {t('detail.placed')} <Day iso={p.created_at} withTime /> · <bdi dir="ltr">{p.id}</bdi>
              </Text>
              {props.payouts && Number(p.captured) > 0 && (
                <Anchor component={Link} to={`/payments/${encodeURIComponent(p.id)}/payouts`} size="sm">
                  {t('detail.payouts')}
                </Anchor>
              )}
            </Stack>
            <Group gap="sm">
              {p.can_capture && <Button onClick={() => setDialog('capture')}>{t('capture.open')}</Button>}
              {p.can_refund && (
                <Button variant="default" color="red" onClick={() => setDialog('refund')}>
                  {t('refund.open')}
                </Button>
              )}
            </Group>
          </Group>
          <Group gap="xl" mt="md" wrap="wrap">
            {(
              [
                ['captured', p.captured, 'payment-captured'],
                ['refunded', p.refunded, 'payment-refunded'],
                ['leftToCapture', p.left_to_capture, 'payment-left-to-capture'],
                ['leftToRefund', p.left_to_refund, 'payment-left-to-refund'],
              ] as const
            ).map(([label, amount, testId]) => (
              <LabelValue key={label} figure label={t(`detail.${label}`)} testId={testId}>
                <Money amount={amount} currency={p.currency} />
              </LabelValue>
            ))}
          </Group>
          {!p.can_refund && Number(p.left_to_refund) > 0 && (
            <Text size="xs" c="dimmed" mt="sm">
              {t('detail.whoRefunds')}
            </Text>
          )}
        </Card>
        <DetailGrid>
          <DetailSection title={t('detail.items')}>
            <PaymentItems payment={p} />
          </DetailSection>
          <DetailSection title={t('detail.customer')}>
            <Stack gap={4}>
              <Text>
                <bdi>{p.customer_name}</bdi>
              </Text>
              <Text size="sm">
                <bdi dir="ltr">{p.customer_phone}</bdi>
              </Text>
              {p.customer_email && (
                <Text size="sm">
                  <bdi dir="ltr">{p.customer_email}</bdi>
                </Text>
              )}
            </Stack>
            {p.dispute && (
              <Stack gap={4} mt="md" data-testid="payment-dispute">
                <Text fw={600} size="sm">
                  {t('detail.dispute')}
                </Text>
                <Anchor component={Link} to={`/disputes/${encodeURIComponent(p.dispute.id)}`} size="sm">
                  {t('detail.openDispute', {
                    status: t(`disputeStatus.${p.dispute.status}`, { defaultValue: p.dispute.status }),
                  })}
                </Anchor>
              </Stack>
            )}
          </DetailSection>
          <DetailSection title={t('detail.timeline')}>
            <PaymentTimeline payment={p} />
          </DetailSection>
          {p.refunds.length > 0 && (
            <DetailSection title={t('detail.refunds')}>
              <Stack gap="xs">
                {p.refunds.map((r) => (
                  <Stack key={r.id} gap={0}>
                    <Group justify="space-between">
                      <Text size="sm" fw={600}>
                        <Money amount={r.amount} currency={p.currency} />
                      </Text>
                      <Text size="xs" c="dimmed">
                        <Day iso={r.at} withTime />
                      </Text>
                    </Group>
                    <Text size="xs">{t(`reason.${r.reason}`, { defaultValue: r.reason })}</Text>
                    {r.note && (
                      <Text size="xs" c="dimmed" dir="auto">
                        {r.note}
                      </Text>
                    )}
                  </Stack>
                ))}
              </Stack>
            </DetailSection>
          )}
        </DetailGrid>
      </Stack>
      {dialog === 'refund' && (
        <RefundDialog payment={p} opened onClose={() => setDialog(null)} onDone={done('refund')} />
      )}
      {dialog === 'capture' && (
        <CaptureDialog payment={p} opened onClose={() => setDialog(null)} onDone={done('capture')} />
      )}
    </>
  );
}

/** A payment's items: each with its quantity, unit price (from a tablet up) and line total. */
function PaymentItems(props: { payment: Detail }) {
  const { t } = useTranslation('orders');
  const p = props.payment;
  const lineTotal = (unit: string, quantity: number) =>
    minorToDecimal((decimalToMinor(unit, p.currency) ?? 0) * quantity, p.currency);
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('detail.item')}</Table.Th>
            <Table.Th>{t('detail.quantity')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('detail.unitPrice')}</Table.Th>
            <Table.Th>{t('detail.lineTotal')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.items.map((item, i) => (
            <Table.Tr key={i}>
              <Table.Td>
                <bdi>{item.name}</bdi>
              </Table.Td>
              <Table.Td>{item.quantity}</Table.Td>
              <Table.Td visibleFrom="sm">
                <Money amount={item.unit_price} currency={p.currency} />
              </Table.Td>
              <Table.Td>
                <Money amount={lineTotal(item.unit_price, item.quantity)} currency={p.currency} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What happened to a payment, oldest first, with each amount and who did it. */
function PaymentTimeline(props: { payment: Detail }) {
  const { t } = useTranslation('orders');
  const p = props.payment;
  return (
    <Timeline bulletSize={14} lineWidth={2} active={p.timeline.length - 1} data-testid="payment-timeline">
      {p.timeline.map((event, i) => (
        <Timeline.Item key={i} title={t(`timeline.${event.kind}`)} data-kind={event.kind}>
          <Text size="xs" c="dimmed">
            <Day iso={event.at} withTime />
            {event.amount ? ' · ' : ''}
            {event.amount && <Money amount={event.amount} currency={p.currency} />}
            {event.kind === 'refunded' && event.note
              ? ` · ${t(`reason.${event.note}`, { defaultValue: event.note })}`
              : ''}
          </Text>
          {event.by && event.kind !== 'authorised' && event.kind !== 'disputed' && (
            <Text size="xs" c="dimmed">
              <bdi>{event.by === 'checkout' ? t('timeline.byCheckout') : event.by}</bdi>
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
