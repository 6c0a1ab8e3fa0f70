/**
 * The merchant's live chat (shell spec §2.9; docs/chat.md), a panel over the support page opened by "Chat with
 * us" and kept open in the address (`?chat=1`), so a reload or the sidebar's link comes back to it. It shows the
 * merchant's recent conversations as one thread (a line where support closed one; the next message opens a new
 * one), the messages still on their way, and the connection's state. Opening it marks what it shows as read,
 * which clears the sidebar's dot.
 *
 * History: the last HISTORY_CHANNELS conversations, read over HTTP when the panel opens; live messages come over
 * the connection the signed-in layout started.
 */
import { Drawer, Stack, Text, useDirection } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../../domain/chat';
import { chat, chatApi, useChat } from '../../../api/chat';
import { ChatComposer } from '../../../components/chat/ChatComposer';
import { ChatConnectionNotice } from '../../../components/chat/ChatConnectionNotice';
import { ChatThread } from '../../../components/chat/ChatThread';
import { LoadFailed } from '../../../components/QueryStates';

/** How many of the latest conversations the panel reads back. */
export const HISTORY_CHANNELS = 5;

function useHistory(enabled: boolean) {
  return useQuery({
    queryKey: ['chat', 'history'],
    enabled,
    queryFn: async () => {
      const { channels } = await chatApi.channels();
      const recent = channels.slice(0, HISTORY_CHANNELS);
      const threads = await Promise.all(recent.map((c) => chatApi.messages(c.id)));
      chat.addMessages(threads.flatMap((thread) => thread.messages));
      return { closed: recent.filter((c) => c.status === 'closed').map((c) => c.id) };
    },
    // The connection keeps it current from here on.
    staleTime: Infinity,
  });
}

export function ChatDrawer(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const { dir } = useDirection();
  const history = useHistory(props.opened);
  const byChannel = useChat((s) => s.messages);
  const pending = useChat((s) => s.pending);
  const liveClosed = useChat((s) => s.closed);
  const unread = useChat((s) => s.state.unread_channel_ids);
  const messages = useMemo(
    () =>
      Object.values(byChannel)
        .flat()
        .sort((a, b) => a.seq - b.seq),
    [byChannel],
  );
  const closed = useMemo(
    () => new Set([...(history.data?.closed ?? []), ...Object.keys(liveClosed)]),
    [history.data, liveClosed],
  );

  // What is on screen is read: each unread conversation up to its newest message held.
  useEffect(() => {
    if (!props.opened) return;
    for (const id of unread) {
      const last = byChannel[id]?.at(-1);
      if (last) void chat.markRead(id, last.seq).catch(() => undefined);
    }
  }, [props.opened, unread, byChannel]);

  const last = messages.at(-1);
  // Into the latest conversation; the server opens a new one when support has closed it.
  const send = (body: string) => chat.send(body, last?.channel_id ?? null);
  const authorOf = (m: ChatMessage) =>
    m.author !== 'agent'
      ? m.author_name
      : m.author_name
        ? `${t('support')} · ${m.author_name}`
        : t('support');

  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      title={t('title')}
      position={dir === 'rtl' ? 'left' : 'right'}
      size="md"
      padding="md"
      styles={{ body: { height: 'calc(100% - 60px)', display: 'flex', flexDirection: 'column' } }}
    >
      <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        <ChatConnectionNotice />
        {history.isError && (
          <LoadFailed
            title={t('history.failed')}
            retry={t('history.retry')}
            onRetry={() => history.refetch()}
          />
        )}
        <ChatThread
          messages={messages}
          pending={pending}
          side="merchant"
          closed={closed}
          authorOf={authorOf}
          emptyText={t('empty')}
          loading={history.isPending}
        />
        <ChatComposer onSend={send} />
      </Stack>
    </Drawer>
  );
}
