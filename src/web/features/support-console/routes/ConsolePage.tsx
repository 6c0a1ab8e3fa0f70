/**
 * /ops/chat (issue 18): the agents' console of the live support chat, for the provider's ops staff (the server
 * refuses agents' calls to anyone else). docs/chat.md.
 *
 *   /ops/chat             the queue: open conversations, longest waiting first, with who wrote last and an
 *                         unread mark; on a wide screen the chosen conversation beside it
 *   /ops/chat/:channelId  a conversation: its messages live, a reply box, "Close conversation"
 *
 * The queue is read over HTTP and read again when the connection brings a message of a conversation it does
 * not hold yet or a close; messages of the open conversation come live. Opening a conversation marks it read.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  NavLink,
  Paper,
  Stack,
  Text,
  Title,
  useDirection,
} from '@mantine/core';
import { DialogFooter } from '../../../components/DialogFooter';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { chat, chatApi, useChat, type ChannelView } from '../../../api/chat';
import { ApiError } from '../../../api/client';
import { ChatComposer } from '../../../components/chat/ChatComposer';
import { ChatConnectionNotice } from '../../../components/chat/ChatConnectionNotice';
import { ChatThread } from '../../../components/chat/ChatThread';
import { Day } from '../../../components/Day';
import { timeText } from '../../../components/listText';
import { ListSkeleton, LoadFailed } from '../../../components/QueryStates';
import { StaffArea } from '../../../components/StaffOnly';
import { UnreadDot } from '../../../components/UnreadDot';
import { queueOrder, type ChatMessage } from '../../../../domain/chat';

const queueKey = ['chat', 'queue'] as const;

/** The queue, read again when the connection brings a conversation it does not hold or a close. */
function useQueue() {
  const client = useQueryClient();
  const queue = useQuery({ queryKey: queueKey, queryFn: chatApi.channels });
  const channelIds = useChat((s) => Object.keys(s.messages).join(','));
  const closedIds = useChat((s) => Object.keys(s.closed).join(','));
  useEffect(() => {
    if (!queue.data) return;
    const known = new Set(queue.data.channels.map((c) => c.id));
    const unknown = channelIds.split(',').some((id) => id && !known.has(id));
    const gone = closedIds.split(',').some((id) => id && known.has(id));
    if (unknown || gone) void client.invalidateQueries({ queryKey: queueKey });
  }, [channelIds, closedIds, queue.data, client]);
  return queue;
}

/** A queue row with its last word: the newest message held live, else what the queue said. */
function withLive(channel: ChannelView, held: ChatMessage[] | undefined): ChannelView {
  const live = held?.at(-1);
  return live && live.seq > channel.last_seq
    ? { ...channel, last_author: live.author, last_message_at: live.created_at }
    : channel;
}

function Queue(props: { active: string | undefined }) {
  const { t } = useTranslation('chat');
  const queue = useQueue();
  const unread = useChat((s) => s.state.unread_channel_ids);
  const held = useChat((s) => s.messages);
  if (queue.isPending) return <ListSkeleton rows={5} height={56} testId="queue-loading" />;
  if (queue.isError)
    return <LoadFailed title={t('console.loadFailed')} retry={t('console.retry')} onRetry={queue.refetch} />;
  // Re-ordered as answers come in live: an answered conversation moves below those still waiting.
  const channels = queueOrder(
    queue.data.channels.filter((c) => c.status === 'open').map((c) => withLive(c, held[c.id])),
  );
  if (channels.length === 0)
    return (
      <Paper withBorder p="lg" ta="center" data-testid="queue-empty">
        <Text c="dimmed" size="sm">
          {t('console.queueEmpty')}
        </Text>
      </Paper>
    );
  return (
    <Stack gap={4} data-testid="queue" role="list">
      {channels.map((c) => {
        const waiting = c.last_author === 'merchant';
        return (
          <NavLink
            key={c.id}
            role="listitem"
            component={Link}
            to={`/ops/chat/${c.id}`}
            active={props.active === c.id}
            data-testid="queue-item"
            label={
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} size="sm" truncate>
                  <bdi>{c.merchant_name}</bdi>
                </Text>
                {unread.includes(c.id) && <UnreadDot label={t('unread')} />}
              </Group>
            }
            description={
              <Group gap={6} wrap="nowrap">
                <Badge size="xs" variant="light" color={waiting ? 'orange' : 'gray'}>
                  {waiting ? t('console.merchantWrote') : t('console.agentWrote')}
                </Badge>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  <Day iso={c.last_message_at} /> <bdi dir="ltr">{timeText(c.last_message_at)}</bdi>
                </Text>
              </Group>
            }
          />
        );
      })}
    </Stack>
  );
}

