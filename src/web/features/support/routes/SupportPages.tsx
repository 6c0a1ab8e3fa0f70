/**
 * Support (onboarding spec §2 "Other areas": ticket list, ticket form, ticket detail, CSAT; §4 statuses and
 * topics): the list with its filters and page in the address, the form in a dialog, and a ticket with its
 * conversation and the rating once it is resolved.
 */
import { Alert, Anchor, Button, Group, Image, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { usePermissionFlags } from '../../../api/permissions';
import { useExperiments } from '../../../api/experiments';
import { analytics } from '../../../analytics';
import { PageHeader } from '../../../components/PageHeader';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { DetailFrame, ForbiddenNotice, type Crumbs } from '../../../components/DetailFrame';
import { ListPager, ResponsiveList, RowLink, type ListColumn } from '../../../components/ResponsiveList';
import { notify } from '../../../components/notificationStore';
import { Day, DayInput, timeText } from '../../../components/ListParts';
import { canViewAds } from '../../../../domain/permissions';
import { TICKET_FILTER_STATUSES, TICKET_TOPICS, TICKETS_LIMIT } from '../../../../domain/support';
import { useTicket, useTickets, type Message, type Ticket, type TicketWithMessages } from '../api';
import { filtersFrom, hasFilters, paramsOf, type TicketFilters } from '../filters';
import { NewTicketDialog } from '../components/NewTicketDialog';
import { RateTicket } from '../components/RateTicket';
import { ChatDrawer } from '../components/ChatDrawer';
import { ChatEntry } from '../components/ChatEntry';
import { TicketStatusBadge } from '../components/TicketParts';

/** May this member pick the ads topic: canViewAds (shell spec §6), from the same queries the shell reads. */
function useSeesAds() {
  const flags = usePermissionFlags().data;
  const experiments = useExperiments().data ?? [];
  return canViewAds(flags ?? {}, experiments);
}

function Filters(props: { filters: TicketFilters; onChange: (patch: Partial<TicketFilters>) => void }) {
  const { t } = useTranslation('support');
  const { filters, onChange } = props;
  const backwards = filters.from !== null && filters.to !== null && filters.from > filters.to;
  return (
    <Group align="flex-start" gap="sm" mb="md" wrap="wrap">
      <MultiSelect
        label={t('filters.status')}
        placeholder={filters.statuses.length === 0 ? t('filters.statusPlaceholder') : undefined}
        data={TICKET_FILTER_STATUSES.map((s) => ({ value: s, label: t(`filterStatus.${s}`) }))}
        value={filters.statuses}
        onChange={(statuses) => onChange({ statuses: statuses as TicketFilters['statuses'], page: 1 })}
        clearable
        w={{ base: '100%', sm: 260 }}
      />
      <MultiSelect
        label={t('filters.topic')}
        placeholder={filters.topics.length === 0 ? t('filters.topicPlaceholder') : undefined}
        data={TICKET_TOPICS.map((x) => ({ value: x, label: t(`topic.${x}`) }))}
        value={filters.topics}
        onChange={(topics) => onChange({ topics: topics as TicketFilters['topics'], page: 1 })}
        clearable
        w={{ base: '100%', sm: 260 }}
      />
      <DayInput
        label={t('filters.from')}
        value={filters.from}
        onChange={(from) => onChange({ from, page: 1 })}
      />
      <DayInput
        label={t('filters.to')}
        value={filters.to}
        onChange={(to) => onChange({ to, page: 1 })}
        error={backwards ? t('filters.dateOrder') : undefined}
      />
      {hasFilters(filters) && (
        <Button
          variant="subtle"
          mt={{ base: 0, sm: 25 }}
          onClick={() => onChange({ statuses: [], topics: [], from: null, to: null, page: 1 })}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}

const ticketPath = (id: string) => `/support/${encodeURIComponent(id)}`;

/** On a phone: a card a ticket. */
function TicketCard(props: { ticket: Ticket }) {
  const { t } = useTranslation('support');
  const { ticket } = props;
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} c="teal" lineClamp={2} dir="auto">
          {ticket.title}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`topic.${ticket.topic}`)} · <Day iso={ticket.created_at} />
        </Text>
      </Stack>
      <TicketStatusBadge status={ticket.status} />
    </Group>
  );
}

function useColumns(): ListColumn<Ticket>[] {
  const { t } = useTranslation('support');
  return [
    {
      header: t('column.subject'),
      maw: 360,
      cell: (ticket) => (
        <>
          <RowLink to={ticketPath(ticket.id)} lineClamp={1}>
            {ticket.title}
          </RowLink>
          {ticket.opened_by && (
            <Text size="xs" c="dimmed" truncate>
              <bdi>{ticket.opened_by}</bdi>
            </Text>
          )}
        </>
      ),
    },
    { header: t('column.topic'), cell: (ticket) => t(`topic.${ticket.topic}`) },
    { header: t('column.status'), cell: (ticket) => <TicketStatusBadge status={ticket.status} /> },
    { header: t('column.opened'), cell: (ticket) => <Day iso={ticket.created_at} /> },
    { header: t('column.updated'), cell: (ticket) => <Day iso={ticket.updated_at} /> },
  ];
}

