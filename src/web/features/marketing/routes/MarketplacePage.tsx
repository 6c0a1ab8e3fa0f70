/**
 * `marketplace` (shell spec §2.6; docs/marketing.md "The marketplace"): for each of the caller's merchants, the
 * published store listing as shoppers see it, whether they see it (hide / show), the edit in progress, how many
 * products are shown and the catalogue permission; before a first publish, the way to the editor.
 */
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MarketplaceFrame } from '../components/MarketplaceFrame';
import { dayText, langOf } from '../../../components/listText';
import { notify } from '../../../components/notificationStore';
import { useListingVisibility, type MarketplaceEntry } from '../api';
import { ListingPreview } from '../components/ListingPreview';

function Entry(props: { entry: MarketplaceEntry; several: boolean }) {
  const { t, i18n } = useTranslation('marketing');
  const visibility = useListingVisibility();
  const { entry } = props;
  const lang = langOf(i18n.language);

  const toggle = async (visible: boolean) => {
    try {
      await visibility.mutateAsync({ merchantId: entry.merchant.merchant_id, visible });
      notify({
        variant: 'success',
        title: t('marketplace.title'),
        message: t(visible ? 'marketplace.shownNow' : 'marketplace.hiddenNow'),
      });
    } catch {
      notify({ variant: 'error', title: t('marketplace.title'), message: t('marketplace.changeFailed') });
    }
  };

  return (
    <Stack gap="md" data-testid="marketplace-entry">
      {props.several && (
        <Title order={2} size="h4">
          <bdi>{entry.merchant.merchant_name}</bdi>
        </Title>
      )}
      {entry.listing ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ListingPreview listing={entry.listing} />
          <Stack gap="sm">
            <Card withBorder>
              <Stack gap="xs">
                <Switch
                  checked={entry.listing.visible}
                  disabled={visibility.isPending}
                  onChange={(e) => void toggle(e.currentTarget.checked)}
                  label={t('marketplace.visible')}
                  description={t(entry.listing.visible ? 'marketplace.visibleOn' : 'marketplace.visibleOff')}
                  data-testid="listing-visible"
                />
                <Text size="sm" c="dimmed">
                  {t('marketplace.published', {
                    revision: entry.listing.revision,
                    date: dayText(entry.listing.published_at, lang),
                  })}
                </Text>
                <Group gap="sm">
                  <Button component={Link} to="/marketing/store-listing" variant="default">
                    {t(entry.draft ? 'draft.continue' : 'marketplace.edit')}
                  </Button>
                  <Anchor component={Link} to="/marketing/draft" size="sm">
                    {t('marketplace.draftState')}
                  </Anchor>
                </Group>
              </Stack>
            </Card>
            {entry.merchant.product_catalog && (
              <Card withBorder data-testid="marketplace-catalog">
                <Stack gap="xs">
                  <Text fw={600}>{t('marketplace.products', { count: entry.products_in_marketplace })}</Text>
                  <Text size="sm" c="dimmed">
                    {t(
                      entry.merchant.catalog_authorised_at
                        ? 'marketplace.catalogOn'
                        : 'marketplace.catalogOff',
                    )}
                  </Text>
                  <Group gap="sm">
                    <Anchor component={Link} to="/marketing/products" size="sm">
                      {t('marketplace.chooseProducts')}
                    </Anchor>
                    <Anchor component={Link} to="/marketplace/product-catalog/auth" size="sm">
                      {t('marketplace.catalogPermission')}
                    </Anchor>
                  </Group>
                </Stack>
              </Card>
            )}
          </Stack>
        </SimpleGrid>
      ) : (
        <Alert color="blue" title={t('marketplace.noneTitle')} data-testid="marketplace-none">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t(entry.draft ? 'marketplace.noneDraft' : 'marketplace.noneBody')}</Text>
            <Button component={Link} to="/marketing/store-listing">
              {t(entry.draft ? 'draft.continue' : 'storeListing.open')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

export function MarketplacePage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketplaceFrame title={t('marketplace.title')} loading={{ testId: 'marketplace-loading', height: 280 }}>
      {(data) => (
        <>
          <Text size="sm" c="dimmed" mb="md">
            {t('marketplace.body')}
          </Text>
          <Stack gap="xl">
            {data.entries.map((entry) => (
              <Entry key={entry.merchant.merchant_id} entry={entry} several={data.entries.length > 1} />
            ))}
          </Stack>
        </>
      )}
    </MarketplaceFrame>
  );
}
