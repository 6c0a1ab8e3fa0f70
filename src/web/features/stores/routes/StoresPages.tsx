/**
 * Stores (onboarding spec §2 "Stores: list, store detail with tabs (commissions, contract, available products,
 * schedules)"; shell spec §2.6 `business-profile/stores/{merchantId}/{tab}`; docs/stores.md). The address's
 * `{merchantId}` carries the store's id (a merchant's stores are what this page lists) and `{tab}` the open tab.
 * Workspace admins only (the route's gate; the calls answer 403 to anybody else).
 */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useStores, type Store } from '../../../api/stores';
import { analytics } from '../../../analytics';
import { PageHeader } from '../../../components/PageHeader';
import { Day, Money } from '../../../components/ListParts';
import { ListSkeleton, LoadFailed } from '../../../components/QueryStates';
import { DetailFrame, ForbiddenNotice, type Crumbs } from '../../../components/DetailFrame';
import { ListPager, ResponsiveList, RowLink, type ListColumn } from '../../../components/ResponsiveList';
import { notify } from '../../../components/notificationStore';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { useSearchDraft } from '../../../components/useSearchDraft';
import { minorToDecimal } from '../../../../domain/disputes';
import { isStoreTab, STORE_TABS, type PayoutSchedule, type StoreTab } from '../../../../domain/stores';
import {
  useCommissions,
  useContract,
  useSchedules,
  useSignContract,
  useStore,
  type StoreDetail,
} from '../api';

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

const storePath = (id: string, tab: StoreTab = 'commissions') =>
  `/business-profile/stores/${encodeURIComponent(id)}/${tab}`;

function ContractBadge(props: { signed: boolean }) {
  const { t } = useTranslation('stores');
  return (
    <Badge
      variant="light"
      color={props.signed ? 'teal' : 'yellow'}
      data-contract={props.signed ? 'signed' : 'unsigned'}
    >
      {props.signed ? t('contract.signed') : t('contract.unsigned')}
    </Badge>
  );
}

function Products(props: { products: string[] }) {
  const { t } = useTranslation('stores');
  return (
    <Group gap={6}>
      {props.products.map((p) => (
        <Badge key={p} variant="outline" color="gray" tt="none">
          {t(`product.${p}`, { defaultValue: p })}
        </Badge>
      ))}
    </Group>
  );
}

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

/** On a phone: a card a store. */
function StoreCard(props: { store: Store }) {
  const { t } = useTranslation('stores');
  const s = props.store;
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} c="teal" truncate>
            <bdi>{s.name}</bdi>
          </Text>
          <Text size="xs" c="dimmed">
            <bdi>{s.merchant_name}</bdi> · {t(`country.${s.country}`, { defaultValue: s.country })}
          </Text>
        </Stack>
        <ContractBadge signed={s.contract_signed} />
      </Group>
      <Group mt="xs">
        <Products products={s.available_products} />
      </Group>
    </>
  );
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
      {list.error instanceof ApiError && list.error.status === 403 ? (
        <ForbiddenNotice title={t('forbidden.title')} body={t('forbidden.body')} />
      ) : (
        <ResponsiveList
          query={list}
          rows={shown}
          rowKey={(s) => s.id}
          rowAttribute="store"
          table={{ columns, minWidth: 720, testId: 'stores' }}
          cards={{
            render: (s) => <StoreCard store={s} />,
            link: (s) => storePath(s.id),
            testId: 'store-cards',
          }}
          loading={{ rows: 3, height: 52, testId: 'stores-loading' }}
          loadFailed={t('loadFailed')}
          empty={
            needle
              ? { testId: 'stores-empty', title: t('empty.filtered') }
              : { testId: 'stores-empty', title: t('empty.title'), body: t('empty.body') }
          }
          footer={
            <ListPager
              page={page}
              pageSize={PAGE}
              count={shown.length}
              total={matching.length}
              onChange={(next) => change({ page: next })}
              shown={(range) => t('shown', range)}
            />
          }
        />
      )}
    </>
  );
}

