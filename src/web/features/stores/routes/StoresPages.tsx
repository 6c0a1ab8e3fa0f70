/**
 * Stores (onboarding spec §2 "Stores: list, store detail with tabs (commissions, contract, available products,
 * schedules)"; shell spec §2.6 `business-profile/stores/{merchantId}/{tab}`; docs/stores.md). The address's
 * `{merchantId}` carries the store's id (a merchant's stores are what this page lists) and `{tab}` the open tab.
 * Workspace admins only (the route's gate; the calls answer 403 to anybody else).
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
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
import { ListSkeleton, LoadFailed, QueryFallback } from '../../../components/QueryStates';
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

function StoreRows(props: { stores: Store[] }) {
  const { t } = useTranslation('stores');
  return (
    <Table.ScrollContainer minWidth={720} visibleFrom="sm">
      <Table highlightOnHover verticalSpacing="sm" data-testid="stores">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('column.store')}</Table.Th>
            <Table.Th>{t('column.country')}</Table.Th>
            <Table.Th>{t('column.products')}</Table.Th>
            <Table.Th>{t('column.contract')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.stores.map((s) => (
            <Table.Tr key={s.id} data-store={s.id}>
              <Table.Td>
                <Anchor component={Link} to={storePath(s.id)} fw={500}>
                  <bdi>{s.name}</bdi>
                </Anchor>
                <Text size="xs" c="dimmed">
                  <bdi>{s.merchant_name}</bdi>
                </Text>
              </Table.Td>
              <Table.Td>{t(`country.${s.country}`, { defaultValue: s.country })}</Table.Td>
              <Table.Td>
                <Products products={s.available_products} />
              </Table.Td>
              <Table.Td>
                <ContractBadge signed={s.contract_signed} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function StoreCards(props: { stores: Store[] }) {
  const { t } = useTranslation('stores');
  return (
    <Stack gap="xs" hiddenFrom="sm" data-testid="store-cards">
      {props.stores.map((s) => (
        <Card key={s.id} withBorder padding="sm" component={Link} to={storePath(s.id)} data-store={s.id}>
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
        </Card>
      ))}
    </Stack>
  );
}

export function StoresList() {
  const { t } = useTranslation('stores');
  const [filters, change] = useAddressFilters(filtersFrom, paramsOf);
  const list = useStores();
  const commitQuery = useCallback((query: string) => change({ query, page: 1 }), [change]);
  const [typed, setTyped] = useSearchDraft(filters.query, commitQuery);
  const all = list.data ?? [];
  const needle = filters.query.trim().toLowerCase();
  const matching = needle
    ? all.filter((s) => `${s.name} ${s.merchant_name}`.toLowerCase().includes(needle))
    : all;
  const pages = Math.max(1, Math.ceil(matching.length / PAGE));
  const page = Math.min(filters.page, pages);
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
      {list.isPending ? (
        <ListSkeleton rows={3} height={52} testId="stores-loading" />
      ) : list.isError ? (
        list.error instanceof ApiError && list.error.status === 403 ? (
          <Alert color="yellow" title={t('forbidden.title')}>
            {t('forbidden.body')}
          </Alert>
        ) : (
          <LoadFailed title={t('loadFailed')} retry={t('retry')} onRetry={list.refetch} />
        )
      ) : shown.length === 0 ? (
        <Card withBorder p="xl" ta="center" data-testid="stores-empty">
          <Text fw={600}>{needle ? t('empty.filtered') : t('empty.title')}</Text>
          {!needle && (
            <Text size="sm" c="dimmed" mt={4}>
              {t('empty.body')}
            </Text>
          )}
        </Card>
      ) : (
        <>
          <StoreRows stores={shown} />
          <StoreCards stores={shown} />
          <Group justify="space-between" mt="md" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('shown', {
                from: (page - 1) * PAGE + 1,
                to: (page - 1) * PAGE + shown.length,
                count: matching.length,
              })}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={page}
                onChange={(next) => change({ page: next })}
                getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
              />
            )}
          </Group>
        </>
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

/** On a phone, a table's rows as cards of label and value (a wide table would scroll sideways). */
function PhoneCards(props: {
  rows: { key: string; title: ReactNode; fields: [string, ReactNode][] }[];
  testId: string;
}) {
  return (
    <Stack gap="xs" hiddenFrom="sm" data-testid={props.testId}>
      {props.rows.map((row) => (
        <Paper key={row.key} withBorder p="sm" radius="md">
          <Text fw={600} mb={4}>
            {row.title}
          </Text>
          {row.fields.map(([label, value]) => (
            <Group key={label} justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {label}
              </Text>
              <Text size="sm" ta="end">
                {value}
              </Text>
            </Group>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

const amount = (minor: number, currency: string) => Number(minorToDecimal(minor, currency));

function CommissionsTab(props: { store: StoreDetail }) {
  const { t } = useTranslation('stores');
  const query = useCommissions(props.store.id);
  return (
    <Part query={query}>
      {(data) =>
        data.items.length === 0 ? (
          <Text c="dimmed">{t('commissions.none')}</Text>
        ) : (
          <>
            <PhoneCards
              testId="commission-cards"
              rows={data.items.map((c) => ({
                key: c.product,
                title: t(`product.${c.product}`, { defaultValue: c.product }),
                fields: [
                  [
                    t('commissions.rate'),
                    <bdi dir="ltr">{t('commissions.percent', { value: c.rate_percent })}</bdi>,
                  ],
                  [
                    t('commissions.fixed'),
                    <Money amount={amount(c.fixed_fee_minor, data.currency)} currency={data.currency} />,
                  ],
                ],
              }))}
            />
            <Table.ScrollContainer minWidth={420} visibleFrom="sm">
              <Table verticalSpacing="sm" data-testid="commissions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('column.product')}</Table.Th>
                    <Table.Th>{t('commissions.rate')}</Table.Th>
                    <Table.Th>{t('commissions.fixed')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((c) => (
                    <Table.Tr key={c.product}>
                      <Table.Td>{t(`product.${c.product}`, { defaultValue: c.product })}</Table.Td>
                      <Table.Td>
                        <bdi dir="ltr">{t('commissions.percent', { value: c.rate_percent })}</bdi>
                      </Table.Td>
                      <Table.Td>
                        <Money amount={amount(c.fixed_fee_minor, data.currency)} currency={data.currency} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )
      }
    </Part>
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
  return (
    <Part query={query}>
      {(data) =>
        data.items.length === 0 ? (
          <Text c="dimmed">{t('schedules.none')}</Text>
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('schedules.currency', { currency: data.currency })}
            </Text>
            <PhoneCards
              testId="schedule-cards"
              rows={data.items.map((s) => ({
                key: s.product,
                title: t(`product.${s.product}`, { defaultValue: s.product }),
                fields: [
                  [t('schedules.when'), when(s, t)],
                  [t('schedules.delay'), t('schedules.days', { count: s.delay_days })],
                  [
                    t('schedules.minimum'),
                    <Money amount={amount(s.minimum_minor, data.currency)} currency={data.currency} />,
                  ],
                  [t('schedules.next'), <Day iso={`${s.next_payout_on}T12:00:00Z`} />],
                ],
              }))}
            />
            <Table.ScrollContainer minWidth={560} visibleFrom="sm">
              <Table verticalSpacing="sm" data-testid="schedules">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('column.product')}</Table.Th>
                    <Table.Th>{t('schedules.when')}</Table.Th>
                    <Table.Th>{t('schedules.delay')}</Table.Th>
                    <Table.Th>{t('schedules.minimum')}</Table.Th>
                    <Table.Th>{t('schedules.next')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((s) => (
                    <Table.Tr key={s.product}>
                      <Table.Td>{t(`product.${s.product}`, { defaultValue: s.product })}</Table.Td>
                      <Table.Td>{when(s, t)}</Table.Td>
                      <Table.Td>{t('schedules.days', { count: s.delay_days })}</Table.Td>
                      <Table.Td>
                        <Money amount={amount(s.minimum_minor, data.currency)} currency={data.currency} />
                      </Table.Td>
                      <Table.Td>
                        <Day iso={`${s.next_payout_on}T12:00:00Z`} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )
      }
    </Part>
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
  const navigate = useNavigate();
  const { merchantId: id = '', tab = 'commissions' } = useParams();
  const store = useStore(id);
  const crumbs = [{ label: t('title'), to: '/business-profile/stores' }];
  if (!store.isSuccess)
    return (
      <QueryFallback
        query={store}
        skeleton={
          <Stack data-testid="store-loading">
            <Skeleton h={36} w={280} />
            <Skeleton h={40} />
            <Skeleton h={160} />
          </Stack>
        }
        forbidden={
          <>
            <PageHeader title={t('title')} breadcrumbs={crumbs} />
            <Alert color="yellow" title={t('forbidden.title')}>
              {t('forbidden.body')}
            </Alert>
          </>
        }
      />
    );
  const s = store.data;
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
