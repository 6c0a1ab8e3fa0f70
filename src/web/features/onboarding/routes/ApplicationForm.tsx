/**
 * The application form: the onboarding flow in the wizard (docs/onboarding.md).
 */
import { Suspense, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { notify } from '../../../components/notificationStore';
import { WizardRunner } from '../../../../engine/react/WizardRunner';
import { catalogue } from '../../../../engine/react/browserFlowSource';
import { landingUtm } from '../../../utm';
import { analytics } from '../../../analytics';
import { APPLICATION_QUERY_KEY, type Application } from '../../../api/application';
import { applicationAdapter } from '../api';
import { widgetServices } from '../../../api/widgetServices';
import { FLOW, WithApplication } from '../components/WithApplication';

export function ApplicationForm() {
  // The form's version and first modules start loading with the application, not after it.
  useMemo(() => catalogue.current(FLOW).catch(() => undefined), []);
  return (
    <WithApplication>
      {(application) =>
        // A draft, or one a reviewer sent back: its reasons show on their fields (the wizard's attention list).
        application?.status === 'draft' || application?.status === 'sent_back' ? (
          <Form application={application} />
        ) : (
          // Also where a just-finished form lands when the refreshed application reaches this route first.
          <Navigate
            to={application?.requires_sales_contact ? '/applications/reach-out' : '/applications'}
            replace
          />
        )
      }
    </WithApplication>
  );
}

function Form(props: { application: Application }) {
  const { t } = useTranslation(['onboarding', 'review']);
  const navigate = useNavigate();
  const client = useQueryClient();
  // The draft as it was when the form opened: a background refetch must not restart the form.
  const [initial] = useState(props.application);
  const adapter = useMemo(() => applicationAdapter(initial, landingUtm()), [initial]);
  // Sent back: only what the reviewer sent back can change (the server refuses any other change too).
  const editable = useMemo(
    () => (initial.status === 'sent_back' ? initial.sent_back.map((item) => item.pointer) : undefined),
    [initial],
  );
  const finish = async (outcome: 'submit' | 'reach-out') => {
    if (outcome === 'reach-out') {
      const result = await adapter.submit({}).catch(() => null);
      if (result === null || result?.fieldErrors) {
        notify({ variant: 'error', title: t('pages.submitFailedTitle'), message: t('pages.submitFailed') });
        return;
      }
    }
    if (initial.status === 'sent_back')
      analytics.track('Application Resubmitted', { application_id: initial.id, round: initial.review_round });
    await client.invalidateQueries({ queryKey: APPLICATION_QUERY_KEY });
    void navigate(outcome === 'submit' ? '/applications/view' : '/applications/reach-out', { replace: true });
  };
  return (
    <>
      <PageHeader title={t('flow.title')} />
      <Suspense fallback={<PageSkeleton />}>
        <WizardRunner
          flowId={FLOW}
          adapter={adapter}
          basePath="/applications/step"
          stepParam="currentStep"
          services={widgetServices}
          onEnd={(outcome) => void finish(outcome)}
          editable={editable}
          attentionWords={
            initial.status === 'sent_back'
              ? { title: t('review:attentionTitle'), body: t('review:attentionBody') }
              : undefined
          }
        />
      </Suspense>
    </>
  );
}
