/**
 * `marketing/connect/{platform}` (shell spec §2.6; docs/marketing.md "Connecting a platform"): one of the 24
 * platforms for each of the caller's merchants — connected (since when, how many products, disconnect after a
 * confirmation) or a Connect button that opens the connector's consent page, which comes back here with a token
 * (sent at once, then taken out of the address) or with `error=access_denied`.
 */
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isConnectable } from '../../../../domain/marketing';
import { DetailFrame } from '../../../components/DetailFrame';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorPage } from '../../../components/ErrorPage';
import { dayText, langOf } from '../../../components/listText';
import { notify } from '../../../components/notificationStore';
import { consentUrl, useConnect, useConnections, useDisconnect } from '../api';
import type { ConnectionsAnswer } from '../../../../contract/marketing';

export function ConnectPlatformPage() {
  const { t, i18n } = useTranslation('marketing');
  const { platform = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const query = useConnections();
  const [opening, setOpening] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const { mutateAsync: sendConnection } = useConnect();
  const disconnection = useDisconnect();
  const [failed, setFailed] = useState<string | null>(null);
  const sent = useRef(false);
  const name = t(`platform.${platform}`, { defaultValue: platform });

  // Back from the consent page: the token is sent once, then the address is cleaned.
  const token = params.get('public_token');
  const merchantFromWidget = params.get('merchant_id');
  const cancelled = params.get('error') === 'access_denied';
  useEffect(() => {
    if (!token || !merchantFromWidget || sent.current) return;
    sent.current = true;
    sendConnection({ merchant_id: merchantFromWidget, platform, public_token: token })
      .then((c) =>
        notify({
          variant: 'success',
          title: t('title'),
          message: t('connect.done', { platform: name, count: c.products }),
        }),
      )
      .catch(() => setFailed(t('connect.failed')))
      .finally(() => setParams({}, { replace: true }));
  }, [token, merchantFromWidget, platform, sendConnection, name, t, setParams]);

  if (!isConnectable(platform)) return <ErrorPage status={404} />;

  const open = async (merchantId: string) => {
    setOpening(merchantId);
    setFailed(null);
    try {
      window.location.assign(await consentUrl(merchantId, platform, i18n.language));
    } catch {
      setFailed(t('connect.openFailed'));
      setOpening(null);
    }
  };

  const remove = async (merchantId: string) => {
    try {
      await disconnection.mutateAsync({ merchantId, platform });
      notify({ variant: 'success', title: t('title'), message: t('connect.removed', { platform: name }) });
      setRemoving(null);
    } catch {
      notify({ variant: 'error', title: t('title'), message: t('connect.removeFailed') });
    }
  };

  return (
    <DetailFrame
      query={query}
      area={{ title: t('title'), to: '/marketing' }}
      t={t}
      skeleton={{ testId: 'connect-loading', blocks: [{ h: 36, w: 280 }, 120] }}
      title={t('connect.pageTitle', { platform: name })}
    >
      {(data) => (
        <>
          <Stack gap="md" maw={720}>
            <Text size="sm">{t('connect.body')}</Text>
            {data.sandbox && (
              <Alert color="blue" title={t('connect.sandboxTitle')} data-testid="connect-sandbox">
                {t('connect.sandboxBody')}
              </Alert>
            )}
            {!data.available && (
              <Alert color="yellow" title={t('connect.unavailableTitle')} data-testid="connect-unavailable">
                {t('connect.unavailableBody')}
              </Alert>
            )}
            {cancelled && (
              <Alert color="yellow" withCloseButton onClose={() => setParams({}, { replace: true })}>
                {t('connect.cancelled', { platform: name })}
              </Alert>
            )}
            {failed && (
              <Alert color="red" role="alert">
                {failed}
              </Alert>
            )}
            {data.merchants.map((m) => {
              const connection = data.connections.find(
                (c) => c.merchant_id === m.merchant_id && c.platform === platform,
              );
              return (
                <MerchantConnection
                  key={m.merchant_id}
                  merchant={m}
                  connection={connection}
                  platform={platform}
                  name={name}
                  available={data.available}
                  opening={opening === m.merchant_id || (sent.current && !!token)}
                  onOpen={() => void open(m.merchant_id)}
                  onRemove={() => setRemoving(m.merchant_id)}
                />
              );
            })}
            <Text size="sm" c="dimmed">
              {t('connect.other')}{' '}
              <Anchor component={Link} to="/marketing" size="sm">
                {t('title')}
              </Anchor>
            </Text>
          </Stack>
          {removing && (
            <ConfirmDialog
              title={t('connect.removeTitle', { platform: name })}
              body={t('connect.removeBody')}
              action={t('connect.disconnect')}
              cancel={t('cancel')}
              busy={disconnection.isPending}
              onConfirm={() => void remove(removing)}
              onClose={() => setRemoving(null)}
            />
          )}
        </>
      )}
    </DetailFrame>
  );
}

/** One of the member's merchants: whether it is connected to the platform, since when, and the action. */
function MerchantConnection(props: {
  merchant: ConnectionsAnswer['merchants'][number];
  connection: ConnectionsAnswer['connections'][number] | undefined;
  platform: string;
  /** The platform's name in the page's language. */
  name: string;
  available: boolean;
  opening: boolean;
  onOpen: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('marketing');
  const { merchant: m, connection, platform, name } = props;
  return (
    <Card withBorder data-testid="connect-merchant">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>
              <bdi>{m.merchant_name}</bdi>
            </Text>
            <Badge variant="light" color={connection ? 'green' : 'gray'} data-testid="connect-state">
              {t(connection ? 'connect.connected' : 'connect.notConnected')}
            </Badge>
          </Group>
          {connection && (
            <Text size="sm" c="dimmed">
              {t('connect.since', {
                date: dayText(connection.connected_at, langOf(i18n.language)),
                count: connection.products,
              })}
            </Text>
          )}
          {connection && m.product_catalog && (
            <Anchor component={Link} to={`/marketing/products?platform=${platform}`} size="sm">
              {t('connect.seeProducts')}
            </Anchor>
          )}
        </Stack>
        {connection ? (
          <Button variant="default" color="red" onClick={props.onRemove}>
            {t('connect.disconnect')}
          </Button>
        ) : !props.available ? null : (
          <Button loading={props.opening} onClick={props.onOpen}>
            {t('connect.action', { platform: name })}
          </Button>
        )}
      </Group>
    </Card>
  );
}
