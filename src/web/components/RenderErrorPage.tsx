/**
 * An unexpected render error (shell spec §2.5): "oops, something went wrong", a refresh button and the support
 * e-mail. A route that does not exist or a thrown HTTP status shows the matching error page instead.
 */
import { Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { links } from '../config/links';
import { ErrorPage } from './ErrorPage';

export function RenderErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} />;
  return (
    <Center mih="100vh" px="md" component="main">
      <Stack align="center" gap="md" maw={460} ta="center">
        <Title order={1} size="h2">
          {t('error.render.title')}
        </Title>
        <Text c="dimmed">
          {t('error.render.body')}{' '}
          <Anchor href={`mailto:${links.supportEmail}`} dir="ltr">
            {links.supportEmail}
          </Anchor>
        </Text>
        <Button onClick={() => window.location.reload()}>{t('error.render.refresh')}</Button>
      </Stack>
    </Center>
  );
}
