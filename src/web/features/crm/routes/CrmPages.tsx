/**
 * `pipedrive/{applicationId}` (shell spec §2: "external redirect for a CRM application id"; docs/configuration.md
 * CRM_APPLICATION_URL): the browser goes on to the CRM's page of the application. Without a CRM set up, the page says
 * so, with the way back — never a blank page or a loop.
 */
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CrmLink } from '../../../../contract/crm';
import { api, ApiError, retryUnless4xx } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';

export function CrmRedirect() {
  const { t } = useTranslation('shell');
  const { applicationId = '' } = useParams();
  const link = useQuery({
    queryKey: ['crm', applicationId],
    queryFn: ({ signal }) =>
      api<CrmLink>(
        'GET',
        `/merchant/api/v1/crm/applications/${encodeURIComponent(applicationId)}`,
        undefined,
        {
          signal,
        },
      ),
    retry: retryUnless4xx,
  });
  const url = link.data?.url;
  // Replaced, not pushed: Back from the CRM returns to where the link was, not to this page again.
  useEffect(() => {
    if (url) window.location.replace(url);
  }, [url]);
  const unset = link.error instanceof ApiError && link.error.status === 404;
  return (
    <>
      <PageHeader title={t('page.crm')} />
      {link.isError ? (
        <Alert color={unset ? 'yellow' : 'red'} title={t(unset ? 'crm.unsetTitle' : 'crm.failedTitle')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t(unset ? 'crm.unsetBody' : 'crm.failedBody', { id: applicationId })}</Text>
            <Button component={Link} to="/" variant="light" size="compact-sm">
              {t('crm.back')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="xs" align="flex-start" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('crm.opening', { id: applicationId })}</Text>
          {url && (
            <Anchor href={url} size="sm">
              {t('crm.openLink')}
            </Anchor>
          )}
        </Stack>
      )}
    </>
  );
}
