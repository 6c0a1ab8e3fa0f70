/**
 * Disputes (onboarding spec §2 "Other areas", §4, §7, §9; shell spec §2.3): the list with its filters in the
 * address, a dispute with its order, the customer's words and its timeline, the refund and the challenge, and
 * the FAQ. The tutorial's first step sits on the list; its second is the sidebar's users item (the shell's).
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Image,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
  Accordion,
} from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { DetailFrame, ForbiddenNotice, type Crumbs } from '../../../components/DetailFrame';
import { DialogFooter } from '../../../components/DialogFooter';
import { ResponsiveList, RowLink, ShowMore, type ListColumn } from '../../../components/ResponsiveList';
import { notify } from '../../../components/notificationStore';
import { usePermissionFlags } from '../../../api/permissions';
import { LOCAL_FLAGS, useLocalFlag } from '../../../localFlags';
import { DISPUTE_STATUSES } from '../../../../domain/disputes';
import { exportCsv, useApprove, useDispute, useDisputes, type Dispute } from '../api';
import { filtersFrom, hasFilters, paramsOf, type ListFilters } from '../filters';
import { ChallengeDialog } from '../components/ChallengeDialog';
import { StatusBadge } from '../components/DisputeParts';
import { Day, DayInput, dayText, isolate, langOf, Money } from '../../../components/ListParts';
import { useSearchDraft } from '../../../components/useSearchDraft';
import { money } from '../../../../domain/capital/format';

/** The tutorial's first step (shell spec §2.3: "the initial tutorial step is 'first'"). */
function TutorialFirstStep(props: { admin: boolean }) {
  const { t } = useTranslation('disputes');
  const [step, setStep] = useLocalFlag(LOCAL_FLAGS.disputesTutorial);
  if (step !== null && step !== 'first') return null;
  return (
    <Card
      withBorder
      mb="md"
      bg="var(--mantine-color-mint-0, var(--mantine-color-teal-0))"
      data-testid="tutorial"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text fw={600}>{t('tutorial.title')}</Text>
          <Text size="sm">{t('tutorial.body')}</Text>
        </Stack>
        {props.admin && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('tutorial.step')}
          </Text>
        )}
      </Group>
      <Group justify="flex-end" mt="sm">
        <Button size="xs" onClick={() => setStep(props.admin ? 'second' : 'done')}>
          {props.admin ? t('tutorial.next') : t('tutorial.done')}
        </Button>
      </Group>
    </Card>
  );
}

