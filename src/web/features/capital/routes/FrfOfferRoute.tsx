/**
 * The full-revenue wizard reached from its offer (capital spec §2 Full-revenue wizard).
 */
import { Navigate, useParams } from 'react-router';
import { ErrorPage } from '../../../components/ErrorPage';
import { useCapitalBase } from '../api';
import { frfStepId } from '../../../../domain/capital/steps';
import { useOfferAndApplication } from '../components/useOfferAndApplication';

/**
 * The full-revenue wizard on an offer (§2: `application-full-revenue/{offerId}/{merchantId}/{stepName}`, and the
 * pre-approved and plain `application/{stepName}/…` spellings of it): the wizard lives on the offer's
 * application (`application-frf/{applicationId}/{step}`), so these send the merchant there, replacing the
 * address. No application yet, or `customize_your_offer`: the customisation, which creates it. 404 for an
 * offer not the merchant's.
 */
export function FrfOfferRoute() {
  const { offerId = '', merchantId = '', stepName = '' } = useParams();
  const base = useCapitalBase();
  const { ready, waiting } = useOfferAndApplication(offerId);
  if (!ready) return waiting;
  const offer = ready.offers.find((o) => o.id === offerId && (!merchantId || o.merchant_id === merchantId));
  if (!offer) return <ErrorPage status={404} />;
  const entry = `${base}/application/${offer.id}/${offer.merchant_id}`;
  if (!ready.application || stepName === 'customize_your_offer')
    return <Navigate to={ready.application ? `${entry}?customise` : entry} replace />;
  return (
    <Navigate
      to={`${base}/application-frf/${ready.application.id}/${frfStepId(stepName) ?? stepName}`}
      replace
    />
  );
}
