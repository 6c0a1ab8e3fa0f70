/**
 * Connect (`ui:widget: connect`, `ui:options.source`: the connector, e.g. `ecommerce`): the platforms a merchant
 * may connect through the connector's consent page (capital spec §2 "Sales data"). Its value is the list of
 * platforms connected, kept in step with the server (a platform connected in another tab counts too; "Check
 * again" asks anew).
 *
 * Connect goes to the connector's consent page — the browser leaves the form, and what was typed is saved on the
 * way out, as on any page change — which comes back to this address with `platform` and `public_token`, or with
 * `error=access_denied` when the merchant cancelled. Coming back, the widget hands the token to the connector,
 * says how it went, and takes the token out of the address (a reload never sends it twice). A sandbox connector
 * (nothing real connected) is said so above the list, in words no merchant can miss.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Input, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconFlask, IconRefresh } from '@tabler/icons-react';
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

export function ConnectWidget(props: WidgetProps) {
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
  const error = props.rawErrors?.length ? props.rawErrors.join('\n') : undefined;

  return (
    <Input.Wrapper label={props.label} error={error}>
      <Stack gap="sm" mt={6} id={props.id}>
        <Group justify="flex-end">
          <ActionIcon
            variant="subtle"
            aria-label={t('connect.refresh')}
            title={t('connect.refresh')}
            disabled={locked}
            onClick={() => void load()}
            onBlur={() => props.onBlur(props.id, props.value)}
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Group>
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
    </Input.Wrapper>
  );
}
