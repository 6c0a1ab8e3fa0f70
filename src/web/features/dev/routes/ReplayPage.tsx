/**
 * /dev/replay (outside production, SESSION_REPLAY_URL=dev): the session recordings the development sink keeps,
 * newest first, each played on this page with rrweb-player (docs/session-replay.md). The player and its styles
 * load only when a recording is played.
 */
import { Alert, Badge, Button, Card, Container, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplayConfig, ReplaySession, ReplaySessions } from '../../../../contract/sessionReplay';
import { DevFailed, DevHeading, DevSkeletons } from '../components/DevPageParts';
import { api } from '../../../api/client';

type RecordingsState =
  { kind: 'loading' } | { kind: 'off' } | { kind: 'failed' } | { kind: 'ready'; sessions: ReplaySessions };

function useRecordings() {
  const [state, setState] = useState<RecordingsState>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const read = async () => {
      try {
        const config = await api<ReplayConfig>('GET', '/merchant/api/v1/session-replay', undefined, {
          signal,
        });
        if (config.endpoint !== '/dev/replay/chunks') return setState({ kind: 'off' });
        const sessions = await api<ReplaySessions>('GET', '/dev/replay/sessions', undefined, { signal });
        setState({ kind: 'ready', sessions });
      } catch {
        if (!signal.aborted) setState({ kind: 'failed' });
      }
    };
    void read();
    return () => controller.abort();
  }, [round]);
  return { state, refresh: () => setRound((n) => n + 1) };
}

/** 2026-11-23T08:56:15Z → "23/11/2026 08:56:15" in the browser's time zone. */
function when(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** Plays one recording in `host` (rrweb-player, loaded now); a failure is said in place. */
function Player(props: { sessionId: string }) {
  const { t } = useTranslation('dev');
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    // Svelte 4's component (rrweb-player's own build); its types do not list $destroy, which it has.
    let player: { $destroy?: () => void } | undefined;
    let live = true;
    void (async () => {
      try {
        const [recording, { default: RrwebPlayer }] = await Promise.all([
          api<ReplaySession>('GET', `/dev/replay/sessions/${encodeURIComponent(props.sessionId)}`),
          import('rrweb-player'),
          import('rrweb-player/dist/style.css'),
        ]);
        if (!live || !host.current) return;
        const width = Math.min(host.current.clientWidth || 960, 1024);
        player = new RrwebPlayer({
          target: host.current,
          props: {
            events: recording.events as never,
            width,
            height: Math.round(width * 0.6),
            autoPlay: true,
            skipInactive: true,
          },
        }) as { $destroy?: () => void };
      } catch {
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
      player?.$destroy?.();
    };
  }, [props.sessionId]);
  if (failed)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('replay.playFailed')}
      </Alert>
    );
  return <div ref={host} data-testid="replay-player" dir="ltr" />;
}

export function ReplayPage() {
  const { t } = useTranslation('dev');
  const { state, refresh } = useRecordings();
  const [playing, setPlaying] = useState<string | null>(null);
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <DevHeading
          title={t('replay.title')}
          intro={t('replay.intro')}
          action={
            <Button variant="default" onClick={refresh}>
              {t('replay.refresh')}
            </Button>
          }
        />
        {state.kind === 'loading' && <DevSkeletons height={72} />}
        {state.kind === 'off' && (
          <Alert variant="light" title={t('replay.offTitle')}>
            {t('replay.off')}
          </Alert>
        )}
        {state.kind === 'failed' && <DevFailed title={t('replay.failedTitle')} body={t('replay.failed')} />}
        {state.kind === 'ready' && state.sessions.length === 0 && <Text c="dimmed">{t('replay.empty')}</Text>}
        {state.kind === 'ready' && state.sessions.length > 0 && (
          <Stack
            gap="sm"
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('replay.title')}
          >
            {state.sessions.map((session) => (
              <Card key={session.session_id} component="li" withBorder radius="md" padding="md">
                <Stack gap="sm">
                  <Group justify="space-between" wrap="wrap" gap="sm">
                    <Stack gap={4}>
                      <Group gap="xs">
                        {session.areas.map((area) => (
                          <Badge key={area} variant="light">
                            {t(`replay.area.${area}`)}
                          </Badge>
                        ))}
                      </Group>
                      <Text size="xs" c="dimmed" dir="ltr" ta="start">
                        {when(session.started_at)} → {when(session.last_at)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('replay.size', {
                          events: session.events,
                          kib: Math.max(1, Math.round(session.bytes / 1024)),
                        })}
                      </Text>
                    </Stack>
                    <Button
                      onClick={() => setPlaying(playing === session.session_id ? null : session.session_id)}
                      variant={playing === session.session_id ? 'default' : 'filled'}
                    >
                      {playing === session.session_id ? t('replay.close') : t('replay.play')}
                    </Button>
                  </Group>
                  {playing === session.session_id && <Player sessionId={session.session_id} />}
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
