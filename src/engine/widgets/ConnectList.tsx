/**
 * The connect widget's list (ConnectWidget draws the field around it): each platform and whether it is
 * connected, Connect to its consent page, and the consent page's answer handed to the connector on the way back.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconFlask } from '@tabler/icons-react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { servicesOf, type Connections } from './services';

type Outcome = 'connected' | 'cancelled' | 'failed' | null;

/** The consent page's answer in the page's address, if any, and the address without it. */
function returned(): { platform: string; token: string | null; denied: boolean; rest: string } | null {
  const url = new URL(window.location.href);
  const platform = url.searchParams.get('platform');
  const token = url.searchParams.get('public_token');
  const denied = url.searchParams.get('error') === 'access_denied';
  if (!platform || (!token && !denied)) return null;
  for (const key of ['platform', 'public_token', 'merchant_id', 'error']) url.searchParams.delete(key);
  return { platform, token, denied, rest: `${url.pathname}${url.search}${url.hash}` };
}

export default function ConnectList(props: WidgetProps & { refresh: number }) {
  const { t, i18n } = useTranslation('widgets');
  const services = servicesOf(props);
  const source = typeof props.options.source === 'string' ? props.options.source : '';
  const [state, setState] = useState<Connections | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { onChange } = props;
  const valueRef = useRef(props.value);
  useLayoutEffect(() => {
    valueRef.current = props.value;
  });
  const locked = props.disabled || props.readonly;

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      if (!services.connections) throw new Error('no connector');
      const answer = await services.connections(source);
      setState(answer);
      const connected = answer.items.filter((i) => i.connected).map((i) => i.platform);
      const now = Array.isArray(valueRef.current) ? (valueRef.current as string[]) : [];
      if (connected.join(' ') !== now.join(' ')) onChange(connected.length > 0 ? connected : undefined);
    } catch {
      setLoadFailed(true);
    }
  }, [services, source, onChange]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const back = returned();
    const connect = async (): Promise<Outcome> => {
      if (!back) return null;
      window.history.replaceState(window.history.state, '', back.rest);
      if (back.denied) return 'cancelled';
      if (!back.token || !services.connect) return 'failed';
      try {
        await services.connect(source, back.platform, back.token);
        return 'connected';
      } catch {
        return 'failed';
      }
    };
    void connect().then((result) => {
      setOutcome(result);
      return load();
    });
  }, [load, services, source]);

  /** The consent page, told where to come back to and in which language. */
  const consentHref = (url: string) => {
    const target = new URL(url, window.location.origin);
    target.searchParams.set('return_to', `${window.location.pathname}${window.location.search}`);
    target.searchParams.set('lang', i18n.language === 'ar' ? 'ar' : 'en');
    return `${target.pathname}${target.search}`;
  };
  const name = (platform: string) => t(`connect.platform.${platform}`, { defaultValue: platform });

  // "Check again" (the field's button around this list) asks the connector anew.
  const asked = useRef(props.refresh);
  useEffect(() => {
    if (asked.current === props.refresh) return;
    asked.current = props.refresh;
    void Promise.resolve().then(load);
  }, [props.refresh, load]);

  return (
    <Stack gap="sm">
      {state?.sandbox && (
        <Alert color="yellow" icon={<IconFlask size={18} />} title={t('connect.sandboxTitle')}>
          {t('connect.sandbox')}
        </Alert>
      )}
      {outcome && (
        <Alert
          color={outcome === 'connected' ? 'teal' : outcome === 'cancelled' ? 'gray' : 'red'}
          role="status"
        >
          {t(`connect.${outcome}`)}
        </Alert>
      )}
      {loadFailed ? (
        <Alert color="red" title={t('connect.loadFailed')}>
          <Button size="xs" variant="default" disabled={locked} onClick={() => void load()}>
            {t('connect.retry')}
          </Button>
        </Alert>
      ) : !state ? (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={52} radius="md" />
          ))}
        </Stack>
      ) : (
        state.items.map((item) => (
          <Paper key={item.platform} withBorder radius="md" p="sm" data-platform={item.platform}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={500}>{name(item.platform)}</Text>
              {item.connected ? (
                <Badge color="teal" leftSection={<IconCheck size={12} />}>
                  {t('connect.isConnected')}
                </Badge>
              ) : item.consent_url && !locked ? (
                <Button
                  component="a"
                  href={consentHref(item.consent_url)}
                  size="xs"
                  variant="light"
                  aria-label={t('connect.connectPlatform', { platform: name(item.platform) })}
                >
                  {t('connect.connect')}
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('connect.unavailable')}
                </Text>
              )}
            </Group>
          </Paper>
        ))
      )}
    </Stack>
  );
}
