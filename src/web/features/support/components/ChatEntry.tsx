/**
 * The way into the live chat on the support page: one line with "Chat with us" and, when support has written
 * something not yet read, the same "unread" mark the sidebar shows.
 */
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useChat } from '../../../api/chat';

export function ChatEntry(props: { onOpen: () => void }) {
  const { t } = useTranslation('chat');
  const unread = useChat((s) => s.state.has_unread_messages);
  return (
    <Paper withBorder p="sm" mb="md" radius="md">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconMessageCircle size={22} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" style={{ minWidth: 0 }}>
            {t('intro')}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {unread && (
            <Badge color="red" variant="filled" size="sm" data-testid="chat-unread">
              {t('unread')}
            </Badge>
          )}
          <Button variant="light" onClick={props.onOpen} style={{ flexShrink: 0 }}>
            {t('open')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
