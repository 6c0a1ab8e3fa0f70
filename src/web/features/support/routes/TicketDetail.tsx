/**
 * A support ticket with its conversation and its rating (docs/support.md).
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { analytics } from '../../../analytics';
import { PageHeader } from '../../../components/PageHeader';
import { DetailFrame, type Crumbs } from '../../../components/DetailFrame';
import { notify } from '../../../components/notificationStore';
import { Day } from '../../../components/Day';
import { useTicket, type TicketWithMessages } from '../api';
import { RateTicket } from '../components/RateTicket';
import { TicketStatusBadge } from '../components/TicketStatusBadge';
import { Bubble } from '../components/Bubble';

export function TicketDetail() {
  const { t } = useTranslation('support');
  const { ticketId = '' } = useParams();
  const query = useTicket(ticketId);
  return (
    <DetailFrame
      query={query}
      area={{ title: t('title'), to: '/support' }}
      t={t}
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
