/**
 * The live chat's connection state, when it is not connected (the panel's and the console's).
 */
import { useTranslation } from 'react-i18next';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { chat, useChat } from '../../api/chat';

/** The connection's state when it is not simply open: connecting, reconnecting, offline, or failed to start. */
export function ChatConnectionNotice() {
  const { t } = useTranslation('chat');
  const status = useChat((s) => s.status);
  const error = useChat((s) => s.error);
  if (status === 'failed' || (error && status !== 'open'))
    return (
      <Alert color="red" title={t('failed.title')} role="alert" data-testid="chat-failed">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('failed.body')}</Text>
          <Button size="xs" variant="light" onClick={() => chat.retry()}>
            {t('failed.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (status === 'reconnecting' || status === 'offline' || status === 'connecting')
    return (
      <Text size="xs" c="dimmed" role="status" data-testid="chat-status" data-status={status}>
        {t(`status.${status}`)}
      </Text>
    );
  return null;
}
