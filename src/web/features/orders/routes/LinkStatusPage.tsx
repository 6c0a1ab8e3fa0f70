/**
 * Where a payment link stands (shell spec §2.6 `service/pl-status/{paymentId}`; docs/orders.md "Payment
 * links"): sent, opened, paid — or expired or cancelled —, with the order's amount, the customer and the time it
 * may still be paid; cancel while it is open; the order's page once paid. Asked again every 15 s while open.
 */
import { Anchor, Button, Card, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock, IconMail, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePermissionFlags } from '../../../api/permissions';
import { Day } from '../../../components/Day';
import { DetailFrame } from '../../../components/DetailFrame';
import { Money } from '../../../components/Money';
import { PageHeader } from '../../../components/PageHeader';
import { isOpenLink } from '../../../../domain/paymentLinks';
import { useCancelLink, usePaymentLink, type PaymentLink } from '../api';
import { paymentPath } from './OrdersList';

export function LinkStatusPage() {
  const { t } = useTranslation('orders');
  const { paymentId = '' } = useParams();
  const flags = usePermissionFlags();
  const may = flags.data?.is_order_creation_allowed === true;
  const query = usePaymentLink(paymentId, may);
  return (
    <DetailFrame
      query={query}
      area={{ title: t('links.title'), to: '/payments/links' }}
      t={t}
      prefix="link."
      denied={flags.isSuccess && !may}
      skeleton={{ testId: 'link-loading', blocks: [{ h: 36, w: 260 }, 220] }}
    >
      {(link, crumbs) => (
        <>
          <PageHeader
            title={t('link.statusTitle', { reference: link.order_reference })}
            breadcrumbs={crumbs}
          />
          <LinkCard link={link} />
        </>
      )}
    </DetailFrame>
  );
}

function LinkCard(props: { link: PaymentLink }) {
  const { t } = useTranslation('orders');
  const l = props.link;
  const cancel = useCancelLink(l.id);
  const steps = [
    { kind: 'sent', at: l.sent_at, icon: <IconMail size={12} /> },
    ...(l.opened_at ? [{ kind: 'opened', at: l.opened_at, icon: <IconEye size={12} /> }] : []),
    ...(l.paid_at ? [{ kind: 'paid', at: l.paid_at, icon: <IconCircleCheck size={12} /> }] : []),
    ...(l.cancelled_at ? [{ kind: 'cancelled', at: l.cancelled_at, icon: <IconCircleX size={12} /> }] : []),
    ...(l.status === 'expired' ? [{ kind: 'expired', at: l.expires_at, icon: <IconClock size={12} /> }] : []),
  ];
  return (
    <Card withBorder data-testid="link-status" data-status={l.status}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Text fw={700} size="lg" data-testid="link-state">
              {t(`link.status.${l.status}`)}
            </Text>
            <Text size="xl" fw={700}>
              <Money amount={l.amount} currency={l.currency} />
            </Text>
            <Text size="sm">
              {t(`product.${l.product}`, { defaultValue: l.product })} · <bdi>{l.customer_name ?? ''}</bdi>{' '}
              <bdi dir="ltr">{l.customer_phone}</bdi>
            </Text>
            {isOpenLink(l.status) && (
              <Text size="sm" c="dimmed">
                {t('link.payBy')} <Day iso={l.expires_at} withTime />
              </Text>
            )}
          </Stack>
          <Group gap="sm">
            {l.status === 'paid' && (
              <Button component={Link} to={paymentPath(l.id)}>
                {t('link.openOrder')}
              </Button>
            )}
            {l.can_cancel && (
              <Button
                variant="default"
                color="red"
                loading={cancel.isPending}
                onClick={() => cancel.mutate()}
              >
                {t('link.cancelLink')}
              </Button>
            )}
          </Group>
        </Group>
        {cancel.isError && (
          <Text size="sm" c="red" role="alert">
            {t('link.cancelFailed')}
          </Text>
        )}
        <Timeline active={steps.length - 1} bulletSize={20} lineWidth={2} data-testid="link-timeline">
          {steps.map((s) => (
            <Timeline.Item key={s.kind} bullet={s.icon} title={t(`link.step.${s.kind}`)} data-kind={s.kind}>
              <Text size="xs" c="dimmed">
                <Day iso={s.at} withTime />
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
        {l.description && (
          <Text size="sm" dir="auto">
            {l.description}
          </Text>
        )}
        <Anchor component={Link} to="/payments/links" size="sm">
          {t('links.allLinks')}
        </Anchor>
      </Stack>
    </Card>
  );
}
