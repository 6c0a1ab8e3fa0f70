/**
 * {capital_base}/offers: every offer, best first (capital spec §2).
 */
import { useEffect } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/ErrorPage';
import { PageHeader } from '../../../components/PageHeader';
import { bestOffer, selectorOptions } from '../../../../domain/capital/offers';
import { money, type Lang } from '../../../../domain/capital/format';
import { useCapitalBase, useOffers } from '../api';
import { useCapitalEvents } from '../events';
import { OfferBanner } from '../components/OfferBanner';
import { PageLoading } from '../components/PageLoading';
import { useStoreName } from '../components/useStoreName';

/** {capital_base}/offers: every offer, best first, each opening its page. */
export function OffersPage() {
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const offers = useOffers();
  const storeName = useStoreName(offers.data);
  const track = useCapitalEvents();
  useEffect(() => {
    if (offers.data) track('Capital Offers Loaded', { count: offers.data.length });
  }, [offers.data, track]);
  const crumbs = [{ label: t('crumb.capital'), to: base }];
  if (offers.isPending) return <PageLoading />;
  if (offers.isError) return <ErrorPage status={500} onRetry={() => void offers.refetch()} />;
  const best = bestOffer(offers.data);
  const lang = i18n.language as Lang;
  return (
    <>
      <PageHeader title={t('offer.choose')} breadcrumbs={crumbs} />
      <Stack gap="lg">
        {best && <OfferBanner offer={best} origin="offers_list" />}
        {offers.data.length === 0 && <Text c="dimmed">{t('loans.empty')}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {selectorOptions(offers.data).map(({ offer }) => (
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
    </>
  );
}
