/**
 * A dispute (onboarding spec §4): its order, the customer's words, its timeline and what may be done.
 */
import { storedFileAddress } from '../../../api/upload';
import { Button, Card, Group, Image, Stack, Table, Text, Timeline } from '@mantine/core';
import { DetailGrid, DetailSection } from '../../../components/DetailParts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { DetailFrame, type Crumbs } from '../../../components/DetailFrame';
import { usePermissionFlags } from '../../../api/permissions';
import { useDispute, type Dispute } from '../api';
import { StatusBadge } from '../components/StatusBadge';
import { Day } from '../../../components/Day';
import { dayText, isolate, langOf } from '../../../components/listText';
import { Money } from '../../../components/Money';
import { Actions } from '../components/DisputeActions';

export function DisputeDetail() {
  const { t } = useTranslation('disputes');
  const { id = '' } = useParams();
  const flags = usePermissionFlags();
  const mayFetch = flags.data?.is_disputes_allowed === true;
  const query = useDispute(id, mayFetch);
  return (
    <DetailFrame
      query={query}
      area={{ title: t('title'), to: '/disputes' }}
      t={t}
      denied={flags.isSuccess && !mayFetch}
      skeleton={{ testId: 'dispute-loading', blocks: [{ h: 36, w: 260 }, 160, 220] }}
    >
      {(d, crumbs) => <DisputePage dispute={d} crumbs={crumbs} />}
    </DetailFrame>
  );
}

function DisputePage(props: { dispute: Dispute; crumbs: Crumbs }) {
  const { t, i18n } = useTranslation('disputes');
  const navigate = useNavigate();
  const { crumbs } = props;
  const d = props.dispute;
  const items = d.order?.items ?? [];
  return (
    <>
      <PageHeader title={d.order_id} breadcrumbs={crumbs} />
      <Stack gap="lg">
        <Card withBorder>
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Group gap="xs">
                <StatusBadge status={d.status} />
                <Text size="sm">{t(`type.${d.type}`, { defaultValue: d.type })}</Text>
              </Group>
              <Text size="xl" fw={700}>
                <Money amount={d.amount} currency={d.currency} />
              </Text>
              <Text size="sm">
                <bdi>{d.customer_name}</bdi>
              </Text>
              <Text size="xs" c="dimmed">
                {t('detail.openedOn', { date: isolate(dayText(d.created_at, langOf(i18n.language))) })}
              </Text>
            </Stack>
            {d.status === 'pending' && d.respond_by && (
              <Text size="sm" fw={600} c="orange">
                {t('detail.respondBy', { date: isolate(dayText(d.respond_by, langOf(i18n.language))) })}
              </Text>
            )}
          </Group>
          <Stack mt="md">
            <Actions dispute={d} />
          </Stack>
        </Card>
        <DetailGrid>
          <DetailSection
            title={
              <>
                {t('detail.order')} <bdi>{d.order_id}</bdi>
              </>
            }
          >
            {items.length > 0 ? (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('detail.items')}</Table.Th>
                    <Table.Th>{t('detail.quantity')}</Table.Th>
                    <Table.Th>{t('column.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>
                        <bdi>{item.name}</bdi>
                      </Table.Td>
                      <Table.Td>{item.quantity}</Table.Td>
                      <Table.Td>
                        <Money amount={item.amount} currency={d.currency} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="sm" c="dimmed">
                —
              </Text>
            )}
            {d.customer_note && (
              <>
                <Text fw={600} size="sm" mt="md">
                  {t('detail.customerSays')}
                </Text>
                <Text size="sm" dir="auto">
                  {d.customer_note}
                </Text>
              </>
            )}
          </DetailSection>
          <DetailSection title={t('detail.timeline')}>
            <Timeline bulletSize={14} lineWidth={2} active={d.timeline.length - 1}>
              {d.timeline.map((entry, i) => (
                <Timeline.Item key={i} title={t(`timeline.${entry.kind}`, { defaultValue: entry.kind })}>
                  <Text size="xs" c="dimmed">
                    <Day iso={entry.at} />
                    {entry.kind === 'challenged' && entry.note
                      ? ` · ${t(`reason.${entry.note}`, { defaultValue: entry.note })}`
                      : ''}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
            {d.challenge && (
              <Stack gap={4} mt="md">
                <Text fw={600} size="sm">
                  {t('detail.challenge')}
                </Text>
                <Text size="sm">{t(`reason.${d.challenge.reason}`)}</Text>
                {d.challenge.note && (
                  <Text size="sm" c="dimmed" dir="auto">
                    {d.challenge.note}
                  </Text>
                )}
                {d.challenge.attachments.length > 0 && (
                  <Group gap="xs" mt={4} aria-label={t('detail.attachments')}>
                    {d.challenge.attachments.map((a) => (
                      <Image
                        key={a.url}
                        src={storedFileAddress(a.url)}
                        alt={a.name}
                        w={72}
                        h={72}
                        radius="sm"
                        fit="cover"
                      />
                    ))}
                  </Group>
                )}
              </Stack>
            )}
          </DetailSection>
        </DetailGrid>
        <Group>
          <Button variant="subtle" onClick={() => void navigate(-1)}>
            {t('detail.back')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
