/**
 * The disputes list's filters, kept in the address (onboarding spec §4).
 */
import { Button, Group, MultiSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPUTE_STATUSES } from '../../../../domain/disputes';
import { hasFilters, type ListFilters } from '../filters';
import { DayInput } from '../../../components/DayInput';
import { useSearchDraft } from '../../../components/useSearchDraft';

/** The filters; each change is a patch applied to the address as it is then (never to a stale copy). */
export function Filters(props: { filters: ListFilters; onChange: (patch: Partial<ListFilters>) => void }) {
  const { t } = useTranslation('disputes');
  const { filters, onChange } = props;
  const commitQ = useCallback((q: string) => onChange({ q }), [onChange]);
  const [q, setQ] = useSearchDraft(filters.q, commitQ);
  const backwards = filters.from !== null && filters.to !== null && filters.from > filters.to;
  return (
    <Group align="flex-start" gap="sm" mb="md" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maxLength={100}
        w={{ base: '100%', sm: 260 }}
      />
      <MultiSelect
        label={t('filters.status')}
        placeholder={filters.statuses.length === 0 ? t('filters.statusPlaceholder') : undefined}
        data={DISPUTE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={filters.statuses}
        onChange={(statuses) => onChange({ statuses: statuses as ListFilters['statuses'] })}
        clearable
        w={{ base: '100%', sm: 280 }}
      />
      <DayInput label={t('filters.from')} value={filters.from} onChange={(from) => onChange({ from })} />
      <DayInput
        label={t('filters.to')}
        value={filters.to}
        onChange={(to) => onChange({ to })}
        error={backwards ? t('filters.dateOrder') : undefined}
      />
      {hasFilters(filters) && (
        <Button
          variant="subtle"
          mt={{ base: 0, sm: 25 }}
          onClick={() => {
            setQ('');
            onChange({ statuses: [], from: null, to: null, q: '' });
          }}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
