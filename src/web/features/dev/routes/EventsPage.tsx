/**
 * /dev/events in a browser (outside production; issue 60, point 1): the analytics catalogue beside what fired —
 * for each entry whether it has fired since this server's database began, the properties it declares and each set
 * it carried, a property it does not declare marked. QA reads here what a walk reached; scripts get the stored
 * events as JSON from the same address, and the same list as the end-to-end proof from /dev/events/fired.
 *
 * The catalogue's names, areas and "when" are the code's (English): they are what developers and the analytics
 * tool read, not product text, so they are shown as written in either language.
 */
import { Alert, Badge, Button, Card, Container, Group, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FiredEvents } from '../../../../contract/devEvents';
import { EVENT_CATALOGUE } from '../../../../domain/analyticsEvents';
import { DevFailed, DevHeading, DevSkeletons } from '../components/DevPageParts';
import { api } from '../../../api/client';

type FiredState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; fired: FiredEvents };

function useFired() {
  const [state, setState] = useState<FiredState>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    void api<FiredEvents>('GET', '/dev/events/fired', undefined, { signal: controller.signal })
      .then((fired) => setState({ kind: 'ready', fired }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      });
    return () => controller.abort();
  }, [round]);
  return { state, refresh: () => setRound((n) => n + 1) };
}

/** The property keys as badges; those the entry does not declare in red. */
function Keys(props: { keys: readonly string[]; declared?: readonly string[] }) {
  const { t } = useTranslation('dev');
  if (props.keys.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('events.noProperties')}
      </Text>
    );
  return (
    <Group gap={4} dir="ltr">
      {props.keys.map((key) => {
        const undeclared = props.declared !== undefined && !props.declared.includes(key);
        return (
          <Badge
            key={key}
            variant={undeclared ? 'filled' : 'light'}
            color={undeclared ? 'red' : 'gray'}
            tt="none"
            title={undeclared ? t('events.undeclared') : undefined}
          >
            {key}
          </Badge>
        );
      })}
    </Group>
  );
}

export function EventsPage() {
  const { t } = useTranslation('dev');
  const { state, refresh } = useFired();
  const [onlyMissing, setOnlyMissing] = useState(false);
  const entries = Object.entries(EVENT_CATALOGUE);
  const sets = new Map<string, string[][]>();
  if (state.kind === 'ready')
    for (const row of state.fired) sets.set(row.event, [...(sets.get(row.event) ?? []), row.properties]);
  const strangers = [...sets.keys()].filter((name) => !(name in EVENT_CATALOGUE));
  const firedCount = entries.filter(([name]) => sets.has(name)).length;
  const shown = onlyMissing ? entries.filter(([name]) => !sets.has(name)) : entries;

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <DevHeading title={t('events.title')} intro={t('events.intro')} />
        <Group justify="space-between" wrap="wrap" gap="sm">
          {state.kind === 'ready' ? (
            <Text fw={600} data-testid="events-summary">
              {t('events.summary', { fired: firedCount, total: entries.length })}
            </Text>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Switch
              label={t('events.onlyMissing')}
              checked={onlyMissing}
              onChange={(e) => setOnlyMissing(e.currentTarget.checked)}
            />
            <Button variant="default" size="xs" onClick={refresh}>
              {t('events.refresh')}
            </Button>
          </Group>
        </Group>
        {state.kind === 'failed' && <DevFailed title={t('events.failedTitle')} body={t('events.failed')} />}
        {state.kind === 'loading' && <DevSkeletons height={88} />}
        {strangers.length > 0 && (
          <Alert
            color="red"
            variant="light"
            title={t('events.strangersTitle')}
            data-testid="events-strangers"
          >
            <Keys keys={strangers} />
          </Alert>
        )}
        {state.kind === 'ready' && onlyMissing && shown.length === 0 && (
          <Text c="dimmed">{t('events.allFired')}</Text>
        )}
        {state.kind === 'ready' && (
          <Stack
            gap="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('events.title')}
          >
            {shown.map(([name, entry]) => {
              const carried = sets.get(name);
              return (
                <Card key={name} component="li" withBorder radius="md" padding="md" data-event={name}>
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Text fw={600} ff="monospace" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                        {name}
                      </Text>
                      <Badge color={carried ? 'teal' : 'gray'} variant="light" data-testid="event-state">
                        {carried ? t('events.fired') : t('events.notFired')}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed" dir="ltr">
                      {entry.area} · {entry.when}
                    </Text>
                    <Text size="xs" fw={600}>
                      {t('events.declares')}
                    </Text>
                    <Keys keys={entry.properties} />
                    {carried && (
                      <>
                        <Text size="xs" fw={600}>
                          {t('events.carried')}
                        </Text>
                        {carried.map((keys) => (
                          <Keys key={keys.join(',')} keys={keys} declared={entry.properties} />
                        ))}
                      </>
                    )}
                  </Stack>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
