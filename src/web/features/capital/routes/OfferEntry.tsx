/**
 * The offer entry page (capital spec §2): the customisation that creates the application, or where a started one
 * continues.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/ErrorPage';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../components/notificationStore';
import {
  useCapitalBase,
  capitalKeys,
  createApplication,
  fetchApplicationOfOffer,
  updateApplication,
} from '../api';
import { useCapitalEvents } from '../events';
import { maxAmountFor } from '../../../../domain/capital/offers';
import { firstIncompleteStep, isSimpleOffer } from '../../../../domain/capital/steps';
import { Customisation } from '../components/Customisation';
import { useOfferAndApplication, stepPath } from '../components/useOfferAndApplication';

/**
 * {capital_base}/application/{offerId}/{merchantId}: the first incomplete step, else the customisation. With
 * `?customise` (the wizards' "change the amount or term", and §2's customize_your_offer step) the customisation
 * shows even when a step is waiting; saving it goes on to that step.
 */
export function OfferEntry() {
  const { offerId = '' } = useParams();
  const [search] = useSearchParams();
  const customise = search.has('customise');
  const { t } = useTranslation('capital');
  const base = useCapitalBase();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { ready, waiting } = useOfferAndApplication(offerId);
  const track = useCapitalEvents();
  const [terms, setTerms] = useState<{ amount: number; tenor: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const opened = useRef(false);
  const offer = ready?.offers.find((o) => o.id === offerId);
  useEffect(() => {
    if (offer && !opened.current) {
      opened.current = true;
      track('Capital Page Opened', { page: 'offer_entry', offer_id: offer.id });
    }
  }, [offer, track]);

  if (!ready) return waiting;
  if (!offer) return <ErrorPage status={404} />;
  // An offer of neither wizard is applied for with the simple form (§2 Simple application form).
  if (isSimpleOffer(offer.tags))
    return <Navigate to={`${base}/application/${offer.id}/${offer.merchant_id}/simple`} replace />;
  const next = ready.application ? firstIncompleteStep(ready.application.steps) : null;
  if (ready.application && next && !customise)
    return <Navigate to={stepPath(base, ready.application.id, next.group_name, next.name)} replace />;

  const save = async () => {
    if (!terms) return;
    setSaving(true);
    try {
      let saved;
      if (ready.application) saved = await updateApplication(ready.application.id, terms);
      else {
        await createApplication({ offer_id: offer.id, ...terms });
        saved = await fetchApplicationOfOffer(offer.id);
      }
      await client.invalidateQueries({ queryKey: capitalKeys.offerApplication(offerId) });
      notify({ variant: 'success', title: t('custom.saved'), message: '' });
      const step = saved ? firstIncompleteStep(saved.steps) : null;
      // Into the KYB wizard the customisation is replaced (§2: its navigation replaces history), so Back
      // from the wizard is the offer, not this page sending the merchant straight back in.
      if (saved && step)
        void navigate(stepPath(base, saved.id, step.group_name, step.name), {
          replace: step.group_name === 'kyb_flow',
        });
    } catch {
      notify({ variant: 'error', title: t('toast.errorTitle'), message: t('toast.generic') });
    } finally {
      setSaving(false);
    }
  };

  const initial = ready.application
    ? { amount: ready.application.amount, tenor: ready.application.tenor }
    : { amount: maxAmountFor(offer), tenor: offer.tenor };
  return (
    <>
      <PageHeader
        title={offer.merchant_name}
        breadcrumbs={[
          { label: t('crumb.capital'), to: base },
          { label: offer.merchant_name, to: `${base}/offers/${offer.id}` },
        ]}
      />
      <Stack gap="lg" maw={960}>
        <Customisation offer={offer} initial={initial} onChange={setTerms} />
        <Group>
          <Button
            onClick={() => void save()}
            loading={saving}
            disabled={!terms}
            data-testid="customise-continue"
          >
            {t('custom.continue')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