export function SupportList() {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const withAds = useSeesAds();
  const [filters, change] = useAddressFilters(filtersFrom, paramsOf);
  const list = useTickets(filters);
  const columns = useColumns();
  const [writing, setWriting] = useState(false);
  const [params, setParams] = useSearchParams();
  const chatOpen = params.get('chat') === '1';
  const setChat = (open: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (open) next.set('chat', '1');
        else next.delete('chat');
        return next;
      },
      // Opening adds a history entry, so Back closes the panel (a phone's habit).
      { replace: !open },
    );

  if (list.error instanceof ApiError && list.error.status === 403)
    return (
      <>
        <PageHeader title={t('title')} />
        <ForbiddenNotice title={t('forbidden.title')} body={t('forbidden.body')} />
      </>
    );

  const tickets = list.data?.tickets ?? [];
  return (
    <>
      <PageHeader
        title={t('title')}
        primary={{ label: t('new'), onClick: () => setWriting(true), icon: <IconPlus size={16} /> }}
      />
      <ChatEntry onOpen={() => setChat(true)} />
      <ChatDrawer opened={chatOpen} onClose={() => setChat(false)} />
      <Filters filters={filters} onChange={change} />
      <ResponsiveList
        query={list}
        rows={tickets}
        rowKey={(ticket) => ticket.id}
        rowAttribute="ticket"
        table={{ columns, minWidth: 680, testId: 'tickets' }}
        cards={{
          render: (ticket) => <TicketCard ticket={ticket} />,
          link: (ticket) => ticketPath(ticket.id),
          testId: 'ticket-cards',
        }}
        loading={{ rows: 6, height: 44, testId: 'tickets-loading' }}
        loadFailed={t('loadFailed')}
        empty={
          hasFilters(filters)
            ? { testId: 'tickets-empty', title: t('empty.filtered') }
            : {
                testId: 'tickets-empty',
                title: t('empty.title'),
                body: t('empty.body'),
                action: { label: t('new'), onClick: () => setWriting(true) },
              }
        }
        footer={
          <ListPager
            page={filters.page}
            pageSize={TICKETS_LIMIT}
            count={tickets.length}
            total={list.data?.total ?? 0}
            onChange={(page) => change({ page })}
            shown={(range) => t('shown', range)}
          />
        }
      />
      <NewTicketDialog
        opened={writing}
        withAds={withAds}
        onClose={() => setWriting(false)}
        onOpened={({ ticket }) => {
          setWriting(false);
          analytics.track('Support Ticket Created', { topic: ticket.topic });
          notify({ variant: 'success', title: t('new'), message: t('form.done'), autoHide: true });
          void navigate(ticketPath(ticket.id));
        }}
      />
    </>
  );
}

function Bubble(props: { message: Message }) {
  const { t } = useTranslation('support');
  const { message } = props;
  const mine = message.author === 'merchant';
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} data-author={message.author}>
      <Paper
        withBorder
        p="sm"
        radius="md"
        maw={{ base: '92%', sm: '75%' }}
        bg={mine ? 'var(--mantine-color-teal-0)' : undefined}
      >
        <Group justify="space-between" gap="md" wrap="nowrap" mb={4}>
          <Text size="xs" fw={600} truncate>
            <bdi>{mine ? message.author_name : t('detail.agent', { name: message.author_name })}</bdi>
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <Day iso={message.created_at} /> <bdi dir="ltr">{timeText(message.created_at)}</bdi>
          </Text>
        </Group>
        <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
        {message.attachments.length > 0 && (
          <Group gap="xs" mt="xs" aria-label={t('detail.attachments')}>
            {message.attachments.map((a) => (
              <Anchor
                key={a.url}
                href={`/merchant/api/v2/download?disposition=attachment&url=${encodeURIComponent(a.url)}`}
                download={a.name}
              >
                <Image
                  src={`/merchant/api/v2/download?disposition=attachment&url=${encodeURIComponent(a.url)}`}
                  alt={a.name}
                  w={72}
                  h={72}
                  radius="sm"
                  fit="cover"
                />
              </Anchor>
            ))}
          </Group>
        )}
      </Paper>
    </Group>
  );
}

export function TicketDetail() {
  const { t } = useTranslation('support');
  const { ticketId = '' } = useParams();
  const query = useTicket(ticketId);
  return (
    <DetailFrame
      query={query}
      area={{ title: t('title'), to: '/support' }}
      forbidden={{ title: t('forbidden.title'), body: t('forbidden.body') }}
      skeleton={{
        testId: 'ticket-loading',
        blocks: [{ h: 36, w: 260 }, 90, { h: 90, w: '70%', end: true }, { h: 90, w: '70%' }],
      }}
    >
      {(data, crumbs) => <TicketPage data={data} crumbs={crumbs} />}
    </DetailFrame>
  );
}

function TicketPage(props: { data: TicketWithMessages; crumbs: Crumbs }) {
  const { t } = useTranslation('support');
  const { crumbs } = props;
  const { ticket, messages } = props.data;
  const open = ticket.status !== 'resolved' && ticket.status !== 'closed';
  return (
    <>
      <PageHeader title={ticket.title} breadcrumbs={crumbs} />
      <Stack gap="lg">
        <Group gap="sm">
          <TicketStatusBadge status={ticket.status} />
          <Text size="sm">{t(`topic.${ticket.topic}`)}</Text>
          <Text size="sm" c="dimmed">
            · <Day iso={ticket.created_at} />
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`statusHint.${ticket.status}`)}
        </Text>
        <Stack gap="sm" data-testid="conversation" aria-label={t('detail.conversation')}>
          {messages.map((m) => (
            <Bubble key={m.id} message={m} />
          ))}
        </Stack>
        {open && (
          <Alert color="gray" variant="light">
            {t('detail.weAnswer')}
          </Alert>
        )}
        <RateTicket
          ticket={ticket}
          onRated={(like) => {
            analytics.track('Support CSAT Sent', {
              ticket_id: ticket.id,
              csat: like ? 'positive' : 'negative',
            });
            notify({ variant: 'success', title: t('csat.ask'), message: t('csat.thanks'), autoHide: true });
          }}
        />
        <Group>
          <Button variant="subtle" component={Link} to="/support">
            {t('detail.back')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
