/**
 * Capital's offer on the home (docs/dashboard.md): where capital is seen and an offer is waiting, its headline
 * amount and a link to capital. Nothing while it loads or when there is none (a banner, not a tile).
 */
import { PromoBanner } from '../../../components/PromoBanner';
import { Button } from '@mantine/core';
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
    <PromoBanner
      testId="home-capital"
      eyebrow={t('home.capital.eyebrow')}
      title={t('home.capital.upTo', {
        amount: money(best.amount, best.currency, i18n.language as Lang, { whole: true }),
      })}
      size="h4"
      body={t('home.capital.body')}
      action={
        <Button component={Link} to="/finance/capital" color="mint" c="navy.9">
          {t('home.capital.open')}
        </Button>
      }
    />
  );
}
