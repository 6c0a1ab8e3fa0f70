/**
 * Error pages (shell spec §2.5): 403 forbidden, 404 page not found, anything else 500 server error, each with
 * its own text; a way back or home.
 *
 * A question the network did not carry (status 0: offline, the server out of reach) is not a server error — our
 * decision, the spec shows only its notice (§8): the page says there is no connection, with no "500", offers to
 * try again, and tries again by itself when the browser is back online (the merchant who reopened a page on a
 * train sees it come back without pressing anything).
 */
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isNetworkError } from '../api/client';
import { useRetryOnline } from './useRetryOnline';

type Kind = 'forbidden' | 'notFound' | 'network' | 'server';

const kindOf = (status: number): Kind =>
  status === 403 ? 'forbidden' : status === 404 ? 'notFound' : status === 0 ? 'network' : 'server';

export function ErrorPage(props: { status: number; withBack?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = kindOf(props.status);
  useRetryOnline(kind === 'network' ? props.onRetry : undefined);
  return (
    <Center mih="70vh" px="md" component="main">
      <Stack align="center" gap="md" maw={460} ta="center">
        {kind === 'network' ? (
          <IconWifiOff size={64} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
        ) : (
          <Text fz={64} fw={800} c="mint" lh={1} aria-hidden>
            {kind === 'server' ? 500 : props.status}
          </Text>
        )}
        <Title order={1} size="h2">
          {t(`error.${kind}.title`)}
        </Title>
        <Text c="dimmed">{t(`error.${kind}.body`)}</Text>
        <Group justify="center">
          {props.withBack && (
            <Button variant="default" onClick={() => void navigate(-1)}>
              {t('error.back')}
            </Button>
          )}
          {props.onRetry && (
            <Button variant={kind === 'network' ? 'filled' : 'default'} onClick={props.onRetry}>
              {t('error.retry')}
            </Button>
          )}
          {/* Without a network the start page cannot load either: trying again is the one way on. */}
          {!(kind === 'network' && props.onRetry) && (
            <Button component={Link} to="/">
              {t('error.home')}
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}

/** The error page of a question that failed: the network's own page, or the server error's. */
export function FailedPage(props: { error: unknown; onRetry?: () => void }) {
  return <ErrorPage status={isNetworkError(props.error) ? 0 : 500} onRetry={props.onRetry} />;
}
