/**
 * The team list's filters, kept in the address.
 */
import { Button, Group, MultiSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchDraft } from '../../../components/useSearchDraft';
import { ROLES, type Role } from '../../../../domain/permissions';
import { hasFilters, type UserFilters } from '../filters';

export function Filters(props: { filters: UserFilters; onChange: (patch: Partial<UserFilters>) => void }) {
  const { t } = useTranslation('users');
  const { filters, onChange } = props;
  const commitQuery = useCallback((query: string) => onChange({ query, page: 1 }), [onChange]);
  const [typed, setTyped] = useSearchDraft(filters.query, commitQuery);
  return (
    <Group align="flex-start" gap="sm" mb="md" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange({ query: typed, page: 1 });
        }}
        w={{ base: '100%', sm: 280 }}
        maxLength={100}
      />
      <MultiSelect
        label={t('filters.role')}
        placeholder={filters.roles.length === 0 ? t('filters.rolePlaceholder') : undefined}
        data={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
        value={filters.roles}
        onChange={(roles) => onChange({ roles: roles as Role[], page: 1 })}
        clearable
        w={{ base: '100%', sm: 280 }}
      />
      {hasFilters(filters) && (
        <Button
          variant="subtle"
          mt={{ base: 0, sm: 25 }}
          onClick={() => {
            setTyped('');
            onChange({ roles: [], query: '', page: 1 });
          }}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
