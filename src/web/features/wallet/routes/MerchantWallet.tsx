/**
 * The merchant wallet (shell spec §2.3 `finance/merchant-wallet`, §6 canViewMerchantWallet; docs/wallet.md): the
 * balance (available, arriving, on its way to the bank), "Move to bank" (the amount, then a step-up code), where
 * the payouts go, and the movements with filters in the address — a table on a desktop, cards on a phone, 20 at a
 * time with "Show more". A member of several wallet merchants picks one.
 */
import { isForbidden } from '../../../api/client';
import { Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '../../../components/filters/ChoiceFilter';
import { DayRangeFilter } from '../../../components/filters/DayRangeFilter';
import { FilterBar } from '../../../components/filters/FilterBar';
import { ForbiddenPage } from '../../../components/DetailFrame';
import { FiguresBar, moneyFigure } from '../../../components/FiguresBar';
import { CalendarDay } from '../../../components/CalendarDay';
import { PageHeader } from '../../../components/PageHeader';
import { LoadFailed } from '../../../components/QueryStates';
import { InfiniteList, moreOf } from '../../../components/InfiniteList';
import { type ListLook } from '../../../components/ResponsiveList';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { MOVEMENT_KINDS, MOVEMENT_STATUSES } from '../../../../domain/wallet';
import { useMovements, useWallets, type Movement, type Wallet } from '../api';
import { DestinationCard } from '../components/DestinationCard';
import { MovementAmount, MovementWhat } from '../components/MovementText';
import { MovementStatusBadge } from '../components/MovementStatusBadge';
import { TransferDialog } from '../components/TransferDialog';
import { backwards, filtersFrom, hasFilters, NO_FILTERS, paramsOf, type MovementFilters } from '../filters';

export function MerchantWallet() {
  const { t } = useTranslation('wallet');
  const wallets = useWallets();
  const [chosen, setChosen] = useState<string | null>(null);
  const [transferring, setTransferring] = useState(false);
  const wallet = wallets.data?.find((w) => w.merchant_id === chosen) ?? wallets.data?.[0];

  if (isForbidden(wallets.error)) return <ForbiddenPage title={t('title')} t={t} />;

  return (
    <>
      <PageHeader
        title={t('title')}
        primary={
          wallet?.bank
            ? { label: t('transfer.open'), onClick: () => setTransferring(true), opens: 'dialog' }
            : undefined
        }
      />
      {wallets.isPending && (
        <Stack data-testid="wallet-loading">
          <Skeleton h={62} />
          <Skeleton h={140} />
          <Skeleton h={220} />
        </Stack>
      )}
      {wallets.isError && !isForbidden(wallets.error) && (
        <LoadFailed title={t('loadFailed')} retry={t('retry')} onRetry={() => void wallets.refetch()} />
      )}
      {wallet && (
        <>
          {(wallets.data?.length ?? 0) > 1 && (
            <Select
              label={t('merchant')}
              data={wallets.data!.map((w) => ({ value: w.merchant_id, label: w.merchant_name }))}
              value={wallet.merchant_id}
              onChange={(v) => setChosen(v)}
              allowDeselect={false}
              w={{ base: '100%', sm: 280 }}
              mb="md"
            />
          )}
          <BalanceBar wallet={wallet} />
          {!wallet.bank && (
            <Text size="sm" c="dimmed" mb="md">
              {t('transfer.noBank')}
            </Text>
          )}
          <DestinationCard wallet={wallet} />
          <Movements wallet={wallet} />
          {transferring && <TransferDialog wallet={wallet} onClose={() => setTransferring(false)} />}
        </>
      )}
    </>
  );
}

function BalanceBar(props: { wallet: Wallet }) {
  const { t } = useTranslation('wallet');
  const w = props.wallet;
  return (
    <FiguresBar
      query={{ data: w, isPending: false, isError: false }}
      testId="wallet-balance"
      failed={t('balance.failed')}
      columns={3}
      figures={() => [
        moneyFigure(t('balance.available'), w.available, w.currency, 'balance-available'),
        moneyFigure(t('balance.pending'), w.pending, w.currency, 'balance-pending'),
        moneyFigure(t('balance.inTransit'), w.in_transit, w.currency, 'balance-in-transit'),
      ]}
    />
  );
}

function useLook(): ListLook<Movement> {
  const { t } = useTranslation('wallet');
  const columns: ListLook<Movement>['columns'] = [
    { header: t('column.day'), cell: (m) => <CalendarDay day={m.day} /> },
    { header: t('column.what'), maw: 320, cell: (m) => <MovementWhat movement={m} /> },
    { header: t('column.status'), cell: (m) => <MovementStatusBadge status={m.status} /> },
    { header: t('column.amount'), cell: (m) => <MovementAmount movement={m} /> },
  ];
  return {
    columns,
    minWidth: 640,
    card: (m) => (
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <MovementWhat movement={m} />
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              <CalendarDay day={m.day} />
            </Text>
            <MovementStatusBadge status={m.status} />
          </Group>
        </Stack>
        <MovementAmount movement={m} />
      </Group>
    ),
    skeleton: { rows: 5, height: 44 },
  };
}

function Movements(props: { wallet: Wallet }) {
  const { t } = useTranslation('wallet');
  const [filters, change] = useAddressFilters(filtersFrom, paramsOf);
  const sound = !backwards(filters);
  const list = useMovements(props.wallet.merchant_id, filters, sound);
  const look = useLook();
  const movements = moreOf(list, (page) => page.movements, { sound });
  return (
    <>
      <Text fw={700} size="lg" mb="sm" component="h2">
        {t('movements.title')}
      </Text>
      <MovementFiltersBar filters={filters} onChange={change} />
      <InfiniteList
        name="movements"
        of={movements}
        look={look}
        words={{ t, prefix: 'movements.', filtered: hasFilters(filters) }}
      />
    </>
  );
}

function MovementFiltersBar(props: {
  filters: MovementFilters;
  onChange: (patch: Partial<MovementFilters>) => void;
}) {
  const { t } = useTranslation('wallet');
  const { filters, onChange } = props;
  return (
    <FilterBar words={t} filtered={hasFilters(filters)} onClear={() => onChange(NO_FILTERS)}>
      <ChoiceFilter
        words={t}
        label="filters.kind"
        choices={MOVEMENT_KINDS}
        choice={(k) => `kind.${k}`}
        value={filters.kinds}
        onChange={(kinds) => onChange({ kinds })}
        width={220}
      />
      <ChoiceFilter
        words={t}
        label="filters.status"
        choices={MOVEMENT_STATUSES}
        choice={(s) => `status.${s}`}
        value={filters.statuses}
        onChange={(statuses) => onChange({ statuses })}
        width={200}
      />
      <DayRangeFilter words={t} from={filters.from} to={filters.to} onChange={onChange} />
    </FilterBar>
  );
}
