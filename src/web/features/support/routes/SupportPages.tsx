/**
 * Support (onboarding spec §2 "Other areas": ticket list, ticket form, ticket detail, CSAT; §4 statuses and
 * topics): the list with its filters and page in the address, the form in a dialog, and a ticket with its
 * conversation and the rating once it is resolved.
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Image,
  MultiSelect,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
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
import { ListSkeleton, LoadFailed, QueryFallback } from '../../../components/QueryStates';
import { notify } from '../../../components/notificationStore';
import { Day, DayInput, timeText } from '../../../components/ListParts';
import { canViewAds } from '../../../../domain/permissions';
import { TICKET_FILTER_STATUSES, TICKET_TOPICS, TICKETS_LIMIT } from '../../../../domain/support';
import { useTicket, useTickets, type Message, type Ticket } from '../api';
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

function Forbidden() {
  const { t } = useTranslation('support');
  return (
    <Alert color="yellow" title={t('forbidden.title')}>
      {t('forbidden.body')}
    </Alert>
  );
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
function TicketCards(props: { tickets: Ticket[] }) {
  const { t } = useTranslation('support');
  return (
    <Stack gap="xs" hiddenFrom="sm" data-testid="ticket-cards">
      {props.tickets.map((ticket) => (
        <Card
          key={ticket.id}
          withBorder
          padding="sm"
          component={Link}
          to={ticketPath(ticket.id)}
          data-ticket={ticket.id}
        >
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
        </Card>
      ))}
    </Stack>
  );
}

function TicketRows(props: { tickets: Ticket[] }) {
  const { t } = useTranslation('support');
  return (
    <Table.ScrollContainer minWidth={680} visibleFrom="sm">
      <Table highlightOnHover verticalSpacing="sm" data-testid="tickets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('column.subject')}</Table.Th>
            <Table.Th>{t('column.topic')}</Table.Th>
            <Table.Th>{t('column.status')}</Table.Th>
            <Table.Th>{t('column.opened')}</Table.Th>
            <Table.Th>{t('column.updated')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.tickets.map((ticket) => (
            <Table.Tr key={ticket.id} data-ticket={ticket.id}>
              <Table.Td maw={360}>
                <Anchor component={Link} to={ticketPath(ticket.id)} fw={500} lineClamp={1} dir="auto">
                  {ticket.title}
                </Anchor>
                {ticket.opened_by && (
                  <Text size="xs" c="dimmed" truncate>
                    <bdi>{ticket.opened_by}</bdi>
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{t(`topic.${ticket.topic}`)}</Table.Td>
              <Table.Td>
                <TicketStatusBadge status={ticket.status} />
              </Table.Td>
              <Table.Td>
                <Day iso={ticket.created_at} />
              </Table.Td>
              <Table.Td>
                <Day iso={ticket.updated_at} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function SupportList() {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const withAds = useSeesAds();
  const [filters, change] = useAddressFilters(filtersFrom, paramsOf);
  const list = useTickets(filters);
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
        <Forbidden />
      </>
    );

  const tickets = list.data?.tickets ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TICKETS_LIMIT));
  return (
    <>
      <PageHeader
        title={t('title')}
        primary={{ label: t('new'), onClick: () => setWriting(true), icon: <IconPlus size={16} /> }}
      />
      <ChatEntry onOpen={() => setChat(true)} />
      <ChatDrawer opened={chatOpen} onClose={() => setChat(false)} />
      <Filters filters={filters} onChange={change} />
      {list.isPending ? (
        <ListSkeleton rows={6} height={44} testId="tickets-loading" />
      ) : list.isError ? (
        <LoadFailed title={t('loadFailed')} retry={t('retry')} onRetry={list.refetch} />
      ) : tickets.length === 0 ? (
        <Card withBorder p="xl" ta="center" data-testid="tickets-empty">
          <Text fw={600}>{hasFilters(filters) ? t('empty.filtered') : t('empty.title')}</Text>
          {!hasFilters(filters) && (
            <>
              <Text size="sm" c="dimmed" mt={4}>
                {t('empty.body')}
              </Text>
              <Group justify="center" mt="md">
                <Button onClick={() => setWriting(true)}>{t('new')}</Button>
              </Group>
            </>
          )}
        </Card>
      ) : (
        <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <TicketRows tickets={tickets} />
          <TicketCards tickets={tickets} />
          <Group justify="space-between" mt="md" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('shown', {
                from: (filters.page - 1) * TICKETS_LIMIT + 1,
                to: (filters.page - 1) * TICKETS_LIMIT + tickets.length,
                count: total,
              })}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={Math.min(filters.page, pages)}
                onChange={(page) => change({ page })}
                getControlProps={(control) => ({
                  'aria-label': t(`pagination.${control}`),
                })}
              />
            )}
          </Group>
        </div>
      )}
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
  const crumbs = [{ label: t('title'), to: '/support' }];
  if (!query.isSuccess)
    return (
      <QueryFallback
        query={query}
        skeleton={
          <Stack data-testid="ticket-loading">
            <Skeleton h={36} w={260} />
            <Skeleton h={90} />
            <Skeleton h={90} w="70%" ms="auto" />
            <Skeleton h={90} w="70%" />
          </Stack>
        }
        forbidden={
          <>
            <PageHeader title={t('title')} breadcrumbs={crumbs} />
            <Forbidden />
          </>
        }
      />
    );
  const { ticket, messages } = query.data;
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
