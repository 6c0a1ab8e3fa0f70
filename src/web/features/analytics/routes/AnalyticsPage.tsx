/**
 * Analytics (shell spec §2.6 `analytics`, `analytics/{country}/{metric}`, §6 canViewAnalytics; docs/analytics.md):
 * a range of days beside the range before it — the five figures as tabs, the chosen one as a chart and a table, the
 * figures by store and by payment product — for one country's stores at a time (a merchant in several picks one),
 * by day, week or month, filtered by store and product; the choices in the address; the CSV of what is shown.
 */
import { isForbidden } from '../../../api/client';
import { Button, Group, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useStores } from '../../../api/stores';
import { DayRangeFilter } from '../../../components/filters/DayRangeFilter';
import { StoreFilter } from '../../../components/filters/StoreFilter';
import { ForbiddenPage } from '../../../components/DetailFrame';
import { PageHeader } from '../../../components/PageHeader';
import { LoadFailed } from '../../../components/QueryStates';
import { EmptyState } from '../../../components/ResponsiveList';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { useDownloadAction } from '../../../components/useDownloadAction';
import { analytics } from '../../../analytics';
import { changedFilters } from '../../../../domain/analyticsEvents';
import { GRANULARITIES, isMetric, type Granularity, type Metric } from '../../../../domain/analytics';
import { ProductFilter } from '../../../components/filters/ProductFilter';
import { exportAnalytics, useAnalytics, type AnalyticsAnswer } from '../api';
import { MetricChart } from '../components/MetricChart';
import { MetricTabs } from '../components/MetricTabs';
import { PeriodTable } from '../components/PeriodTable';
import { SplitTable } from '../components/SplitTable';
import { langOf } from '../../../components/listText';
import { showRange } from '../format';
import {
  DEFAULT_FILTERS,
  filtersFrom,
  hasFilters,
  paramsOf,
  PRESETS,
  queryOf,
  rangeOf,
  rangeProblem,
  type AnalyticsFilters,
  type Preset,
} from '../filters';

/** The browser's today (yyyy-mm-dd): a preset's last day. */
const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

export function AnalyticsPage() {
  const { t, i18n } = useTranslation('analytics');
  const params = useParams();
  const [filters, change, move] = useAddressFilters(filtersFrom, paramsOf);
  const problem = rangeProblem(filters);
  const range = problem ? null : rangeOf(filters, today());
  const query = range ? queryOf(filters, range, params.country) : null;
  const report = useAnalytics(query);
  const metric: Metric = isMetric(params.metric ?? '') ? (params.metric as Metric) : 'gmv';
  const answer = report.data;
  // The chart and the tables are drawn after the figures (useDeferredValue: in slices between which the page
  // answers): drawn with them in one task, they took ~0.8 s of a phone's CPU during which nothing showed, the
  // figures and their hint included (issue 54: TBT, and the hint is the page's largest text).
  const drawn = useDeferredValue(answer);
  const exportAction = useDownloadAction({
    label: t('export'),
    failed: t('exportFailed'),
    save: () => (query ? exportAnalytics(query) : Promise.resolve()),
  });
  const go = (country: string, next: Metric) => {
    analytics.track('Analytics Metric Chosen', { metric: next, country });
    move(`/analytics/${country}/${next}`);
  };
  const filter = (patch: Partial<AnalyticsFilters>) => {
    analytics.track('Analytics Filtered', { filters: changedFilters(patch) });
    change(patch);
  };

  if (isForbidden(report.error)) return <ForbiddenPage title={t('title')} t={t} />;

  const empty = answer && answer.totals.current.orders === 0 && answer.totals.current.refunds === '0.00';
  return (
    <>
      <PageHeader title={t('title')} primary={exportAction} />
      <Controls
        filters={filters}
        onChange={filter}
        problem={problem}
        country={answer?.country}
        countries={answer?.countries ?? []}
        onCountry={(country) => go(country, metric)}
      />
      {report.isPending && (
        <Stack data-testid="analytics-loading">
          <Skeleton h={84} />
          <Skeleton h={300} />
        </Stack>
      )}
      {report.isError && !isForbidden(report.error) && (
        <LoadFailed title={t('loadFailed')} retry={t('retry')} onRetry={() => void report.refetch()} />
      )}
      {answer && (
        <div style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }} aria-busy={report.isFetching}>
          <MetricTabs answer={answer} metric={metric} onChoose={(next) => go(answer.country, next)} />
          <Text size="xs" c="dimmed" mb="xs">
            {t(`metricHint.${metric}`)} · {t('days', { country: t(`country.${answer.country}`) })}
          </Text>
          {/* Both periods' days, so a change is read against what it compares (issue 56). */}
          <Text size="sm" mb="xs" data-testid="analytics-periods">
            {t('periods', {
              current: showRange(answer.from, answer.to, langOf(i18n.language)),
              previous: showRange(answer.previous.from, answer.previous.to, langOf(i18n.language)),
            })}
          </Text>
          {empty ? (
            <EmptyState testId="analytics-empty" title={t('empty.title')} body={t('empty.body')} />
          ) : (
            <Details answer={drawn} metric={metric} />
          )}
        </div>
      )}
    </>
  );
}