/** A part of a tab that loads on its own: skeleton, failure with Try again, then the content. */
function Part<T>(props: {
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('stores');
  if (props.query.isPending) return <ListSkeleton rows={2} height={44} testId="store-tab-loading" />;
  if (props.query.isError || props.query.data === undefined)
    return <LoadFailed title={t('tabFailed')} retry={t('retry')} onRetry={props.query.refetch} />;
  return <>{props.children(props.query.data)}</>;
}

const amount = (minor: number, currency: string) => Number(minorToDecimal(minor, currency));

function CommissionsTab(props: { store: StoreDetail }) {
  const { t } = useTranslation('stores');
  const query = useCommissions(props.store.id);
  const currency = query.data?.currency ?? props.store.currency;
  return (
    <ResponsiveList
      query={query}
      rows={query.data?.items ?? []}
      rowKey={(c) => c.product}
      rowAttribute="product"
      table={{
        minWidth: 420,
        testId: 'commissions',
        highlight: false,
        columns: [
          {
            header: t('column.product'),
            cell: (c) => t(`product.${c.product}`, { defaultValue: c.product }),
          },
          {
            header: t('commissions.rate'),
            cell: (c) => <bdi dir="ltr">{t('commissions.percent', { value: c.rate_percent })}</bdi>,
          },
          {
            header: t('commissions.fixed'),
            cell: (c) => <Money amount={amount(c.fixed_fee_minor, currency)} currency={currency} />,
          },
        ],
      }}
      cards={{ testId: 'commission-cards' }}
      loading={{ rows: 2, height: 44, testId: 'store-tab-loading' }}
      loadFailed={t('tabFailed')}
      empty={{ testId: 'commissions-empty', title: t('commissions.none') }}
    />
  );
}

function ProductsTab(props: { store: StoreDetail }) {
  const { t } = useTranslation('stores');
  const products = props.store.available_products;
  if (products.length === 0) return <Text c="dimmed">{t('products.none')}</Text>;
  return (
    <Stack gap="sm" data-testid="products">
      {products.map((p) => (
        <Paper key={p} withBorder p="sm" radius="md">
          <Text fw={500}>{t(`product.${p}`, { defaultValue: p })}</Text>
          <Text size="sm" c="dimmed">
            {t(`productHint.${p}`, { defaultValue: '' })}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

function when(s: PayoutSchedule, t: (key: string, options?: Record<string, unknown>) => string) {
  if (s.frequency === 'weekly') return t('schedules.weekly', { day: t(`weekday.${s.weekday ?? 0}`) });
  if (s.frequency === 'monthly') return t('schedules.monthly', { day: s.day_of_month ?? 1 });
  return t('schedules.daily');
}

function SchedulesTab(props: { store: StoreDetail }) {
  const { t } = useTranslation('stores');
  const query = useSchedules(props.store.id);
  const currency = query.data?.currency ?? props.store.currency;
  return (
    <Stack gap="sm">
      {query.data && query.data.items.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('schedules.currency', { currency })}
        </Text>
      )}
      <ResponsiveList
        query={query}
        rows={query.data?.items ?? []}
        rowKey={(s) => s.product}
        rowAttribute="product"
        table={{
          minWidth: 560,
          testId: 'schedules',
          highlight: false,
          columns: [
            {
              header: t('column.product'),
              cell: (s) => t(`product.${s.product}`, { defaultValue: s.product }),
            },
            { header: t('schedules.when'), cell: (s) => when(s, t) },
            { header: t('schedules.delay'), cell: (s) => t('schedules.days', { count: s.delay_days }) },
            {
              header: t('schedules.minimum'),
              cell: (s) => <Money amount={amount(s.minimum_minor, currency)} currency={currency} />,
            },
            { header: t('schedules.next'), cell: (s) => <Day iso={`${s.next_payout_on}T12:00:00Z`} /> },
          ],
        }}
        cards={{ testId: 'schedule-cards' }}
        loading={{ rows: 2, height: 44, testId: 'store-tab-loading' }}
        loadFailed={t('tabFailed')}
        empty={{ testId: 'schedules-empty', title: t('schedules.none') }}
      />
    </Stack>
  );
}

function ContractTab(props: { store: StoreDetail }) {
  const { t } = useTranslation('stores');
  const query = useContract(props.store.id);
  const sign = useSignContract(props.store.id);
  const [accepted, setAccepted] = useState(false);
  const [missing, setMissing] = useState(false);
  return (
    <Part query={query}>
      {(contract) =>
        contract.signed ? (
          <Alert
            color="teal"
            icon={<IconCircleCheck />}
            title={t('contract.signedTitle')}
            data-testid="contract-signed"
          >
            {contract.signed_at && (
              <Text size="sm">
                {t('contract.signedOn')} <Day iso={contract.signed_at} />
              </Text>
            )}
          </Alert>
        ) : (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={680}>
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('contract.heading', { store: `\u2068${props.store.name}\u2069` })}
              </Title>
              <Text size="sm">
                {t('contract.body', { merchant: `\u2068${props.store.merchant_name}\u2069` })}
              </Text>
              {!contract.can_sign ? (
                <Alert color="yellow" title={t('contract.cannotTitle')}>
                  <Text size="sm">{t('contract.cannot')}</Text>
                  <Button component={Link} to="/dashboard/business-profile" size="xs" variant="light" mt="sm">
                    {t('contract.toProfile')}
                  </Button>
                </Alert>
              ) : (
                <>
                  <Checkbox
                    label={t('contract.accept')}
                    checked={accepted}
                    error={missing && !accepted ? t('contract.acceptRequired') : undefined}
                    onChange={(event) => setAccepted(event.currentTarget.checked)}
                  />
                  <Button
                    style={{ alignSelf: 'flex-start' }}
                    loading={sign.isPending}
                    onClick={() => {
                      if (!accepted) return setMissing(true);
                      sign.mutate(undefined, {
                        onSuccess: () => {
                          analytics.track('Store Contract Signed', { store_id: props.store.id });
                          notify({
                            variant: 'success',
                            title: t('contract.signedTitle'),
                            message: t('contract.done'),
                            autoHide: true,
                          });
                        },
                        onError: () =>
                          notify({
                            variant: 'error',
                            title: t('contract.failedTitle'),
                            message: t('contract.failed'),
                          }),
                      });
                    }}
                  >
                    {t('contract.sign')}
                  </Button>
                </>
              )}
            </Stack>
          </Paper>
        )
      }
    </Part>
  );
}

export function StoreDetailPage() {
  const { t } = useTranslation('stores');
  const { merchantId: id = '', tab = 'commissions' } = useParams();
  const store = useStore(id);
  return (
    <DetailFrame
      query={store}
      area={{ title: t('title'), to: '/business-profile/stores' }}
      forbidden={{ title: t('forbidden.title'), body: t('forbidden.body') }}
      skeleton={{ testId: 'store-loading', blocks: [{ h: 36, w: 280 }, 40, 160] }}
    >
      {(s, crumbs) => <StorePage store={s} tab={tab} crumbs={crumbs} />}
    </DetailFrame>
  );
}

function StorePage(props: { store: StoreDetail; tab: string; crumbs: Crumbs }) {
  const { t } = useTranslation('stores');
  const navigate = useNavigate();
  const { crumbs, tab } = props;
  const s = props.store;
  // An unknown tab in a hand-edited address opens the first.
  const current: StoreTab = isStoreTab(tab) ? tab : 'commissions';
  return (
    <>
      <PageHeader title={s.name} breadcrumbs={crumbs} />
      <Group gap="sm" mb="md">
        <ContractBadge signed={s.contract_signed} />
        <Text size="sm" c="dimmed">
          <bdi>{s.merchant_name}</bdi> · {t(`country.${s.country}`, { defaultValue: s.country })} ·{' '}
          {s.currency}
        </Text>
      </Group>
      <Tabs
        value={current}
        onChange={(next) => next && void navigate(storePath(s.id, next as StoreTab), { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {STORE_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`tab.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="commissions">
          <CommissionsTab store={s} />
        </Tabs.Panel>
        <Tabs.Panel value="contract">
          <ContractTab store={s} />
        </Tabs.Panel>
        <Tabs.Panel value="products">
          <ProductsTab store={s} />
        </Tabs.Panel>
        <Tabs.Panel value="schedules">
          <SchedulesTab store={s} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
