/**
 * The merchant's rating of a resolved ticket (onboarding spec §2 "CSAT like or dislike with a note"; §4 CSAT
 * states): like or dislike, an optional note, sent once. A ticket already rated shows the rating given.
 */
import { Alert, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { CSAT_NOTE_MAX } from '../../../../domain/support';
import { useRate, type Ticket } from '../api';

export function RateTicket(props: { ticket: Ticket; onRated: (like: boolean) => void }) {
  const { t } = useTranslation('support');
  const { ticket } = props;
  const rate = useRate(ticket.id);
  const [like, setLike] = useState<boolean | null>(null);
  const [note, setNote] = useState('');

  if (ticket.csat === 'positive' || ticket.csat === 'negative')
    return (
      <Card withBorder data-testid="csat">
        <Group gap="xs">
          {ticket.csat === 'positive' ? (
            <IconThumbUp size={18} color="var(--mantine-color-green-7)" />
          ) : (
            <IconThumbDown size={18} color="var(--mantine-color-red-7)" />
          )}
          <Text fw={600}>{t(`csat.${ticket.csat}`)}</Text>
        </Group>
        {ticket.csat_note && (
          <Text size="sm" c="dimmed" mt={4} dir="auto">
            {ticket.csat_note}
          </Text>
        )}
      </Card>
    );
  if (!ticket.can_rate) return null;

  return (
    <Card withBorder data-testid="csat">
      <Stack gap="sm">
        <Text fw={600}>{t('csat.ask')}</Text>
        <Group>
          <Button
            variant={like === true ? 'filled' : 'default'}
            color="green"
            leftSection={<IconThumbUp size={16} />}
            aria-pressed={like === true}
            onClick={() => setLike(true)}
          >
            {t('csat.like')}
          </Button>
          <Button
            variant={like === false ? 'filled' : 'default'}
            color="red.9"
            leftSection={<IconThumbDown size={16} />}
            aria-pressed={like === false}
            onClick={() => setLike(false)}
          >
            {t('csat.dislike')}
          </Button>
        </Group>
        {like !== null && (
          <>
            <Textarea
              label={like ? t('csat.noteLike') : t('csat.noteDislike')}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={CSAT_NOTE_MAX}
              autosize
              minRows={2}
            />
            {rate.isError && (
              <Alert color="red" role="alert">
                {rate.error instanceof ApiError && rate.error.status === 409
                  ? t('csat.already')
                  : t('csat.failed')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                loading={rate.isPending}
                onClick={() =>
                  rate.mutate({ like, note: note.trim() }, { onSuccess: () => props.onRated(like) })
                }
              >
                {t('csat.send')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
