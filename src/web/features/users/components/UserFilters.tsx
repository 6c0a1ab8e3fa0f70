/**
 * The team list's filters, kept in the address.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '../../../components/filters/ChoiceFilter';
import { FilterBar } from '../../../components/filters/FilterBar';
import { SearchFilter } from '../../../components/filters/SearchFilter';
import { ROLES } from '../../../../domain/permissions';
import { hasFilters, type UserFilters } from '../filters';

export function Filters(props: { filters: UserFilters; onChange: (patch: Partial<UserFilters>) => void }) {
  const { t } = useTranslation('users');
  const { filters, onChange } = props;
  const commitQuery = useCallback((query: string) => onChange({ query, page: 1 }), [onChange]);
  return (
    <FilterBar
      words={t}
      filtered={hasFilters(filters)}
      onClear={() => onChange({ roles: [], query: '', page: 1 })}
    >
      <SearchFilter words={t} value={filters.query} onCommit={commitQuery} width={280} />
      <ChoiceFilter
        words={t}
        label="filters.role"
        any="filters.rolePlaceholder"
        choices={ROLES}
        choice={(r) => `role.${r}`}
        value={filters.roles}
        onChange={(roles) => onChange({ roles, page: 1 })}
        width={280}
      />
    </FilterBar>
  );
}
