/**
 * The way into the live chat on the support page: one line with "Chat with us", the button carrying a red dot
 * (the sidebar's) while support has written something not yet read.
 */
import { Button, Group, Indicator, Paper, Text, VisuallyHidden } from '@mantine/core';
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
        <Indicator color="red" size={12} disabled={!unread} style={{ flexShrink: 0 }}>
          <Button variant="light" onClick={props.onOpen}>
            {t('open')}
            {unread && <VisuallyHidden> ({t('unread')})</VisuallyHidden>}
          </Button>
        </Indicator>
      </Group>
    </Paper>
  );
}
