/**
 * The full-revenue wizard of an application (capital spec §2 Full-revenue wizard), a catalogue flow.
 */
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { FlowForm } from '../../../components/FlowForm';
import { isEditable, kybHandOverStep } from '../../../../domain/capital/steps';
import { useCapitalApplication, useCapitalBase } from '../api';
import { ApplicationWaiting } from '../components/ApplicationWaiting';
import { useSent } from '../components/useSent';

/**
 * §2 Full-revenue wizard on an application (`application-frf/{applicationId}/{step}`): the capital-frf flow —
 * bank statements, sales data (with the integration form), social networks and location details (optional),
 * legal info with a review of the answers, then submit. 404 for an application (or offer) not the merchant's;
 * a sent one shows its page. `kyb_legal_info` hands over to the KYB wizard (§2: at the licence when verified,
 * else at its first page). The amount and term are changed on the customisation (§2 customize_your_offer).
 */
export function FrfApplicationPage() {
  const { applicationId = '', stepId } = useParams();
  const { t } = useTranslation('capital');
  const base = useCapitalBase();
  const navigate = useNavigate();
  const sent = useSent();
  const application = useCapitalApplication(applicationId);
  if (application.isPending || application.isError) return <ApplicationWaiting query={application} />;
  const a = application.data;
  const page = `${base}/loan-applications/${a.id}`;
  if (!isEditable(a.status)) return <Navigate to={page} replace />;
  if (stepId === 'kyb_legal_info' || stepId === 'kyb-legal-info')
    return <Navigate to={`${base}/application-kyb/${a.id}/${kybHandOverStep(a.status)}`} replace />;
  // The customisation (the flow's lead step, §2 customize_your_offer) is the offer's page, which creates or
  // updates the application.
  const customise = `${base}/application/${a.offer_id}/${a.merchant_id}?customise`;
  if (stepId === 'customize_your_offer' || stepId === 'customize-your-offer')
    return <Navigate to={customise} replace />;
  return (
    <>
      <PageHeader
        title={t('forms.frf.flow')}
        breadcrumbs={[
          { label: t('crumb.capital'), to: base },
          { label: t('crumb.application'), to: page },
        ]}
        actions={[
          {
            label: t('forms.frf.customise'),
            onClick: () => void navigate(customise),
          },
        ]}
      />
      <FlowForm
        flowId="capital-frf"
        scope={a.id}
        basePath={`${base}/application-frf/${a.id}`}
        onLead={() => void navigate(customise)}
        onSubmitted={() => sent(page)}
      />
    </>
  );
}
