/**
 * One payout (shell spec §2.6 `finance/payouts/completed/{payoutId}`; docs/payouts.md): its day, status and net;
 * the breakdown that adds up to the net; the bank account it went to (the IBAN's hidden digits); the orders and
 * refunds in it, each linking to its payment; and its transactions as CSV.
 */
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { DetailGrid, DetailSection } from '../../../components/DetailParts';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissionFlags } from '../../../api/permissions';
import { Day } from '../../../components/Day';
import { DetailFrame, type Crumbs } from '../../../components/DetailFrame';
import { Money } from '../../../components/Money';
import { PageHeader } from '../../../components/PageHeader';
import { downloadTransactions, usePayout, type PayoutDetail as Detail, type PayoutLine } from '../api';
import { ResponsiveList, RowLink, type ListColumn } from '../../../components/ResponsiveList';
import { useDownloadAction } from '../../../components/useDownloadAction';
import { BreakdownTable } from '../components/BreakdownTable';
import { kindOf, PayoutLineCard } from '../components/PayoutLineCard';
import { CalendarDay } from '../../../components/CalendarDay';
import { PayoutStatusBadge } from '../components/PayoutStatusBadge';
import { analytics } from '../../../analytics';

export function PayoutDetail(props: { id: string }) {
  const { t } = useTranslation('payouts');
  const flags = usePermissionFlags();
  const mayFetch = flags.data?.is_payouts_allowed === true;
  const query = usePayout(props.id, mayFetch);
  return (
    <DetailFrame
      query={query}
      area={{ title: t('title'), to: '/finance/payouts' }}
      t={t}
      denied={flags.isSuccess && !mayFetch}
      skeleton={{ testId: 'payout-loading', blocks: [{ h: 36, w: 260 }, 180, 240] }}
    >
      {(p, crumbs) => <PayoutPage payout={p} crumbs={crumbs} />}
    </DetailFrame>
  );
}

function PayoutPage(props: { payout: Detail; crumbs: Crumbs }) {
  const { t } = useTranslation('payouts');
  const p = props.payout;
  const download = useDownloadAction({
    label: t('detail.csv'),
    failed: t('exportFailed'),
    save: async () => {
      await downloadTransactions(p.id);
      analytics.track('Payout CSV Downloaded', { payout_id: p.id });
    },
  });
  const columns = useLineColumns(p.currency);
  return (
    <>
      <PageHeader
        title={
          p.kind === 'capital_disbursement'
            ? t('kind.capital_disbursement')
            : t(p.destination === 'wallet' ? 'detail.titleWallet' : 'detail.title', { store: p.store_name })
        }
        breadcrumbs={props.crumbs}
        primary={download}
      />
      <Stack gap="lg">
        <Card withBorder>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Stack gap={4}>
              <PayoutStatusBadge status={p.status} />
              <Text size="xl" fw={700} data-testid="payout-net">
                <Money amount={p.net} currency={p.currency} />
              </Text>
              <Text size="sm">
                {t(p.status === 'paid' ? 'detail.paidOn' : 'detail.sentOn')} <CalendarDay day={p.day} />
              </Text>
              <Text size="xs" c="dimmed">
                <bdi dir="ltr">{p.id}</bdi>
              </Text>
            </Stack>
            <Stack gap={2} data-testid="payout-bank">
              <Text size="xs" c="dimmed">
                {t(p.destination === 'wallet' ? 'detail.sentTo' : 'detail.bank')}
              </Text>
              {p.destination === 'wallet' ? (
                <Text size="sm" fw={600}>
                  {t('detail.wallet')}
                </Text>
              ) : p.bank ? (
                <>
                  <Text ff="monospace" fw={600} aria-label={t('detail.ibanMasked')}>
                    <bdi dir="ltr">{p.bank.iban}</bdi>
                  </Text>
                  {p.bank.bank_name && <Text size="sm">{p.bank.bank_name}</Text>}
                </>
              ) : (
                <Text size="sm">{t('detail.noBank')}</Text>
              )}
            </Stack>
          </Group>
        </Card>
        <DetailGrid>
          <DetailSection title={t('detail.breakdown')}>
            <BreakdownTable breakdown={p} currency={p.currency} testId="payout-breakdown" />
            {p.loan_id && (
              <Text size="xs" c="dimmed" mt="xs">
                {t('detail.capitalNote')}{' '}
                <Anchor
                  component={Link}
                  to={`/finance/capital/loans/${encodeURIComponent(p.loan_id)}`}
                  size="xs"
                >
                  {t('detail.capitalLink')}
                </Anchor>
              </Text>
            )}
          </DetailSection>
          <DetailSection title={t('detail.howTitle')}>
            <Text size="sm">{t('detail.how', { orders: p.capture_count, refunds: p.refund_count })}</Text>
            <Anchor component={Link} to="/finance/payouts/how-reports-work" size="sm" mt="xs" display="block">
              {t('nav.how')}
            </Anchor>
          </DetailSection>
        </DetailGrid>
        <DetailSection title={<>{t('detail.lines', { count: p.lines.length })}</>}>
          <ResponsiveList
            name="payout-lines"
            query={DONE}
            rows={p.lines}
            look={{
              columns,
              minWidth: 640,
              highlight: false,
              card: (l) => <PayoutLineCard line={l} currency={p.currency} />,
              skeleton: { rows: 1, height: 44 },
            }}
            loadFailed=""
            empty={{ title: t('detail.noLines') }}
          />
          <Button
            variant="subtle"
            mt="sm"
            leftSection={<IconDownload size={16} />}
            onClick={download.onClick}
          >
            {t('detail.csv')}
          </Button>
        </DetailSection>
      </Stack>
    </>
  );
}

/** The lines are part of the payout's answer: nothing loads on their own. */
const DONE = { isPending: false, isError: false, refetch: () => undefined };

function useLineColumns(currency: string): ListColumn<PayoutLine>[] {
  const { t } = useTranslation('payouts');
  return [
    {
      header: t('line.order'),
      maw: 220,
      cell: (l) => (
        <>
          <RowLink to={`/payments/${encodeURIComponent(l.payment_id)}`}>
            <bdi>{l.order_reference}</bdi>
          </RowLink>
          <Text size="xs" c="dimmed" truncate>
            <bdi>{l.customer_name}</bdi>
          </Text>
        </>
      ),
    },
    { header: t('line.kind'), cell: (l) => kindOf(l, t) },
    { header: t('line.at'), cell: (l) => <Day iso={l.at} /> },
    { header: t('line.amount'), cell: (l) => <Money amount={l.amount} currency={currency} /> },
    { header: t('line.commission'), cell: (l) => <Money amount={l.commission} currency={currency} /> },
    {
      header: t('line.net'),
      cell: (l) => (
        <Text size="sm" fw={600} span>
          <Money amount={l.net} currency={currency} />
        </Text>
      ),
    },
  ];
}
