/**
 * {capital_base}/offers: every offer, best first (capital spec §2).
 */
import { useEffect } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bestOffer, selectorOptions } from '../../../../domain/capital/offers';
import { money, type Lang } from '../../../../domain/capital/format';
import { useCapitalBase, useOffers } from '../api';
import { useCapitalEvents } from '../events';
import { OfferBanner } from '../components/OfferBanner';
import { CapitalFrame } from '../components/CapitalFrame';
import type { Offer } from '../../../../contract/capital';
import { useStoreName } from '../components/useStoreName';

/** {capital_base}/offers: every offer, best first, each opening its page. */
export function OffersPage() {
  const { t } = useTranslation('capital');
  const offers = useOffers();
  const track = useCapitalEvents();
  useEffect(() => {
    if (offers.data) track('Capital Offers Loaded', { count: offers.data.length });
  }, [offers.data, track]);
  return (
    <CapitalFrame query={offers} title={t('offer.choose')}>
      {(list) => <OfferCards offers={list} />}
    </CapitalFrame>
  );
}

/** The offers once loaded: the best one's banner, then a card an offer. */
function OfferCards(props: { offers: Offer[] }) {
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const track = useCapitalEvents();
  const storeName = useStoreName(props.offers);
  const offers = props.offers;
  const best = bestOffer(offers);
  const lang = i18n.language as Lang;
  return (
    <Stack gap="lg">
      {best && <OfferBanner offer={best} origin="offers_list" />}
      {offers.length === 0 && <Text c="dimmed">{t('loans.empty')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {selectorOptions(offers).map(({ offer }) => (
          <Card key={offer.id} withBorder radius="lg" padding="lg" data-offer={offer.id}>
            <Group justify="space-between" mb="xs">
              <Text fw={700} size="lg" dir="ltr">
                {money(offer.amount, offer.currency, lang, { whole: true })}
              </Text>
              {offer.id === best?.id && <Badge color="teal">{t('offer.best')}</Badge>}
            </Group>
            <Text size="sm">{storeName(offer.store_id)}</Text>
            <Text size="sm" c="dimmed">
              {t('offer.weeks', { count: offer.tenor })} ·{' '}
              {t('offer.repaymentRate', { rate: offer.repayment_rate })}
            </Text>
            <Group mt="md">
              <Button
                variant="light"
                component={Link}
                to={`${base}/offers/${offer.id}`}
                onClick={() =>
                  track('Capital Offers Clicks', {
                    merchantId: offer.merchant_id,
                    offerId: offer.id,
                    eventOrigin: 'offers_list',
                  })
                }
              >
                {t('loans.view')}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
