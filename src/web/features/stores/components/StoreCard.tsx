/**
 * A store as a card on a phone.
 */
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Store } from '../../../api/stores';
import { ContractBadge } from './ContractBadge';
import { Products } from './Products';

/** On a phone: a card a store. */
export function StoreCard(props: { store: Store }) {
  const { t } = useTranslation('stores');
  const s = props.store;
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} c="teal" truncate>
            <bdi>{s.name}</bdi>
          </Text>
          <Text size="xs" c="dimmed">
            <bdi>{s.merchant_name}</bdi> · {t(`country.${s.country}`, { defaultValue: s.country })}
          </Text>
        </Stack>
        <ContractBadge signed={s.contract_signed} />
      </Group>
      <Group mt="xs">
        <Products products={s.available_products} />
      </Group>
    </>
  );
}
