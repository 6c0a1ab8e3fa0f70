/**
 * The new-offer banner (capital spec §2 Capital home pieces).
 */
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { money, type Lang } from '../../../../domain/capital/format';
import { useCapitalBase } from '../api';
import { useCapitalEvents } from '../events';
import { IconSparkles } from '@tabler/icons-react';
import { headlineAmount } from '../../../../domain/capital/offers';
import type { Offer } from '../../../../domain/capital/types';

/** The new-offer banner (§2 Capital home pieces): the headline amount and a get-started link to the offer page. */
export function OfferBanner(props: { offer: Offer; origin: string; action?: boolean }) {
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const track = useCapitalEvents();
  return (
    <Card radius="lg" padding="lg" bg="navy.9" c="white" data-testid="offer-banner">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs">
            <ThemeIcon color="mint" variant="light" radius="xl" size="sm">
              <IconSparkles size={14} />
            </ThemeIcon>
            <Text size="sm" fw={600} c="mint.3">
              {t('offer.new')}
            </Text>
          </Group>
          <Title order={2} size="h3" c="white">
            {t('offer.upTo', {
              amount: money(headlineAmount(props.offer), props.offer.currency, i18n.language as Lang, {
                whole: true,
              }),
            })}
          </Title>
          <Text size="sm" c="gray.3">
            {t('offer.headlineBody')}
          </Text>
        </Stack>
        {props.action !== false && (
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
        )}
      </Group>
    </Card>
  );
}
