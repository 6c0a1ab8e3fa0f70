/**
 * Completed payouts (shell spec §2.6 `finance/payouts`, `finance/payouts/completed/{payoutId}`; docs/payouts.md):
 * filters in the address (days, store, status), the filter's totals, a table on a desktop and cards on a phone,
 * 20 at a time with "Show more", and the CSV of the filtered payouts. With a payout's id, that payout's page.
 */
import { isForbidden } from '../../../api/client';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { analytics } from '../../../analytics';
import { changedFilters } from '../../../../domain/analyticsEvents';
import { useParams } from 'react-router';
import { usePermissionFlags } from '../../../api/permissions';
import { ChoiceFilter } from '../../../components/filters/ChoiceFilter';
import { DayRangeFilter } from '../../../components/filters/DayRangeFilter';
import { FilterBar } from '../../../components/filters/FilterBar';
import { StoreFilter } from '../../../components/filters/StoreFilter';
import { TotalsByCurrency } from '../../../components/FiguresBar';
import { ForbiddenPage } from '../../../components/DetailFrame';
import { Money } from '../../../components/Money';
import { PageHeader } from '../../../components/PageHeader';
import { useHandOffArea } from '../../../components/areaHandOff';
import { InfiniteList, moreOf } from '../../../components/InfiniteList';
import { RowLink, type ListLook } from '../../../components/ResponsiveList';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { useDownloadAction } from '../../../components/useDownloadAction';
import { decimalToMinor, minorToDecimal } from '../../../../domain/money';
import { PAYOUT_STATUSES } from '../../../../domain/payouts';
import { exportPayouts, usePayouts, usePayoutTotals, type Payout } from '../api';
import { CalendarDay } from '../../../components/CalendarDay';
import { PayoutsNav } from '../components/PayoutsNav';
import { PayoutCard } from '../components/PayoutCard';
import { PayoutStatusBadge } from '../components/PayoutStatusBadge';
import { backwards, filtersFrom, hasFilters, NO_FILTERS, paramsOf, type PayoutListFilters } from '../filters';
import { PayoutDetail } from './PayoutDetail';

export const payoutPath = (id: string) => `/finance/payouts/completed/${encodeURIComponent(id)}`;

function useLook(): ListLook<Payout> {
  const { t } = useTranslation('payouts');
  const columns: ListLook<Payout>['columns'] = [
    {
      header: t('column.day'),
      cell: (p) => (
        <RowLink to={payoutPath(p.id)}>
          <CalendarDay day={p.day} />
        </RowLink>
      ),
    },
    {
      header: t('column.store'),
      maw: 220,
      cell: (p) =>
        p.kind === 'capital_disbursement' ? (
          <Text size="sm" span data-kind={p.kind}>
            {t('kind.capital_disbursement')}
          </Text>
        ) : (
          <bdi>{p.store_name}</bdi>
        ),
    },
    { header: t('column.status'), cell: (p) => <PayoutStatusBadge status={p.status} /> },
    { header: t('column.gross'), cell: (p) => <Money amount={p.gross} currency={p.currency} /> },
    {
      header: t('column.deductions'),
      cell: (p) => (
        <Money
          amount={minorToDecimal(
            (decimalToMinor(p.gross, p.currency) ?? 0) - (decimalToMinor(p.net, p.currency) ?? 0),
            p.currency,
          )}
          currency={p.currency}
        />
      ),
    },
    {
      header: t('column.net'),
      cell: (p) => (
        <Text size="sm" fw={600} span>
          <Money amount={p.net} currency={p.currency} />
        </Text>
      ),
    },
    {
      header: t('column.orders'),
      cell: (p) => (p.kind === 'capital_disbursement' ? '—' : <bdi dir="ltr">{p.capture_count}</bdi>),
    },
  ];
  return {
    columns,
    minWidth: 820,
    card: (p) => <PayoutCard payout={p} />,
    link: (p) => payoutPath(p.id),
  };
}

/** `finance/payouts` and `finance/payouts/completed/{payoutId?}`: the list, or one payout. */
export function CompletedPayouts() {
  const { payoutId } = useParams();
  return payoutId ? <PayoutDetail id={payoutId} /> : <PayoutsList />;
}

function PayoutsList() {
  const { t } = useTranslation('payouts');
  const flags = usePermissionFlags();
  const mayFetch = flags.data?.is_payouts_allowed === true;
  const [filters, change] = useAddressFilters(filtersFrom, paramsOf);
  const sound = !backwards(filters);
  const list = usePayouts(filters, mayFetch && sound);
  const totals = usePayoutTotals(filters, mayFetch && sound);
  const look = useLook();
  const handOff = useHandOffArea();
  const exportAction = useDownloadAction({
    label: t('export'),
    failed: t('exportFailed'),
    save: () => exportPayouts(filters),
  });
  const count = totals.data?.totals.reduce((sum, r) => sum + r.count, 0);
  const payouts = moreOf(list, (page) => page.payouts, { sound, total: count });

  if ((flags.isSuccess && !mayFetch) || isForbidden(list.error))
    return <ForbiddenPage title={t('title')} t={t} />;

  return (
    <>
      <PageHeader title={t('title')} primary={exportAction} />
      {/* Capital with nothing of its own opens this page (capital spec §2): say so, where repayments will show. */}
      {handOff === 'capital' && (
        <Alert color="blue" mb="md" data-testid="payouts-from-capital">
          {t('fromCapital')}
        </Alert>
      )}
      <PayoutsNav current="completed" />
      <PayoutFiltersBar
        filters={filters}
        onChange={(patch) => {
          analytics.track('Payouts Filtered', { filters: changedFilters(patch) });
          change(patch);
        }}
      />
      {sound && (
        <TotalsByCurrency
          query={totals}
          t={t}
          sums={['gross', 'deductions', 'net']}
          countLabel={t('totals.count')}
          testId="payout-totals"
        />
      )}
      <InfiniteList name="payouts" of={payouts} look={look} words={{ t, filtered: hasFilters(filters) }} />
    </>
  );
}

function PayoutFiltersBar(props: {
  filters: PayoutListFilters;
  onChange: (patch: Partial<PayoutListFilters>) => void;
}) {
  const { t } = useTranslation('payouts');
  const { filters, onChange } = props;
  return (
    <FilterBar words={t} filtered={hasFilters(filters)} onClear={() => onChange(NO_FILTERS)}>
      <DayRangeFilter words={t} from={filters.from} to={filters.to} onChange={onChange} />
      <StoreFilter
        words={t}
        value={filters.stores}
        onChange={(ids) => onChange({ stores: ids })}
        width={240}
      />
      <ChoiceFilter
        words={t}
        label="filters.status"
        choices={PAYOUT_STATUSES}
        choice={(s) => `status.${s}`}
        value={filters.statuses}
        onChange={(statuses) => onChange({ statuses })}
        width={200}
      />
    </FilterBar>
  );
}
