/**
 * `marketing/draft` (shell spec §2.6; docs/marketing.md "Draft and publishing"): where the store listing stands —
 * the edit in progress (its name as typed, when it was last saved, "Continue editing") and the published revision
 * (when, whether shoppers see it, "See it in the marketplace"); before either, the way to start.
 */
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MarketplaceFrame } from '../components/MarketplaceFrame';
import { dayText, langOf, timeText } from '../../../components/listText';

export function MarketingDraftPage() {
  const { t, i18n } = useTranslation('marketing');
  const lang = langOf(i18n.language);
  return (
    <MarketplaceFrame title={t('draft.title')} loading={{ testId: 'draft-loading', height: 160 }}>
      {(data) => (
        <Stack gap="xl">
          {data.entries.map((entry) => (
            <Stack gap="sm" key={entry.merchant.merchant_id}>
              {data.entries.length > 1 && (
                <Title order={2} size="h4">
                  <bdi>{entry.merchant.merchant_name}</bdi>
                </Title>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Card withBorder data-testid="draft-in-progress">
                  <Stack gap="xs" align="flex-start">
                    <Group gap="xs">
                      <Text fw={600}>{t('draft.inProgress')}</Text>
                      <Badge variant="light" color={entry.draft ? 'yellow' : 'gray'}>
                        {t(entry.draft ? 'draft.state.draft' : 'draft.state.none')}
                      </Badge>
                    </Group>
                    {entry.draft ? (
                      <>
                        <Text size="sm">
                          <bdi>{entry.draft.display_name ?? t('draft.unnamed')}</bdi>
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('draft.saved', {
                            date: dayText(entry.draft.updated_at, lang),
                            time: timeText(entry.draft.updated_at),
                          })}
                        </Text>
                      </>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t(entry.listing ? 'draft.noneAfterPublish' : 'draft.noneYet')}
                      </Text>
                    )}
                    <Button component={Link} to="/marketing/store-listing" mt={4}>
                      {t(
                        entry.draft
                          ? 'draft.continue'
                          : entry.listing
                            ? 'marketplace.edit'
                            : 'storeListing.open',
                      )}
                    </Button>
                  </Stack>
                </Card>
                <Card withBorder data-testid="draft-published">
                  <Stack gap="xs" align="flex-start">
                    <Group gap="xs">
                      <Text fw={600}>{t('draft.publishedTitle')}</Text>
                      <Badge
                        variant="light"
                        color={!entry.listing ? 'gray' : entry.listing.visible ? 'green' : 'orange'}
                      >
                        {t(
                          !entry.listing
                            ? 'draft.state.unpublished'
                            : entry.listing.visible
                              ? 'draft.state.live'
                              : 'draft.state.hidden',
                        )}
                      </Badge>
                    </Group>
                    {entry.listing ? (
                      <>
                        <Text size="sm">
                          <bdi>{entry.listing.display_name}</bdi>
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('marketplace.published', {
                            revision: entry.listing.revision,
                            date: dayText(entry.listing.published_at, lang),
                          })}
                        </Text>
                        <Button component={Link} to="/marketplace" variant="default" mt={4}>
                          {t('draft.seeMarketplace')}
                        </Button>
                      </>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('draft.notPublished')}
                      </Text>
                    )}
                  </Stack>
                </Card>
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      )}
    </MarketplaceFrame>
  );
}
