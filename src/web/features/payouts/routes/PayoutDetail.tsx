/**
 * One payout (shell spec §2.6 `finance/payouts/completed/{payoutId}`; docs/payouts.md): its day, status and net;
 * the breakdown that adds up to the net; the bank account it went to (the IBAN's hidden digits); the orders and
 * refunds in it, each linking to its payment; and its transactions as CSV.
 */
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissionFlags } from '../../../api/permissions';
import { Day } from '../../../components/Day';
import { DetailFrame, type Crumbs } from '../../../components/DetailFrame';
import { Money } from '../../../components/Money';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../components/notificationStore';
import { downloadTransactions, usePayout, type PayoutDetail as Detail } from '../api';
import { BreakdownTable } from '../components/BreakdownTable';
import { PayoutDay } from '../components/PayoutDay';
import { PayoutStatusBadge } from '../components/PayoutStatusBadge';

export function PayoutDetail(props: { id: string }) {
  const { t } = useTranslation('payouts');
  const flags = usePermissionFlags();
  const mayFetch = flags.data?.is_payouts_allowed === true;
  const query = usePayout(props.id, mayFetch);
  return (
    <DetailFrame
      query={query}
      area={{ title: t('title'), to: '/finance/payouts' }}
      forbidden={{ title: t('forbidden.title'), body: t('forbidden.body') }}
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
  const [saving, setSaving] = useState(false);
  const download = async () => {
    setSaving(true);
    try {
      await downloadTransactions(p.id);
    } catch {
      notify({ variant: 'error', title: t('detail.csv'), message: t('exportFailed') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <PageHeader
        title={t('detail.title', { store: p.store_name })}
        breadcrumbs={props.crumbs}
        primary={{
          label: saving ? `${t('detail.csv')}…` : t('detail.csv'),
          onClick: () => void (saving ? undefined : download()),
          icon: <IconDownload size={16} />,
        }}
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
                {t(p.status === 'paid' ? 'detail.paidOn' : 'detail.sentOn')} <PayoutDay day={p.day} />
              </Text>
              <Text size="xs" c="dimmed">
                <bdi dir="ltr">{p.id}</bdi>
              </Text>
            </Stack>
            <Stack gap={2} data-testid="payout-bank">
              <Text size="xs" c="dimmed">
                {t('detail.bank')}
              </Text>
              {p.bank ? (
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
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder>
            <Title order={3} size="h5" mb="sm">
              {t('detail.breakdown')}
            </Title>
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
          </Card>
          <Card withBorder>
            <Title order={3} size="h5" mb="sm">
              {t('detail.howTitle')}
            </Title>
            <Text size="sm">{t('detail.how', { orders: p.capture_count, refunds: p.refund_count })}</Text>
            <Anchor component={Link} to="/finance/payouts/how-reports-work" size="sm" mt="xs" display="block">
              {t('nav.how')}
            </Anchor>
          </Card>
        </SimpleGrid>
        <Card withBorder>
          <Title order={3} size="h5" mb="sm">
            {t('detail.lines', { count: p.lines.length })}
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="payout-lines" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('line.order')}</Table.Th>
                  <Table.Th>{t('line.kind')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('line.at')}</Table.Th>
                  <Table.Th ta="end">{t('line.amount')}</Table.Th>
                  <Table.Th ta="end" visibleFrom="sm">
                    {t('line.commission')}
                  </Table.Th>
                  <Table.Th ta="end">{t('line.net')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.lines.map((l) => (
                  <Table.Tr key={l.id} data-line-id={l.id} data-kind={l.kind}>
                    <Table.Td>
                      <Anchor component={Link} to={`/payments/${encodeURIComponent(l.payment_id)}`} size="sm">
                        <bdi>{l.order_reference}</bdi>
                      </Anchor>
                      <Text size="xs" c="dimmed" truncate maw={180}>
                        <bdi>{l.customer_name}</bdi>
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {l.kind === 'refund' && l.reason === 'dispute'
                          ? t('line.dispute')
                          : t(`line.${l.kind}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm">
                        <Day iso={l.at} />
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end">
                      <Money amount={l.amount} currency={p.currency} />
                    </Table.Td>
                    <Table.Td ta="end" visibleFrom="sm">
                      <Money amount={l.commission} currency={p.currency} />
                    </Table.Td>
                    <Table.Td ta="end">
                      <Text size="sm" fw={600} span>
                        <Money amount={l.net} currency={p.currency} />
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Button
            variant="subtle"
            mt="sm"
            leftSection={<IconDownload size={16} />}
            onClick={() => void download()}
          >
            {t('detail.csv')}
          </Button>
        </Card>
      </Stack>
    </>
  );
}