/** The filters; each change is a patch applied to the address as it is then (never to a stale copy). */
function Filters(props: { filters: ListFilters; onChange: (patch: Partial<ListFilters>) => void }) {
  const { t } = useTranslation('disputes');
  const { filters, onChange } = props;
  const commitQ = useCallback((q: string) => onChange({ q }), [onChange]);
  const [q, setQ] = useSearchDraft(filters.q, commitQ);
  const backwards = filters.from !== null && filters.to !== null && filters.from > filters.to;
  return (
    <Group align="flex-start" gap="sm" mb="md" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maxLength={100}
        w={{ base: '100%', sm: 260 }}
      />
      <MultiSelect
        label={t('filters.status')}
        placeholder={filters.statuses.length === 0 ? t('filters.statusPlaceholder') : undefined}
        data={DISPUTE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={filters.statuses}
        onChange={(statuses) => onChange({ statuses: statuses as ListFilters['statuses'] })}
        clearable
        w={{ base: '100%', sm: 280 }}
      />
      <DayInput label={t('filters.from')} value={filters.from} onChange={(from) => onChange({ from })} />
      <DayInput
        label={t('filters.to')}
        value={filters.to}
        onChange={(to) => onChange({ to })}
        error={backwards ? t('filters.dateOrder') : undefined}
      />
      {hasFilters(filters) && (
        <Button
          variant="subtle"
          mt={{ base: 0, sm: 25 }}
          onClick={() => {
            setQ('');
            onChange({ statuses: [], from: null, to: null, q: '' });
          }}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}

const disputePath = (id: string) => `/disputes/${encodeURIComponent(id)}`;

/** On a phone: a card a dispute (a seven-column table does not fit 375 px). */
function DisputeCard(props: { dispute: Dispute }) {
  const { t } = useTranslation('disputes');
  const d = props.dispute;
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} c="teal" truncate>
          <bdi>{d.order_id}</bdi>
        </Text>
        <Text size="sm" truncate>
          <bdi>{d.customer_name}</bdi>
        </Text>
        <Text size="xs" c="dimmed">
          {t(`type.${d.type}`, { defaultValue: d.type })} · <Day iso={d.created_at} />
        </Text>
      </Stack>
      <Stack gap={4} align="flex-end">
        <Text fw={600} size="sm">
          <Money amount={d.amount} currency={d.currency} />
        </Text>
        <StatusBadge status={d.status} />
      </Stack>
    </Group>
  );
}

function useColumns(): ListColumn<Dispute>[] {
  const { t } = useTranslation('disputes');
  return [
    {
      header: t('column.dispute'),
      cell: (d) => (
        <>
          <RowLink to={disputePath(d.id)}>
            <bdi>{d.order_id}</bdi>
          </RowLink>
          <Text size="xs" c="dimmed">
            <bdi>{d.id}</bdi>
          </Text>
        </>
      ),
    },
    { header: t('column.customer'), cell: (d) => <bdi>{d.customer_name}</bdi> },
    { header: t('column.type'), cell: (d) => t(`type.${d.type}`, { defaultValue: d.type }) },
    { header: t('column.amount'), cell: (d) => <Money amount={d.amount} currency={d.currency} /> },
    { header: t('column.status'), cell: (d) => <StatusBadge status={d.status} /> },
    { header: t('column.opened'), cell: (d) => <Day iso={d.created_at} /> },
    {
      header: t('column.respondBy'),
      cell: (d) => (d.status === 'pending' && d.respond_by ? <Day iso={d.respond_by} /> : '—'),
    },
  ];
}

export function DisputesList() {
  const { t } = useTranslation('disputes');
  // The tutorial's second step is on the users item, which workspace admins alone have (shell spec §2.3, §6:
  // is_account_edit_allowed makes a workspace admin).
  const flags = usePermissionFlags();
  const admin = flags.data?.is_account_edit_allowed === true;
  // Merchant access shows the page (spec §2.3); fetching the list takes the disputes flag (canFetchDisputes). A
  // member without it is told so at once, without asking the server for a 403 (issue 32).
  const mayFetch = flags.data?.is_disputes_allowed === true;
  const [filters, change] = useAddressFilters(filtersFrom, paramsOf);
  const list = useDisputes(filters, mayFetch);
  const columns = useColumns();
  const [exporting, setExporting] = useState(false);
  const disputes = list.data?.pages.flatMap((p) => p.disputes) ?? [];

  // Without the flag (or if the server says so all the same): the page says so, and offers no export.
  if ((flags.isSuccess && !mayFetch) || (list.error instanceof ApiError && list.error.status === 403))
    return (
      <>
        <PageHeader title={t('title')} />
        <ForbiddenNotice title={t('forbidden.title')} body={t('forbidden.body')} />
      </>
    );

  const download = async () => {
    setExporting(true);
    try {
      await exportCsv(filters);
    } catch {
      notify({ variant: 'error', title: t('export'), message: t('exportFailed') });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        primary={{
          label: exporting ? `${t('export')}…` : t('export'),
          onClick: () => void (exporting ? undefined : download()),
          icon: <IconDownload size={16} />,
        }}
      />
      <TutorialFirstStep admin={admin} />
      <Group justify="flex-end" mt={-8} mb="xs">
        <Anchor component={Link} to="/disputes-faq" size="sm">
          {t('faqLink')}
        </Anchor>
      </Group>
      <Filters filters={filters} onChange={change} />
      <ResponsiveList
        query={list}
        rows={disputes}
        rowKey={(d) => d.id}
        rowAttribute="dispute"
        table={{ columns, minWidth: 720, testId: 'disputes' }}
        cards={{
          render: (d) => <DisputeCard dispute={d} />,
          link: (d) => disputePath(d.id),
          testId: 'dispute-cards',
        }}
        loading={{ rows: 6, height: 44, testId: 'disputes-loading' }}
        loadFailed={t('loadFailed')}
        empty={
          hasFilters(filters)
            ? { testId: 'disputes-empty', title: t('empty.filtered') }
            : { testId: 'disputes-empty', title: t('empty.title'), body: t('empty.body') }
        }
        footer={
          <ShowMore
            shown={t('shown', { count: disputes.length })}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onMore={() => void list.fetchNextPage()}
          />
        }
      />
    </>
  );
}

function Actions(props: { dispute: Dispute }) {
  const { t, i18n } = useTranslation('disputes');
  const { dispute } = props;
  const approve = useApprove(dispute.id);
  const [refunding, setRefunding] = useState(false);
  const [challenging, setChallenging] = useState(false);
  if (dispute.status === 'arbitration') return <Alert color="violet">{t('act.arbitration')}</Alert>;
  if (dispute.status !== 'pending') return <Alert color="gray">{t('act.final')}</Alert>;
  if (!dispute.can_act) return <Alert color="yellow">{t('act.noRight')}</Alert>;
  return (
    <>
      <Group>
        <Button onClick={() => setRefunding(true)}>{t('act.refund')}</Button>
        <Button variant="default" onClick={() => setChallenging(true)}>
          {t('act.challenge')}
        </Button>
      </Group>
      <Modal opened={refunding} onClose={() => setRefunding(false)} title={t('refund.title')}>
        <Stack>
          <Text size="sm">
            {t('refund.body', {
              amount: isolate(money(Number(dispute.amount), dispute.currency, langOf(i18n.language))),
              customer: isolate(dispute.customer_name),
            })}
          </Text>
          <DialogFooter
            error={
              approve.isError &&
              (approve.error instanceof ApiError && approve.error.status === 409
                ? t('refund.notPending')
                : t('refund.failed'))
            }
            cancel={{ label: t('refund.cancel'), onClick: () => setRefunding(false) }}
            action={{
              label: t('refund.confirm'),
              color: 'red.9',
              loading: approve.isPending,
              onClick: () =>
                approve.mutate(undefined, {
                  onSuccess: () => {
                    setRefunding(false);
                    notify({
                      variant: 'success',
                      title: t('act.refund'),
                      message: t('refund.done'),
                      autoHide: true,
                    });
                  },
                }),
            }}
          />
        </Stack>
      </Modal>
      <ChallengeDialog
        disputeId={dispute.id}
        opened={challenging}
        onClose={() => setChallenging(false)}
        onSent={() => {
          setChallenging(false);
          notify({
            variant: 'success',
            title: t('act.challenge'),
            message: t('challenge.done'),
            autoHide: true,
          });
        }}
      />
    </>
  );
}

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
      forbidden={{ title: t('forbidden.title'), body: t('forbidden.body') }}
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
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder>
            <Title order={3} size="h5" mb="sm">
              {t('detail.order')} <bdi>{d.order_id}</bdi>
            </Title>
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
          </Card>
          <Card withBorder>
            <Title order={3} size="h5" mb="sm">
              {t('detail.timeline')}
            </Title>
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
                        src={`/merchant/api/v2/download?disposition=attachment&url=${encodeURIComponent(a.url)}`}
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
          </Card>
        </SimpleGrid>
        <Group>
          <Button variant="subtle" onClick={() => void navigate(-1)}>
            {t('detail.back')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}

export function DisputesFaq() {
  const { t } = useTranslation('disputes');
  const items = t('faq.items', { returnObjects: true }) as { q: string; a: string }[];
  return (
    <>
      <PageHeader title={t('faq.title')} breadcrumbs={[{ label: t('title'), to: '/disputes' }]} />
      <Accordion variant="separated" multiple defaultValue={['0']}>
        {(Array.isArray(items) ? items : []).map((item, i) => (
          <Accordion.Item key={i} value={String(i)}>
            <Accordion.Control>{item.q}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{item.a}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Button component={Link} to="/disputes" variant="subtle" mt="md">
        {t('faq.back')}
      </Button>
    </>
  );
}
