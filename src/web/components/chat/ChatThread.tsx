/**
 * The live chat's conversation, shared by the merchant's chat panel (features/support) and the agents' console
 * (features/support-console): messages by number, the ones still being sent, a line where a conversation was
 * closed. Texts in the `chat` namespace.
 */
import { useTranslation } from 'react-i18next';
import { Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { type ChatMessage } from '../../../domain/chat';
import { chat, useChat, type PendingMessage } from '../../api/chat';
import { timeText } from '../listText';
import { Day } from '../Day';

type Side = 'merchant' | 'agent';

/** The server's refusal in words: its message mapped to a text, never a raw code. */
function reasonText(t: (key: string) => string, failed: { status: number; message: string }) {
  if (failed.status === 400) return t('error.body');
  if (failed.status === 409) return t('error.closed');
  return t('error.other');
}

function Bubble(props: {
  mine: boolean;
  author: string;
  body: string;
  at: string;
  footer?: React.ReactNode;
  testId: string;
}) {
  return (
    <Group justify={props.mine ? 'flex-end' : 'flex-start'} data-testid={props.testId}>
      <Paper
        withBorder
        p="xs"
        px="sm"
        radius="md"
        maw={{ base: '88%', sm: '75%' }}
        bg={props.mine ? 'var(--mantine-color-teal-0)' : undefined}
      >
        <Group justify="space-between" gap="md" wrap="nowrap" mb={2}>
          {/* Its own direction on the element itself: an e-mail in an Arabic page is cut at its end. */}
          <Text size="xs" fw={600} truncate dir="auto">
            {props.author}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <Day iso={props.at} /> <bdi dir="ltr">{timeText(props.at)}</bdi>
          </Text>
        </Group>
        <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {props.body}
        </Text>
        {props.footer}
      </Paper>
    </Group>
  );
}

/**
 * A conversation, oldest first, kept scrolled to the newest message (unless the reader scrolled up to read).
 * @param side - the reader's side: their messages sit at the end of the line, the other side's at its start
 */
export function ChatThread(props: {
  messages: ChatMessage[];
  pending: PendingMessage[];
  side: Side;
  /** Channels closed, by id: a line follows each one's last message. */
  closed: Set<string>;
  /** The other side's name as shown (an agent sees the merchant user's e-mail; a merchant sees "Support · name"). */
  authorOf: (message: ChatMessage) => string;
  emptyText: string;
  /** Earlier messages are still being read: placeholders instead of "no messages". */
  loading?: boolean;
}) {
  const { t } = useTranslation('chat');
  const status = useChat((s) => s.status);
  const box = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const count = props.messages.length + props.pending.length;
  useEffect(() => {
    const el = box.current;
    if (el && stuck.current) el.scrollTop = el.scrollHeight;
  }, [count]);
  const lastOfChannel = new Map<string, number>();
  props.messages.forEach((m) => lastOfChannel.set(m.channel_id, m.seq));
  return (
    <Box
      ref={box}
      style={{ overflowY: 'auto', flex: 1, minHeight: 0 }}
      onScroll={(e) => {
        const el = e.currentTarget;
        stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
      role="log"
      aria-live="polite"
      aria-label={t('title')}
      data-testid="chat-thread"
      tabIndex={0}
    >
      <Stack gap="xs" p="xs">
        {props.loading && count === 0 ? (
          <Stack gap="xs" data-testid="chat-loading">
            <Skeleton h={48} w="70%" radius="md" />
            <Skeleton h={48} w="60%" radius="md" ms="auto" />
            <Skeleton h={48} w="65%" radius="md" />
          </Stack>
        ) : (
          count === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="xl">
              {props.emptyText}
            </Text>
          )
        )}
        {props.messages.map((m) => (
          <Box key={m.seq}>
            <Bubble
              mine={m.author === props.side}
              author={props.authorOf(m)}
              body={m.body}
              at={m.created_at}
              testId="chat-message"
            />
            {props.closed.has(m.channel_id) && lastOfChannel.get(m.channel_id) === m.seq && (
              <Text size="xs" c="dimmed" ta="center" my="sm" data-testid="chat-closed">
                {t('closedDivider')}
              </Text>
            )}
          </Box>
        ))}
        {props.pending.map((p) => (
          <Bubble
            key={p.client_id}
            mine
            author={t('you')}
            body={p.body}
            at={p.created_at}
            testId="chat-pending"
            footer={
              p.failed ? (
                <Group gap="xs" mt={4}>
                  <Text size="xs" c="red">
                    {t('pending.failed', { reason: reasonText(t, p.failed) })}
                  </Text>
                  <Button size="compact-xs" variant="light" onClick={() => chat.resend(p.client_id)}>
                    {t('pending.retry')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    onClick={() => chat.discard(p.client_id)}
                  >
                    {t('pending.remove')}
                  </Button>
                </Group>
              ) : (
                <Text size="xs" c="dimmed" mt={2}>
                  {status === 'open' ? t('pending.sending') : t('pending.waiting')}
                </Text>
              )
            }
          />
        ))}
      </Stack>
    </Box>
  );
}
