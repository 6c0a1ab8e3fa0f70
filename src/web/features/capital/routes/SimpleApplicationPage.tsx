/**
 * The simple application form of an offer (capital spec §2), a catalogue flow.
 */
import { Navigate, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/ErrorPage';
import { PageHeader } from '../../../components/PageHeader';
import { FlowForm } from '../../../components/FlowForm';
import { notify } from '../../../components/notificationStore';
import { isEditable } from '../../../../domain/capital/steps';
import { useCapitalBase, fetchApplicationOfOffer } from '../api';
import { useOfferAndApplication } from '../components/useOfferAndApplication';

/**
 * {capital_base}/application/{offerId}/{merchantId}/simple (§2 Simple application form, §3, §5): the catalogue
 * flow `capital-simple` on the offer — signatory, optional finance manager, licence, bank statement (required
 * when the offer says so), the fixed-payout-cycle agreement, under the four stages (schemas/capital-simple).
 * Submitting applies (create, answers, submit) and opens the application's page; an application already sent
 * is shown there instead. Our address: the spec gives the simple form "the offer route with offerId and
 * merchantId" and no step name; `/simple` keeps it apart from the wizards' `application/{stepName}/…`.
 */
export function SimpleApplicationPage() {
  const { offerId = '' } = useParams();
  const { t } = useTranslation('capital');
  const base = useCapitalBase();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { ready, waiting } = useOfferAndApplication(offerId);
  if (!ready) return waiting;
  const offer = ready.offers.find((o) => o.id === offerId);
  if (!offer) return <ErrorPage status={404} />;
  const existing = ready.application;
  if (existing && !isEditable(existing.status))
    return <Navigate to={`${base}/loan-applications/${existing.id}`} replace />;
  const page = `${base}/application/${offer.id}/${offer.merchant_id}/simple`;
  return (
    <>
      <PageHeader
        title={t('forms.simple.flow')}
        breadcrumbs={[
          { label: t('crumb.capital'), to: base },
          { label: offer.merchant_name, to: `${base}/offers/${offer.id}` },
        ]}
      />
      <FlowForm
        flowId="capital-simple"
        scope={offer.id}
        basePath={page}
        onSubmitted={() => {
          notify({ variant: 'success', title: t('application.submittedTitle'), message: '' });
          void client.invalidateQueries({ queryKey: ['capital'] });
          void fetchApplicationOfOffer(offer.id).then(
            (sentOne) => navigate(`${base}/loan-applications/${sentOne?.id ?? ''}`, { replace: true }),
            () => navigate(`${base}/loans`, { replace: true }),
          );
        }}
      />
    </>
  );
}
