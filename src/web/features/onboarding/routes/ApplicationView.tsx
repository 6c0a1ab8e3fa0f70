/**
 * The application as sent (onboarding spec §2).
 */
import { Suspense, use } from 'react';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { notify } from '../../../components/notificationStore';
import { FlowSummary } from '../../../../engine/react/FlowSummary';
import { catalogue } from '../../../../engine/react/browserFlowSource';
import { answersOf, type Application } from '../../../api/application';
import { widgetServices } from '../../../api/widgetServices';
import { FLOW, WithApplication } from '../components/WithApplication';

export function ApplicationView() {
  return (
    <WithApplication>
      {(application) =>
        application && application.status !== 'draft' ? (
          <Suspense fallback={<PageSkeleton />}>
            <View application={application} />
          </Suspense>
        ) : (
          <Navigate to="/applications" replace />
        )
      }
    </WithApplication>
  );
}

function View(props: { application: Application }) {
  const { application } = props;
  const { t, i18n } = useTranslation(['onboarding', 'common']);
  // The version the application was submitted with, while the server has it (else the current one).
  const loader = use(catalogue.find(FLOW, application.flow_version));
  const flow = use(loader.all());
  const submitted = application.submitted_at
    ? new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'long' }).format(
        new Date(application.submitted_at),
      )
    : null;
  return (
    <>
      <PageHeader title={t('pages.viewTitle')} />
      <Stack gap="lg">
        <Group gap="sm">
          <Badge color={application.status === 'submitted' ? 'mint' : 'blue'} variant="light" size="lg">
            {t(`pages.status.${application.status}`)}
          </Badge>
          {submitted && (
            <Text size="sm" c="dimmed">
              {t('pages.submittedOn', { date: submitted })}
            </Text>
          )}
        </Group>
        {application.requires_sales_contact ? (
          <Alert
            color="blue"
            variant="light"
            icon={<IconPhoneCall size={20} />}
            title={t('pages.reachOutTitle')}
          >
            {t('pages.reachOutBody')}
          </Alert>
        ) : (
          <Alert color="mint" variant="light" title={t('pages.reviewTitle')}>
            {t('pages.reviewBody')}
          </Alert>
        )}
        <FlowSummary
          loader={loader}
          flow={flow}
          data={answersOf(application)}
          steps={application.steps}
          services={widgetServices}
          onDownloadFailed={() =>
            notify({
              variant: 'error',
              title: t('pages.downloadFailedTitle'),
              message: t('widgets:upload.downloadFailed'),
            })
          }
        />
      </Stack>
    </>
  );
}