/** The chosen figure's chart and table, and the figures by store and by product; a skeleton until first drawn. */
function Details(props: { answer: AnalyticsAnswer | undefined; metric: Metric }) {
  const { t } = useTranslation('analytics');
  const { answer, metric } = props;
  if (!answer) return <Skeleton h={314} mb="md" data-testid="analytics-drawing" />;
  return (
    <>
      <MetricChart answer={answer} metric={metric} />
      <PeriodTable answer={answer} metric={metric} />
      <SplitTable
        title={t('byStore')}
        nameHeader={t('column.store')}
        rows={answer.by_store.map((s) => ({ ...s, key: s.store_id, name: s.store_name }))}
        currency={answer.currency}
        testId="analytics-by-store"
      />
      <ProductTable answer={answer} />
    </>
  );
}

function ProductTable(props: { answer: NonNullable<ReturnType<typeof useAnalytics>['data']> }) {
  const { t } = useTranslation('analytics');
  const { t: to } = useTranslation('orders');
  return (
    <SplitTable
      title={t('byProduct')}
      nameHeader={t('column.product')}
      rows={props.answer.by_product.map((p) => ({ ...p, key: p.product, name: to(`product.${p.product}`) }))}
      currency={props.answer.currency}
      testId="analytics-by-product"
    />
  );
}

function Controls(props: {
  filters: AnalyticsFilters;
  onChange: (patch: Partial<AnalyticsFilters>) => void;
  problem: 'dateOrder' | 'tooLong' | null;
  country: string | undefined;
  countries: { country: string; currency: string }[];
  onCountry: (country: string) => void;
}) {
  const { t } = useTranslation('analytics');
  const { filters, onChange } = props;
  const stores = useStores();
  const countryStores = (stores.data ?? []).filter((s) => !props.country || s.country === props.country);
  return (
    <Stack gap="sm" mb="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        {props.countries.length > 1 && (
          <Select
            label={t('filters.country')}
            data={props.countries.map((c) => ({
              value: c.country,
              label: `${t(`country.${c.country}`)} (${c.currency})`,
            }))}
            value={props.country ?? null}
            onChange={(v) => v && props.onCountry(v)}
            allowDeselect={false}
            w={{ base: '100%', sm: 240 }}
          />
        )}
        <Select
          label={t('range.label')}
          data={[...PRESETS, 'custom'].map((p) => ({ value: p, label: t(`range.${p}`) }))}
          value={filters.range}
          onChange={(v) => {
            if (!v) return;
            if (v === 'custom') {
              const r = rangeOf(filters, today()) ?? rangeOf(DEFAULT_FILTERS, today())!;
              onChange({ range: 'custom', from: r.from, to: r.to });
            } else onChange({ range: v as Preset, from: null, to: null });
          }}
          allowDeselect={false}
          w={{ base: '100%', sm: 180 }}
        />
        {filters.range === 'custom' && (
          <>
            <DayRangeFilter
              words={t}
              from={filters.from}
              to={filters.to}
              onChange={onChange}
              problem={props.problem ? `filters.${props.problem}` : undefined}
            />
          </>
        )}
        <SegmentedControl
          aria-label={t('granularity.label')}
          data={GRANULARITIES.map((g) => ({ value: g, label: t(`granularity.${g}`) }))}
          value={filters.granularity}
          onChange={(v) => onChange({ granularity: v as Granularity })}
        />
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <StoreFilter
          words={t}
          stores={countryStores}
          value={filters.stores}
          onChange={(ids) => onChange({ stores: ids })}
          width={260}
        />
        {/* Only the products this country's stores sell (issue 56), as the orders filter. */}
        <ProductFilter
          stores={countryStores}
          value={filters.products}
          onChange={(products) => onChange({ products })}
          label={t('filters.product')}
          any={t('filters.any')}
          width={260}
        />
        {hasFilters(filters) && (
          <Button variant="subtle" onClick={() => onChange({ stores: [], products: [] })}>
            {t('filters.clear')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
