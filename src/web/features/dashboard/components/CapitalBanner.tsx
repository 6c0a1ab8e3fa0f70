/**
 * Capital's offer on the home (docs/dashboard.md): where capital is seen and an offer is waiting, its headline
 * amount and a link to capital. Nothing while it loads or when there is none (a banner, not a tile).
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { money, type Lang } from '../../../../domain/capital/format';
import { useCapitalOffers } from '../api';

export function CapitalBanner(props: { enabled: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const offers = useCapitalOffers(props.enabled).data ?? [];
  if (!props.enabled || offers.length === 0) return null;
  const best = offers.reduce((a, b) => (b.amount > a.amount ? b : a));
  return (
    <Card radius="lg" padding="lg" bg="navy.9" c="white" data-testid="home-capital">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap={6}>
            <IconSparkles size={16} />
            <Text size="sm" fw={600} c="mint.3">
              {t('home.capital.eyebrow')}
            </Text>
          </Group>
          <Title order={2} size="h4" c="white">
            {t('home.capital.upTo', {
              amount: money(best.amount, best.currency, i18n.language as Lang, { whole: true }),
            })}
          </Title>
          <Text size="sm" c="gray.3">
            {t('home.capital.body')}
          </Text>
        </Stack>
        <Button component={Link} to="/finance/capital" color="mint" c="navy.9">
          {t('home.capital.open')}
        </Button>
      </Group>
    </Card>
  );
}
