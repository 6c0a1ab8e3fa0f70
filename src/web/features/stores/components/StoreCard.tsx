/**
 * A store as a card on a phone.
 */
import { Group, Text } from '@mantine/core';
import { ListCard } from '../../../components/ListCard';
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
      <ListCard title={s.name} end={<ContractBadge signed={s.contract_signed} />}>
        <Text size="xs" c="dimmed">
          <bdi>{s.merchant_name}</bdi> · {t(`country.${s.country}`, { defaultValue: s.country })}
        </Text>
      </ListCard>
      <Group mt="xs">
        <Products products={s.available_products} />
      </Group>
    </>
  );
}
