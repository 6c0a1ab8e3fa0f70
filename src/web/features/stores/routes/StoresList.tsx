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
import { RowLink, type ListLook } from '../../../components/ResponsiveList';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { useSearchDraft } from '../../../components/useSearchDraft';
import { storePath } from '../components/storePath';
import { ContractBadge } from '../components/ContractBadge';
import { Products } from '../components/Products';
import { StoreCard } from '../components/StoreCard';
import { PagedList, slicedPageOf } from '../../../components/PagedList';

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

function useLook(): ListLook<Store> {
  const { t } = useTranslation('stores');
  const columns: ListLook<Store>['columns'] = [
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
  return {
    columns,
    card: (s) => <StoreCard store={s} />,
    link: (s) => storePath(s.id),
    skeleton: { rows: 3, height: 52 },
  };
}

export function StoresList() {
  const { t } = useTranslation('stores');
  const [filters, change] = useAddressFilters(filtersFrom, paramsOf);
  const list = useStores();
  const look = useLook();
  const commitQuery = useCallback((query: string) => change({ query, page: 1 }), [change]);
  const [typed, setTyped] = useSearchDraft(filters.query, commitQuery);
  const all = list.data ?? [];
  const needle = filters.query.trim().toLowerCase();
  const matching = needle
    ? all.filter((s) => `${s.name} ${s.merchant_name}`.toLowerCase().includes(needle))
    : all;
  const stores = slicedPageOf(list, matching, {
    page: filters.page,
    size: PAGE,
    onChange: (page) => change({ page }),
  });
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
        <PagedList name="stores" of={stores} look={look} words={{ t, filtered: Boolean(needle) }} />
      )}
    </>
  );
}
