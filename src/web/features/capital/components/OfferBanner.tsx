/**
 * The new-offer banner (capital spec §2 Capital home pieces).
 */
import { PromoBanner } from '../../../components/PromoBanner';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { money, type Lang } from '../../../../domain/capital/format';
import { useCapitalBase } from '../api';
import { useCapitalEvents } from '../events';
import { headlineAmount } from '../../../../domain/capital/offers';
import type { Offer } from '../../../../domain/capital/types';

/** The new-offer banner (§2 Capital home pieces): the headline amount and a get-started link to the offer page. */
export function OfferBanner(props: { offer: Offer; origin: string; action?: boolean }) {
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const track = useCapitalEvents();
  return (
    <PromoBanner
      testId="offer-banner"
      eyebrow={t('offer.new')}
      title={t('offer.upTo', {
        amount: money(headlineAmount(props.offer), props.offer.currency, i18n.language as Lang, {
          whole: true,
        }),
      })}
      size="h3"
      body={t('offer.headlineBody')}
      action={
        props.action !== false && (
          <Button
            component={Link}
            to={`${base}/offers/${props.offer.id}`}
            color="mint"
            c="navy.9"
            onClick={() =>
              track('Capital Offers Clicks', {
                merchantId: props.offer.merchant_id,
                offerId: props.offer.id,
                eventOrigin: props.origin,
              })
            }
          >
            {t('offer.getStarted')}
          </Button>
        )
      }
    />
  );
}
