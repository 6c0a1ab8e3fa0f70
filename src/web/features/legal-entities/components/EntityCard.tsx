/**
 * A legal entity as a card.
 */
import { Text } from '@mantine/core';
import { ListCard } from '../../../components/ListCard';
import { useTranslation } from 'react-i18next';
import { type LegalEntityListItem } from '../api';
import { StatusBadge } from './StatusBadge';
import { Licence } from './Licence';

/** A legal entity in the list: its name, country and licence, and its status. */
export function EntityCard(props: { entity: LegalEntityListItem }) {
  const { t } = useTranslation('legal-entities');
  const e = props.entity;
  return (
    <ListCard title={e.legal_company_name ?? e.id} end={<StatusBadge status={e.status} />} gap={4}>
      <Text size="xs" c="dimmed">
        {t(`country.${e.country}`, { defaultValue: e.country })}
      </Text>
      <Licence expiry={e.license_expiry_date} />
    </ListCard>
  );
}
