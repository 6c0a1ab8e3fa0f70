/**
 * The disputes list's filters, kept in the address (onboarding spec §4).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPUTE_STATUSES } from '../../../../domain/disputes';
import { hasFilters, type ListFilters } from '../filters';
import { ChoiceFilter } from '../../../components/filters/ChoiceFilter';
import { DayRangeFilter } from '../../../components/filters/DayRangeFilter';
import { FilterBar } from '../../../components/filters/FilterBar';
import { SearchFilter } from '../../../components/filters/SearchFilter';

/** The filters; each change is a patch applied to the address as it is then (never to a stale copy). */
export function Filters(props: { filters: ListFilters; onChange: (patch: Partial<ListFilters>) => void }) {
  const { t } = useTranslation('disputes');
  const { filters, onChange } = props;
  const commitQ = useCallback((q: string) => onChange({ q }), [onChange]);
  return (
    <FilterBar
      words={t}
      filtered={hasFilters(filters)}
      onClear={() => onChange({ statuses: [], from: null, to: null, q: '' })}
    >
      <SearchFilter words={t} value={filters.q} onCommit={commitQ} width={260} />
      <ChoiceFilter
        words={t}
        label="filters.status"
        any="filters.statusPlaceholder"
        choices={DISPUTE_STATUSES}
        choice={(s) => `status.${s}`}
        value={filters.statuses}
        onChange={(statuses) => onChange({ statuses })}
        width={280}
      />
      <DayRangeFilter words={t} from={filters.from} to={filters.to} onChange={onChange} />
    </FilterBar>
  );
}
