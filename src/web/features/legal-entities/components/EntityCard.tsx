/**
 * A legal entity as a card.
 */
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type LegalEntityListItem } from '../api';
import { StatusBadge } from './StatusBadge';
import { Licence } from './Licence';

/** A legal entity in the list: its name, country and licence, and its status. */
export function EntityCard(props: { entity: LegalEntityListItem }) {
  const { t } = useTranslation('legal-entities');
  const e = props.entity;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text fw={600} c="teal" truncate>
          <bdi>{e.legal_company_name ?? e.id}</bdi>
        </Text>
        <Text size="xs" c="dimmed">
          {t(`country.${e.country}`, { defaultValue: e.country })}
        </Text>
        <Licence expiry={e.license_expiry_date} />
      </Stack>
      <StatusBadge status={e.status} />
    </Group>
  );
}