function Conversation(props: { channelId: string }) {
  const { t } = useTranslation('chat');
  const { dir } = useDirection();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { channelId } = props;
  const history = useQuery({
    queryKey: ['chat', 'channel', channelId],
    queryFn: async () => {
      const answer = await chatApi.messages(channelId);
      chat.addMessages(answer.messages);
      return answer.channel;
    },
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const messages = useChat((s) => s.messages[channelId]);
  const pending = useChat((s) => s.pending);
  const liveClosed = useChat((s) => s.closed[channelId]);
  const unread = useChat((s) => s.state.unread_channel_ids.includes(channelId));
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);
  const [closeFailed, setCloseFailed] = useState(false);
  const isClosed = liveClosed !== undefined || history.data?.status === 'closed';
  const mine = useMemo(() => pending.filter((p) => p.channel_id === channelId), [pending, channelId]);
  const closedSet = useMemo(() => new Set(isClosed ? [channelId] : []), [isClosed, channelId]);

  const lastSeq = messages?.at(-1)?.seq;
  useEffect(() => {
    if (unread && lastSeq) void chat.markRead(channelId, lastSeq).catch(() => undefined);
  }, [unread, lastSeq, channelId]);

  const close = async () => {
    setClosing(true);
    setCloseFailed(false);
    try {
      await chatApi.close(channelId);
      setConfirming(false);
      await client.invalidateQueries({ queryKey: queueKey });
      void navigate('/ops/chat');
    } catch (error) {
      // Closed meanwhile (by another agent): the same outcome.
      if (error instanceof ApiError && error.status === 409) {
        setConfirming(false);
        void navigate('/ops/chat');
      } else setCloseFailed(true);
    } finally {
      setClosing(false);
    }
  };

  const Back = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  if (history.isError)
    return history.error instanceof ApiError && history.error.status === 404 ? (
      <Alert color="gray" data-testid="conversation-missing">
        {t('console.notFound')}
      </Alert>
    ) : (
      <LoadFailed title={t('console.loadFailed')} retry={t('console.retry')} onRetry={history.refetch} />
    );
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      h="calc(100dvh - 120px)"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon
            component={Link}
            to="/ops/chat"
            variant="subtle"
            hiddenFrom="sm"
            aria-label={t('console.back')}
          >
            <Back size={18} />
          </ActionIcon>
          <Title order={2} size="h4" style={{ minWidth: 0 }}>
            {/* Its own direction on the element: a Latin name in an Arabic page is cut at its end. */}
            <Text inherit truncate dir="auto">
              {history.data?.merchant_name ?? '…'}
            </Text>
          </Title>
        </Group>
        {!isClosed && history.data && (
          <Button variant="default" size="xs" onClick={() => setConfirming(true)} style={{ flexShrink: 0 }}>
            {t('console.close')}
          </Button>
        )}
      </Group>
      <ChatConnectionNotice />
      <ChatThread
        messages={messages ?? []}
        pending={mine}
        side="agent"
        closed={closedSet}
        authorOf={(m) => m.author_name || t('support')}
        emptyText={t('empty')}
        loading={history.isPending}
      />
      {isClosed ? (
        <Text size="sm" c="dimmed" ta="center" py="xs" data-testid="conversation-closed">
          {t('console.closed')}
        </Text>
      ) : (
        <ChatComposer onSend={(body) => chat.send(body, channelId)} disabled={!history.data} />
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('console.close')} centered>
        <Stack>
          <Text size="sm">{t('console.closeConfirm')}</Text>
          <DialogFooter
            error={closeFailed && t('console.closeFailed')}
            cancel={{ label: t('console.closeCancel'), onClick: () => setConfirming(false) }}
            action={{
              label: t('console.close'),
              color: 'red.9',
              loading: closing,
              onClick: () => void close(),
            }}
          />
        </Stack>
      </Modal>
    </Paper>
  );
}

function Console() {
  const { t } = useTranslation('chat');
  const { channelId } = useParams();
  useEffect(() => {
    chat.start('agent');
  }, []);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 4 }} display={{ base: channelId ? 'none' : 'block', sm: 'block' }}>
        <Title order={1} size="h3">
          {t('console.queue')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('console.queueHelp')}
        </Text>
        <Queue active={channelId} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }} display={{ base: channelId ? 'block' : 'none', sm: 'block' }}>
        {channelId ? (
          <Conversation key={channelId} channelId={channelId} />
        ) : (
          <Paper withBorder p="xl" ta="center" radius="md">
            <Text c="dimmed">{t('console.pick')}</Text>
          </Paper>
        )}
      </Grid.Col>
    </Grid>
  );
}

export function ConsolePage() {
  const { t } = useTranslation('chat');
  return (
    <StaffArea current="chat" size="xl" words={{ t, prefix: 'console.' }}>
      <Console />
    </StaffArea>
  );
}
