/**
 * An offer and its application, loaded together (the offer entry page, the simple form, the full-revenue route),
 * and where a started application continues.
 */
import { FailedPage } from '../../../components/ErrorPage';
import { useOffers, useApplicationOfOffer } from '../api';
import { frfStepId } from '../../../../domain/capital/steps';
import { PageLoading } from './CapitalFrame';

/**
 * The pages on an offer's address wait for the offers and the offer's application (null: none yet) together:
 * `ready` once both are here, else `waiting` — the skeleton, or the error page trying both again.
 */
export function useOfferAndApplication(offerId: string) {
  const offers = useOffers();
  const application = useApplicationOfOffer(offerId);
  if (offers.isPending || application.isPending) return { ready: null, waiting: <PageLoading /> };
  if (offers.isError || application.isError)
    return {
      ready: null,
      waiting: (
        <FailedPage
          error={offers.error ?? application.error}
          onRetry={() => void Promise.all([offers.refetch(), application.refetch()])}
        />
      ),
    };
  return { ready: { offers: offers.data, application: application.data }, waiting: null };
}

/** Where a started application continues (§2 Offer entry page): its wizard, at the step. */
export function stepPath(base: string, applicationId: string, group: string, step: string) {
  return group === 'kyb_flow'
    ? `${base}/application-kyb/${applicationId}/${step.replace(/_/g, '-')}`
    : `${base}/application-frf/${applicationId}/${frfStepId(step) ?? step}`;
}
