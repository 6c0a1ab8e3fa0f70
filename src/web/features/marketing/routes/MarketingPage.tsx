/**
 * Marketing (shell spec §2.6 `marketing`, §6 canViewMarketing; docs/marketing.md): the area's hub — the store
 * listing (editor and where it stands), connecting any of the platforms (each marked when connected), the products
 * read from them (with the product catalog experiment) and the marketplace listing.
 */
import type { ReactNode } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ECOMMERCE_PLATFORMS, isConnectable } from '../../../../domain/marketing';
import { PageHeader } from '../../../components/PageHeader';
import { useConnections } from '../api';

export function MarketingPage() {
  const { t } = useTranslation('marketing');
  const connections = useConnections();
  const connected = new Set((connections.data?.connections ?? []).map((c) => c.platform));
  const catalog = connections.data?.merchants.some((m) => m.product_catalog) ?? false;
  return (
    <>
      <PageHeader title={t('title')} />
      <Text size="sm" c="dimmed" mb="md">
        {t('body')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="lg">
        <HubCard
          testId="marketing-store-listing"
          title={t('storeListing.title')}
          body={t('storeListing.body')}
        >
          <Button component={Link} to="/marketing/store-listing">
            {t('storeListing.open')}
          </Button>
          <Button component={Link} to="/marketing/draft" variant="default">
            {t('storeListing.state')}
          </Button>
        </HubCard>
        <HubCard testId="marketing-marketplace" title={t('marketplace.title')} body={t('marketplace.body')}>
          <Button component={Link} to="/marketplace" variant="default">
            {t('marketplace.open')}
          </Button>
          {catalog && (
            <Button component={Link} to="/marketing/products" variant="default">
              {t('products.title')}
            </Button>
          )}
        </HubCard>
      </SimpleGrid>
      <Title order={2} size="h4" mb={4}>
        {t('connect.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('connect.hubBody')}
      </Text>
      {connections.isPending ? (
        <Skeleton h={160} data-testid="platforms-loading" />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="xs" data-testid="marketing-platforms">
          {ECOMMERCE_PLATFORMS.filter(isConnectable).map((p) => (
            <UnstyledButton
              key={p}
              component={Link}
              to={`/marketing/connect/${p}`}
              p="sm"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
              data-platform={p}
            >
              <Group justify="space-between" wrap="nowrap" gap={4}>
                <Text size="sm" fw={500} truncate>
                  {t(`platform.${p}`)}
                </Text>
                {connected.has(p) && (
                  <Badge size="xs" variant="light" color="green">
                    {t('connect.connected')}
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

/** One of the hub's doors: what it is, a line on it, and its buttons. */
function HubCard(props: { testId: string; title: string; body: string; children: ReactNode }) {
  return (
    <Card withBorder data-testid={props.testId}>
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        <Text size="sm">{props.body}</Text>
        <Group gap="sm">{props.children}</Group>
      </Stack>
    </Card>
  );
}
