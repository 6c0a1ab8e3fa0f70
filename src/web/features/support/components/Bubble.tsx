/**
 * A message of a ticket's conversation.
 */
import { storedFileAddress } from '../../../api/upload';
import { Anchor, Group, Image, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Day } from '../../../components/Day';
import { timeText } from '../../../components/listText';
import { type Message } from '../api';

export function Bubble(props: { message: Message }) {
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
              <Anchor key={a.url} href={storedFileAddress(a.url)} download={a.name}>
                <Image src={storedFileAddress(a.url)} alt={a.name} w={72} h={72} radius="sm" fit="cover" />
              </Anchor>
            ))}
          </Group>
        )}
      </Paper>
    </Group>
  );
}
