/**
 * {capital_base}/offers/{id} (capital spec §2 Offer page): store switcher, selector, sections, call back, and the
 * feedback modal (useFeedbackOnLeave.ts).
 */
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, Radio, Select } from '@mantine/core';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { bestOffer, selectorOptions } from '../../../../domain/capital/offers';
import { money, type Lang } from '../../../../domain/capital/format';
import { useCapitalBase, useOffers } from '../api';
import { useCapitalEvents } from '../events';
import { useState } from 'react';
import { IconPhoneCall } from '@tabler/icons-react';
import { useAccount } from '../../../api/account';
import { useExperiments } from '../../../api/experiments';
import { isSimpleOffer } from '../../../../domain/capital/steps';
import { CallBackDialog, FeedbackModal } from '../components/Dialogs';
import { OfferSections } from '../components/OfferSections';
import { OfferBanner } from '../components/OfferBanner';
import { CapitalFrame } from '../components/CapitalFrame';
import type { Offer } from '../../../../contract/capital';
import { useStoreName } from '../components/useStoreName';
import { useFeedbackOnLeave } from '../components/useFeedbackOnLeave';

/** {capital_base}/offers/{id} (§2 Offer page). */
export function OfferPage() {
  const offers = useOffers();
  return <CapitalFrame query={offers}>{(list) => <OfferView offers={list} />}</CapitalFrame>;
}

/** The offer once the offers are loaded (an unknown one goes to the loans list). */
function OfferView(props: { offers: Offer[] }) {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const navigate = useNavigate();
  const offers = props.offers;
  const account = useAccount();
  const experiments = useExperiments();
  const storeName = useStoreName(offers);
  const track = useCapitalEvents();
  const [callBack, setCallBack] = useState(false);
  const feedback = useFeedbackOnLeave((experiments.data ?? []).includes('capital_feedback_form'));
  const lang = i18n.language as Lang;

  const offer = offers.find((o) => o.id === id);
  // §2: an unknown offer goes to the loans list.
  if (!offer) return <Navigate to={`${base}/loans`} replace />;
  const sameStore = offers.filter(
    (o) => o.store_id === offer.store_id && o.merchant_id === offer.merchant_id,
  );
  const storeIds = [...new Set(offers.map((o) => o.store_id ?? ''))];

  return (
    <>
      <PageHeader
        title={offer.merchant_name}
        breadcrumbs={[{ label: t('crumb.capital'), to: base }]}
        actions={[
          {
            label: t('callback.open'),
            onClick: () => setCallBack(true),
            icon: <IconPhoneCall size={16} />,
            opens: 'dialog',
          },
        ]}
      />
      <Stack gap="lg">
        <OfferBanner offer={bestOffer(sameStore) ?? offer} origin="offer_page" action={false} />
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Group justify="space-between" align="flex-end">
              <Title order={2} size="h4">
                {t('offer.choose')}
              </Title>
              {storeIds.length > 1 && (
                <Select
                  label={t('offer.store')}
                  description={t('offer.storeHint')}
                  data={storeIds.map((s) => ({ value: s, label: storeName(s) ?? s }))}
                  value={offer.store_id ?? ''}
                  allowDeselect={false}
                  w={{ base: '100%', sm: 280 }}
                  data-testid="store-switcher"
                  onChange={(storeId) => {
                    const next = bestOffer(offers.filter((o) => (o.store_id ?? '') === storeId));
                    if (!next) return;
                    track('Capital Store Selected', { merchantId: next.merchant_id, storeId });
                    void navigate(`${base}/offers/${next.id}`, { replace: true });
                  }}
                />
              )}
            </Group>
            <Radio.Group
              value={offer.id}
              onChange={(next) => {
                const chosen = offers.find((o) => o.id === next);
                track('Capital Offers Clicks', {
                  merchantId: chosen?.merchant_id,
                  offerId: next,
                  eventOrigin: 'selector',
                });
                void navigate(`${base}/offers/${next}`, { replace: true });
              }}
              aria-label={t('offer.choose')}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="offer-selector">
                {selectorOptions(sameStore).map(({ offer: o, best }) => (
                  <Radio.Card key={o.id} value={o.id} radius="md" p="md" data-offer={o.id}>
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator />
                      <Stack gap={2}>
                        <Group gap="xs">
                          <Text fw={700} dir="ltr">
                            {money(o.amount, o.currency, lang, { whole: true })}
                          </Text>
                          {best && (
                            <Badge color="teal" size="sm">
                              {t('offer.best')}
                            </Badge>
                          )}
                        </Group>
                        <Text size="sm" c="dimmed">
                          {t('offer.weeks', { count: o.tenor })} ·{' '}
                          {t('offer.repaymentRate', { rate: o.repayment_rate })}
                        </Text>
                        {o.tags.includes('early_payoff') && (
                          <Text size="xs" c="violet">
                            {t('offer.earlyPayoff')}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
            <Group>
              <Button
                component={Link}
                to={`${base}/application/${offer.id}/${offer.merchant_id}`}
                onClick={() =>
                  track('Capital Apply Clicked', {
                    merchantId: offer.merchant_id,
                    capitalAmount: offer.amount,
                    merchantName: offer.merchant_name,
                    currency: offer.currency,
                  })
                }
              >
                {/* A plain offer is applied for as it stands (the simple form has no customisation). */}
                {t(isSimpleOffer(offer.tags) ? 'offer.applySimple' : 'offer.apply')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPhoneCall size={16} />}
                onClick={() => setCallBack(true)}
              >
                {t('callback.open')}
              </Button>
            </Group>
          </Stack>
        </Card>
        <OfferSections />
      </Stack>
      <CallBackDialog
        opened={callBack}
        onClose={() => setCallBack(false)}
        offerId={offer.id}
        phone={account.data?.phone ?? ''}
      />
      <FeedbackModal opened={feedback.open} offerId={offer.id} onDone={feedback.done} />
    </>
  );
}
