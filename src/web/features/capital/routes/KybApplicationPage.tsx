/**
 * The KYB wizard of an application (capital spec §2 KYB wizard), a catalogue flow.
 */
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { FlowForm } from '../../../components/FlowForm';
import { isEditable } from '../../../../domain/capital/steps';
import { useCapitalApplication, useCapitalBase } from '../api';
import { ApplicationWaiting } from '../components/ApplicationWaiting';
import { useSent } from '../components/useSent';

/**
 * §2 KYB wizard (`application-kyb/{applicationId}/{step}`): the capital-kyb flow on the application — breadcrumb
 * Capital > Application, 404 for an application (or offer) not the merchant's; a sent one shows its page; after
 * submit the loan-application page, replacing the wizard in the history.
 */
export function KybApplicationPage() {
  const { applicationId = '' } = useParams();
  const { t } = useTranslation('capital');
  const base = useCapitalBase();
  const sent = useSent();
  const application = useCapitalApplication(applicationId);
  if (application.isPending || application.isError) return <ApplicationWaiting query={application} />;
  const page = `${base}/loan-applications/${application.data.id}`;
  if (!isEditable(application.data.status)) return <Navigate to={page} replace />;
  return (
    <>
      <PageHeader
        title={t('forms.kyb.flow')}
        breadcrumbs={[
          { label: t('crumb.capital'), to: base },
          { label: t('crumb.application'), to: page },
        ]}
      />
      <FlowForm
        flowId="capital-kyb"
        scope={application.data.id}
        basePath={`${base}/application-kyb/${application.data.id}`}
        onSubmitted={() => sent(page)}
      />
    </>
  );
}
