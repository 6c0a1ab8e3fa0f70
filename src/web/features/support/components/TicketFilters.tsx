/**
 * The tickets list's filters, kept in the address (docs/support.md).
 */
import { Button, Group, MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/DayInput';
import { TICKET_FILTER_STATUSES, TICKET_TOPICS } from '../../../../domain/support';
import { hasFilters, type TicketFilters } from '../filters';

export function Filters(props: {
  filters: TicketFilters;
  onChange: (patch: Partial<TicketFilters>) => void;
}) {
  const { t } = useTranslation('support');
  const { filters, onChange } = props;
  const backwards = filters.from !== null && filters.to !== null && filters.from > filters.to;
  return (
    <Group align="flex-start" gap="sm" mb="md" wrap="wrap">
      <MultiSelect
        label={t('filters.status')}
        placeholder={filters.statuses.length === 0 ? t('filters.statusPlaceholder') : undefined}
        data={TICKET_FILTER_STATUSES.map((s) => ({ value: s, label: t(`filterStatus.${s}`) }))}
        value={filters.statuses}
        onChange={(statuses) => onChange({ statuses: statuses as TicketFilters['statuses'], page: 1 })}
        clearable
        w={{ base: '100%', sm: 260 }}
      />
      <MultiSelect
        label={t('filters.topic')}
        placeholder={filters.topics.length === 0 ? t('filters.topicPlaceholder') : undefined}
        data={TICKET_TOPICS.map((x) => ({ value: x, label: t(`topic.${x}`) }))}
        value={filters.topics}
        onChange={(topics) => onChange({ topics: topics as TicketFilters['topics'], page: 1 })}
        clearable
        w={{ base: '100%', sm: 260 }}
      />
      <DayInput
        label={t('filters.from')}
        value={filters.from}
        onChange={(from) => onChange({ from, page: 1 })}
      />
      <DayInput
        label={t('filters.to')}
        value={filters.to}
        onChange={(to) => onChange({ to, page: 1 })}
        error={backwards ? t('filters.dateOrder') : undefined}
      />
      {hasFilters(filters) && (
        <Button
          variant="subtle"
          mt={{ base: 0, sm: 25 }}
          onClick={() => onChange({ statuses: [], topics: [], from: null, to: null, page: 1 })}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
