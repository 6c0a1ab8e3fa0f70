/**
 * A store's products.
 */
import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type StoreDetail } from '../api';

export function ProductsTab(props: { store: StoreDetail }) {
  const { t } = useTranslation('stores');
  const products = props.store.available_products;
  if (products.length === 0) return <Text c="dimmed">{t('products.none')}</Text>;
  return (
    <Stack gap="sm" data-testid="products">
      {products.map((p) => (
        <Paper key={p} withBorder p="sm" radius="md">
          <Text fw={500}>{t(`product.${p}`, { defaultValue: p })}</Text>
          <Text size="sm" c="dimmed">
            {t(`productHint.${p}`, { defaultValue: '' })}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
