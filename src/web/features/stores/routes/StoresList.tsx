/**
 * The stores list (onboarding spec §7 "Stores"; docs/stores.md): filters in the address, a table on a desktop and
 * cards on a phone.
 */
import { isForbidden } from '../../../api/client';
import { Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores, type Store } from '../../../api/stores';
import { PageHeader } from '../../../components/PageHeader';
import { ForbiddenNotice } from '../../../components/DetailFrame';
import { RowLink, type ListColumn } from '../../../components/ResponsiveList';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { useSearchDraft } from '../../../components/useSearchDraft';
import { storePath } from '../components/storePath';
import { ContractBadge } from '../components/ContractBadge';
import { Products } from '../components/Products';
import { StoreCard } from '../components/StoreCard';
import { PagedList } from '../../../components/PagedList';

/** Stores per page (spec §3: lists default to 20). */
const PAGE = 20;

interface StoreFilters {
  query: string;
  page: number;
}

const filtersFrom = (params: URLSearchParams): StoreFilters => {
  const page = Number(params.get('page'));
  return {
    query: (params.get('q') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 5000 ? page : 1,
  };
};

const paramsOf = (filters: StoreFilters) => {
  const params = new URLSearchParams();
  if (filters.query.trim()) params.set('q', filters.query);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
};

function useStoreColumns(): ListColumn<Store>[] {
  const { t } = useTranslation('stores');
  return [
    {
      header: t('column.store'),
      cell: (s) => (
        <>
          <RowLink to={storePath(s.id)}>
            <bdi>{s.name}</bdi>
          </RowLink>
          <Text size="xs" c="dimmed">
            <bdi>{s.merchant_name}</bdi>
          </Text>
        </>
      ),
    },
    { header: t('column.country'), cell: (s) => t(`country.${s.country}`, { defaultValue: s.country }) },
    { header: t('column.products'), cell: (s) => <Products products={s.available_products} /> },
    { header: t('column.contract'), cell: (s) => <ContractBadge signed={s.contract_signed} /> },
  ];
}

export function StoresList() {
  const { t } = useTranslation('stores');
  const [filters, change] = useAddressFilters(filtersFrom, paramsOf);
  const list = useStores();
  const columns = useStoreColumns();
  const commitQuery = useCallback((query: string) => change({ query, page: 1 }), [change]);
  const [typed, setTyped] = useSearchDraft(filters.query, commitQuery);
  const all = list.data ?? [];
  const needle = filters.query.trim().toLowerCase();
  const matching = needle
    ? all.filter((s) => `${s.name} ${s.merchant_name}`.toLowerCase().includes(needle))
    : all;
  const page = Math.min(filters.page, Math.max(1, Math.ceil(matching.length / PAGE)));
  const shown = matching.slice((page - 1) * PAGE, page * PAGE);
  return (
    <>
      <PageHeader title={t('title')} />
      {all.length > 1 && (
        <TextInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          mb="md"
          maxLength={100}
        />
      )}
      {isForbidden(list.error) ? (
        <ForbiddenNotice title={t('forbidden.title')} body={t('forbidden.body')} />
      ) : (
        <PagedList
          name="stores"
          query={list}
          rows={shown}
          table={{ columns, minWidth: 720 }}
          cards={{
            render: (s) => <StoreCard store={s} />,
            link: (s) => storePath(s.id),
          }}
          loading={{ rows: 3, height: 52 }}
          words={{ t, filtered: Boolean(needle) }}
          pager={{ page, size: PAGE, total: matching.length, onChange: (next) => change({ page: next }) }}
        />
      )}
    </>
  );
}
