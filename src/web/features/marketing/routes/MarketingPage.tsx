/**
 * Marketing (shell spec §2.6 `marketing`, §6 canViewMarketing; docs/marketing.md): the area's hub. The store-listing
 * editor is built (a catalogue flow, `marketing/store-listing`); connecting a platform, products and the marketplace
 * are not yet, and their cards say so plainly — nothing here links to what does not work.
 */
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';

export function MarketingPage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <PageHeader title={t('title')} />
      <Text size="sm" c="dimmed" mb="md">
        {t('body')}
      </Text>
      <Card withBorder mb="lg" data-testid="marketing-store-listing">
        <Stack gap="xs" align="flex-start">
          <Title order={2} size="h4">
            {t('storeListing.title')}
          </Title>
          <Text size="sm">{t('storeListing.body')}</Text>
          <Button component={Link} to="/marketing/store-listing">
            {t('storeListing.open')}
          </Button>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {(['connect', 'products', 'marketplace'] as const).map((key) => (
          <Card withBorder key={key} data-testid={`marketing-${key}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb={4}>
              <Text fw={600}>{t(`${key}.title`)}</Text>
              <Badge variant="light" color="gray">
                {t('soon')}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t(`${key}.body`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
