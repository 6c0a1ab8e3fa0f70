/**
 * Error pages (shell spec §2.5): 403 forbidden, 404 page not found, anything else 500 server error, each with
 * its own text; a way back or home.
 */
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

export function ErrorPage(props: { status: number; withBack?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = props.status === 403 ? 'forbidden' : props.status === 404 ? 'notFound' : 'server';
  return (
    <Center mih="70vh" px="md" component="main">
      <Stack align="center" gap="md" maw={460} ta="center">
        <Text fz={64} fw={800} c="mint" lh={1} aria-hidden>
          {props.status === 403 || props.status === 404 ? props.status : 500}
        </Text>
        <Title order={1} size="h2">
          {t(`error.${kind}.title`)}
        </Title>
        <Text c="dimmed">{t(`error.${kind}.body`)}</Text>
        <Group>
          {props.withBack && (
            <Button variant="default" onClick={() => void navigate(-1)}>
              {t('error.back')}
            </Button>
          )}
          {props.onRetry && (
            <Button variant="default" onClick={props.onRetry}>
              {t('error.retry')}
            </Button>
          )}
          <Button component={Link} to="/">
            {t('error.home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
