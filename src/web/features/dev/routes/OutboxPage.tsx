/**
 * /dev/outbox in a browser (outside production): the codes and messages the server "sent", newest first, each
 * code large enough to read across a desk. Scripts and tests get the same list as JSON from the same address
 * (the server answers a request that asks for a page with the app, and any other with JSON). The list refreshes
 * every few seconds, so a code asked for in another tab shows up here on its own.
 */
import { Badge, Card, Container, Flex, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DevFailed, DevHeading, DevSkeletons } from '../components/DevPageParts';
import { api } from '../../../api/client';

interface OutboxMessage {
  to: string;
  channel: 'email' | 'sms';
  code?: string | null;
  body: string;
  created_at: string;
}

/** Often enough that a code asked for a moment ago is there when the eye comes back to this tab. */
const REFRESH_MS = 3000;

/** 2026-11-23T08:56:15Z → "23/11/2026 08:56:15" in the browser's time zone (dates read day first). */
function sentAt(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/**
 * The list, read now and every REFRESH_MS (a page outside the signed-in shell, so without its query client).
 * A failed read keeps the list it had and says so until a read succeeds.
 */
function useOutbox() {
  const [data, setData] = useState<OutboxMessage[] | undefined>();
  const [isError, setError] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        setData(await api<OutboxMessage[]>('GET', '/dev/outbox', undefined, { signal: controller.signal }));
        setError(false);
      } catch {
        if (controller.signal.aborted) return;
        setError(true);
      }
      timer = setTimeout(() => void read(), REFRESH_MS);
    };
    void read();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, []);
  return { data, isError, isPending: data === undefined && !isError };
}

export function OutboxPage() {
  const { t } = useTranslation('dev');
  const messages = useOutbox();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <DevHeading title={t('outbox.title')} intro={t('outbox.intro')} />
        {messages.isError && <DevFailed title={t('outbox.failedTitle')} body={t('outbox.failed')} />}
        {messages.isPending && <DevSkeletons height={96} />}
        {messages.data?.length === 0 && <Text c="dimmed">{t('outbox.empty')}</Text>}
        <Stack
          gap="sm"
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('outbox.title')}
        >
          {messages.data?.map((message, index) => (
            <Card key={`${message.created_at}-${index}`} component="li" withBorder radius="md" padding="md">
              {/* On a phone the code comes first, above who it went to. */}
              <Flex
                direction={{ base: 'column-reverse', xs: 'row' }}
                justify="space-between"
                align={{ base: 'stretch', xs: 'flex-start' }}
                gap="md"
              >
                <Stack gap={4} miw={0}>
                  <Group gap="xs">
                    <Badge variant="light" color={message.channel === 'sms' ? 'grape' : 'blue'}>
                      {t(`outbox.channel.${message.channel}`)}
                    </Badge>
                    <Text size="sm" fw={600} dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                      {message.to}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" dir="ltr">
                    {sentAt(message.created_at)}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {message.body}
                  </Text>
                </Stack>
                {message.code && (
                  <Text
                    component="output"
                    aria-label={t('outbox.code')}
                    fz={32}
                    fw={700}
                    ff="monospace"
                    dir="ltr"
                    style={{ letterSpacing: '0.15em', whiteSpace: 'nowrap' }}
                  >
                    {message.code}
                  </Text>
                )}
              </Flex>
            </Card>
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}
