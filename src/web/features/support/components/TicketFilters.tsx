/**
 * The tickets list's filters, kept in the address (docs/support.md).
 */
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '../../../components/filters/ChoiceFilter';
import { DayRangeFilter } from '../../../components/filters/DayRangeFilter';
import { FilterBar } from '../../../components/filters/FilterBar';
import { TICKET_FILTER_STATUSES, TICKET_TOPICS } from '../../../../domain/support';
import { hasFilters, type TicketFilters } from '../filters';

export function Filters(props: {
  filters: TicketFilters;
  onChange: (patch: Partial<TicketFilters>) => void;
}) {
  const { t } = useTranslation('support');
  const { filters, onChange } = props;
  return (
    <FilterBar
      words={t}
      filtered={hasFilters(filters)}
      onClear={() => onChange({ statuses: [], topics: [], from: null, to: null, page: 1 })}
    >
      <ChoiceFilter
        words={t}
        label="filters.status"
        any="filters.statusPlaceholder"
        choices={TICKET_FILTER_STATUSES}
        choice={(s) => `filterStatus.${s}`}
        value={filters.statuses}
        onChange={(statuses) => onChange({ statuses, page: 1 })}
        width={260}
      />
      <ChoiceFilter
        words={t}
        label="filters.topic"
        any="filters.topicPlaceholder"
        choices={TICKET_TOPICS}
        choice={(x) => `topic.${x}`}
        value={filters.topics}
        onChange={(topics) => onChange({ topics, page: 1 })}
        width={260}
      />
      <DayRangeFilter
        words={t}
        from={filters.from}
        to={filters.to}
        onChange={(range) => onChange({ ...range, page: 1 })}
      />
    </FilterBar>
  );
}
