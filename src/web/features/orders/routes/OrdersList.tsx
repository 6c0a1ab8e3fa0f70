/**
 * Orders (shell spec §2.6 `payments`; docs/orders.md): filters in the address, the filter's totals, a table on a
 * desktop and cards on a phone, 20 at a time with "Show more", the CSV of the filtered list, and for members who
 * may create orders a new payment link and the links sent.
 */
import { TotalsByCurrency } from '../../../components/FiguresBar';
import { MoneyCard } from '../../../components/MoneyCard';
import { isForbidden } from '../../../api/client';
import { Text } from '@mantine/core';
import { IconLink, IconList } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissionFlags } from '../../../api/permissions';
import { Day } from '../../../components/Day';
import { ForbiddenPage } from '../../../components/DetailFrame';
import { Money } from '../../../components/Money';
import { PageHeader, type PageAction } from '../../../components/PageHeader';
import { InfiniteList, moreOf } from '../../../components/InfiniteList';
import { RowLink, type ListLook } from '../../../components/ResponsiveList';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { useDownloadAction } from '../../../components/useDownloadAction';
import { exportOrders, useOrders, useOrderTotals, type Payment } from '../api';
import { OrderFiltersBar } from '../components/OrderFilters';
import { NewLinkDialog } from '../components/NewLinkDialog';
import { PaymentStatusBadge } from '../components/PaymentStatusBadge';
import { filtersFrom, hasFilters, paramsOf, soundFilters } from '../filters';
import { linkPath } from './PaymentLinksList';

export const paymentPath = (id: string) => `/payments/${encodeURIComponent(id)}`;

function useLook(): ListLook<Payment> {
  const { t } = useTranslation('orders');
  const columns: ListLook<Payment>['columns'] = [
    {
      header: t('column.order'),
      cell: (p) => (
        <>
          <RowLink to={paymentPath(p.id)}>
            <bdi>{p.order_reference}</bdi>
          </RowLink>
          <Text size="xs" c="dimmed">
            <bdi>{p.id}</bdi>
          </Text>
        </>
      ),
    },
    {
      header: t('column.customer'),
      maw: 220,
      cell: (p) => (
        <>
          <Text size="sm" truncate>
            <bdi>{p.customer_name}</bdi>
          </Text>
          <Text size="xs" c="dimmed">
            <bdi dir="ltr">{p.customer_phone}</bdi>
          </Text>
        </>
      ),
    },
    { header: t('column.product'), cell: (p) => t(`product.${p.product}`, { defaultValue: p.product }) },
    { header: t('column.amount'), cell: (p) => <Money amount={p.amount} currency={p.currency} /> },
    {
      header: t('column.status'),
      cell: (p) => <PaymentStatusBadge status={p.status} refunded={p.refunded} />,
    },
    { header: t('column.placed'), cell: (p) => <Day iso={p.created_at} withTime /> },
  ];
  return {
    columns,
    minWidth: 860,
    card: (p) => <OrderCard payment={p} />,
    link: (p) => paymentPath(p.id),
    skeleton: { rows: 8, height: 44 },
  };
}

export function OrdersList() {
  const { t, i18n } = useTranslation('orders');
  const flags = usePermissionFlags();
  const mayFetch = flags.data?.is_order_view_allowed === true;
  // Payment links (canCreatePaymentLinks): the sales flag.
  const mayCreate = flags.data?.is_order_creation_allowed === true;
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const [filters, change] = useAddressFilters(filtersFrom, paramsOf);
  const sound = soundFilters(filters);
  const list = useOrders(filters, mayFetch && sound);
  const totals = useOrderTotals(filters, mayFetch && sound);
  const look = useLook();
  const exportAction = useDownloadAction({
    label: t('export'),
    failed: t('exportFailed'),
    save: () => exportOrders(filters, i18n.language === 'ar' ? 'ar' : 'en'),
  });
  const count = totals.data?.totals.reduce((sum, r) => sum + r.count, 0);
  const payments = moreOf(list, (page) => page.payments, { sound, total: count });

  if ((flags.isSuccess && !mayFetch) || isForbidden(list.error))
    return <ForbiddenPage title={t('title')} t={t} />;

  const newLink: PageAction = {
    label: t('link.new'),
    onClick: () => setCreating(true),
    icon: <IconLink size={16} />,
    opens: 'dialog',
  };

  // The links sent, so an unpaid one is found again (issue 56).
  const sentLinks: PageAction = {
    label: t('links.open'),
    onClick: () => void navigate('/payments/links'),
    icon: <IconList size={16} />,
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        {...(mayCreate
          ? { primary: newLink, actions: [sentLinks, exportAction] }
          : { primary: exportAction })}
      />
      {creating && (
        <NewLinkDialog
          onClose={() => setCreating(false)}
          onSent={(link) => void navigate(linkPath(link.id))}
        />
      )}
      <OrderFiltersBar filters={filters} onChange={change} />
      {sound && (
        <TotalsByCurrency
          query={totals}
          t={t}
          sums={['amount', 'captured', 'refunded', 'net']}
          countLabel={t('totals.orders')}
          testId="order-totals"
        />
      )}
      <InfiniteList name="orders" of={payments} look={look} words={{ t, filtered: hasFilters(filters) }} />
    </>
  );
}

/**
 * An order on a phone: its number and status, the customer, the amount and when. Memoised on the payment (the
 * cache's same object while it is unchanged): the list renders again as its totals answer, and twenty cards with
 * it at a phone's CPU (issue 54).
 */
const OrderCard = memo(function OrderCard(props: { payment: Payment }) {
  const { t } = useTranslation('orders');
  const p = props.payment;
  return (
    <MoneyCard
      title={<bdi>{p.order_reference}</bdi>}
      status={<PaymentStatusBadge status={p.status} refunded={p.refunded} />}
      who={<bdi>{p.customer_name}</bdi>}
      amount={p.amount}
      currency={p.currency}
      foot={[
        t(`product.${p.product}`, { defaultValue: p.product }),
        <Day key="at" iso={p.created_at} withTime />,
      ]}
    />
  );
});
