/**
 * The support tickets list (docs/support.md), with the live chat's entry.
 */
import { isForbidden } from '../../../api/client';
import { Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { analytics } from '../../../analytics';
import { PageHeader, type PageAction } from '../../../components/PageHeader';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { ForbiddenPage } from '../../../components/DetailFrame';
import { RowLink, type ListLook } from '../../../components/ResponsiveList';
import { notify } from '../../../components/notificationStore';
import { Day } from '../../../components/Day';
import { TICKETS_LIMIT } from '../../../../domain/support';
import { useTickets, type Ticket } from '../api';
import { filtersFrom, hasFilters, paramsOf } from '../filters';
import { NewTicketDialog } from '../components/NewTicketDialog';
import { ChatDrawer } from '../components/ChatDrawer';
import { ChatEntry } from '../components/ChatEntry';
import { TicketStatusBadge } from '../components/TicketStatusBadge';
import { useSeesAds } from '../components/useSeesAds';
import { Filters } from '../components/TicketFilters';
import { TicketCard } from '../components/TicketCard';
import { PagedList, pageOf } from '../../../components/PagedList';

const ticketPath = (id: string) => `/support/${encodeURIComponent(id)}`;

function useLook(): ListLook<Ticket> {
  const { t } = useTranslation('support');
  const columns: ListLook<Ticket>['columns'] = [
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
  return {
    columns,
    minWidth: 680,
    card: (ticket) => <TicketCard ticket={ticket} />,
    link: (ticket) => ticketPath(ticket.id),
  };
}

export function SupportList() {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const withAds = useSeesAds();
  const [filters, change] = useAddressFilters(filtersFrom, paramsOf);
  const list = useTickets(filters);
  const look = useLook();
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

  if (isForbidden(list.error)) return <ForbiddenPage title={t('title')} t={t} />;

  const tickets = pageOf(list, (answer) => answer.tickets, {
    page: filters.page,
    size: TICKETS_LIMIT,
    onChange: (page) => change({ page }),
  });
  // The page's first action, and the empty list's.
  const writeTicket: PageAction = {
    label: t('new'),
    onClick: () => setWriting(true),
    icon: <IconPlus size={16} />,
    opens: 'dialog',
  };
  return (
    <>
      <PageHeader title={t('title')} primary={writeTicket} />
      <ChatEntry onOpen={() => setChat(true)} />
      <ChatDrawer opened={chatOpen} onClose={() => setChat(false)} />
      <Filters filters={filters} onChange={change} />
      <PagedList
        name="tickets"
        of={tickets}
        look={look}
        words={{ t, filtered: hasFilters(filters), action: writeTicket }}
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
