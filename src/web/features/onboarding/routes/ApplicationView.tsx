/**
 * The application as sent (onboarding spec §2).
 */
import { Suspense, use, useEffect } from 'react';
import { analytics } from '../../../analytics';
import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { notify } from '../../../components/notificationStore';
import { FlowSummary } from '../../../../engine/react/FlowSummary';
import { catalogue } from '../../../../engine/react/browserFlowSource';
import { answersOf, type Application } from '../../../api/application';
import { widgetServices } from '../../../api/widgetServices';
import { FLOW, WithApplication } from '../components/WithApplication';
import { isReviewReason } from '../../../../domain/review';

const STATUS_COLOR: Record<string, string> = {
  resubmitted: 'mint',
  submitted: 'green',
  sent_back: 'yellow',
  rejected: 'red',
};

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

/**
 * What the application's status means for the merchant: sales will call, it is being reviewed, what a reviewer
 * sent back (each reason and what to do, and the way to the form, where each reason shows on its field) or why it
 * was not approved (docs/review.md).
 */
function StatusNotice(props: { application: Application }) {
  const { application } = props;
  const { t } = useTranslation(['onboarding', 'reasons', 'review']);
  // The loop's step the merchant meets: what was sent back, or the decision (once per page view).
  useEffect(() => {
    if (application.status === 'sent_back')
      analytics.track('Application Sent Back Viewed', {
        application_id: application.id,
        reasons: application.sent_back.map((item) => item.reason),
        round: application.review_round,
      });
    if (application.status === 'rejected')
      analytics.track('Application Rejection Viewed', {
        application_id: application.id,
        reason: application.decision_reason,
      });
  }, [application.id, application.status]); // eslint-disable-line react-hooks/exhaustive-deps
  if (application.status === 'sent_back')
    return (
      <Alert color="yellow" variant="light" title={t('pages.sentBackTitle')} data-testid="sent-back">
        <Stack gap="xs">
          <Text size="sm">{t('pages.sentBackBody')}</Text>
          <List size="sm" spacing={4}>
            {[...new Set(application.sent_back.map((item) => item.reason))].map((reason) => (
              <List.Item key={reason}>
                <Text span fw={600} size="sm">
                  {t(`reasons:${reason}.title`)}
                </Text>{' '}
                {t(`reasons:${reason}.fix`)}
              </List.Item>
            ))}
          </List>
          <ReviewerNote note={application.review_note} />
          <Group>
            <Button component={Link} to="/applications/step" data-testid="make-changes">
              {t('review:makeChanges')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  if (application.status === 'rejected')
    return (
      <Alert color="red" variant="light" title={t('pages.rejectedTitle')} data-testid="rejected">
        <Stack gap="xs">
          {application.decision_reason && isReviewReason(application.decision_reason) && (
            <Text size="sm">
              {t(`reasons:${application.decision_reason}.title`)}{' '}
              {t(`reasons:${application.decision_reason}.fix`)}
            </Text>
          )}
          <ReviewerNote note={application.review_note} />
        </Stack>
      </Alert>
    );
  // The spec's `submitted`: approved and mapped to a business profile.
  if (application.status === 'submitted')
    return (
      <Alert color="mint" variant="light" title={t('pages.approvedTitle')}>
        {t('pages.approvedBody')}
      </Alert>
    );
  // Waiting: sales call a high-volume business first; anyone else is being reviewed.
  if (application.requires_sales_contact)
    return (
      <Alert color="blue" variant="light" icon={<IconPhoneCall size={20} />} title={t('pages.reachOutTitle')}>
        {t('pages.reachOutBody')}
      </Alert>
    );
  return (
    <Alert color="mint" variant="light" title={t('pages.reviewTitle')}>
      {t('pages.reviewBody')}
    </Alert>
  );
}

/** The reviewer's own words, in the language they wrote them (an English note reads left to right in Arabic). */
function ReviewerNote(props: { note: string | null | undefined }) {
  return props.note ? (
    <Text size="sm" dir="auto">
      {props.note}
    </Text>
  ) : null;
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
          <Badge color={STATUS_COLOR[application.status] ?? 'blue'} variant="light" size="lg">
            {t(`pages.status.${application.status}`)}
          </Badge>
          {submitted && (
            <Text size="sm" c="dimmed">
              {t('pages.submittedOn', { date: submitted })}
            </Text>
          )}
        </Group>
        <StatusNotice application={application} />
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
