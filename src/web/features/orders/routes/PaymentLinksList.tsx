/**
 * The payment links sent (issue 56: an unpaid link could not be found again once its page was left): every link
 * of the merchant's stores, newest first, 20 a page, by status as of now — a table on a desktop and cards on a
 * phone; each opens where it stands (cancel it there). Reached from Orders and from a link's page.
 */
import { MoneyCard } from '../../../components/MoneyCard';
import { isForbidden } from '../../../api/client';
import { Group, Select, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isOpenLink, LINK_STATUSES, type LinkStatus } from '../../../../domain/paymentLinks';
import { usePermissionFlags } from '../../../api/permissions';
import { Day } from '../../../components/Day';
import { ForbiddenPage } from '../../../components/DetailFrame';
import { Money } from '../../../components/Money';
import { PageHeader, type PageAction } from '../../../components/PageHeader';
import { RowLink, type ListLook } from '../../../components/ResponsiveList';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { LINKS_PAGE_SIZE, usePaymentLinks, type PaymentLink } from '../api';
import { LinkStatusBadge } from '../components/LinkStatusBadge';
import { NewLinkDialog } from '../components/NewLinkDialog';
import { PagedList, pageOf } from '../../../components/PagedList';

export const linkPath = (id: string) => `/service/pl-status/${encodeURIComponent(id)}`;

interface LinkFilters {
  status: LinkStatus | null;
  page: number;
}

const isStatus = (value: string | null): value is LinkStatus =>
  (LINK_STATUSES as readonly (string | null)[]).includes(value);

const filtersFrom = (params: URLSearchParams): LinkFilters => {
  const status = params.get('status');
  return { status: isStatus(status) ? status : null, page: Math.max(1, Number(params.get('page')) || 1) };
};

const paramsOf = (filters: LinkFilters) =>
  new URLSearchParams({
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.page > 1 ? { page: String(filters.page) } : {}),
  });

function useLook(): ListLook<PaymentLink> {
  const { t } = useTranslation('orders');
  const columns: ListLook<PaymentLink>['columns'] = [
    {
      header: t('links.column.order'),
      cell: (l) => (
        <RowLink to={linkPath(l.id)}>
          <bdi>{l.order_reference}</bdi>
        </RowLink>
      ),
    },
    {
      header: t('links.column.customer'),
      maw: 220,
      cell: (l) => (
        <>
          {l.customer_name && (
            <Text size="sm" truncate>
              <bdi>{l.customer_name}</bdi>
            </Text>
          )}
          <Text size="xs" c="dimmed">
            <bdi dir="ltr">{l.customer_phone}</bdi>
          </Text>
        </>
      ),
    },
    {
      header: t('links.column.product'),
      cell: (l) => t(`product.${l.product}`, { defaultValue: l.product }),
    },
    { header: t('links.column.amount'), cell: (l) => <Money amount={l.amount} currency={l.currency} /> },
    { header: t('links.column.status'), cell: (l) => <LinkStatusBadge status={l.status} /> },
    { header: t('links.column.sent'), cell: (l) => <Day iso={l.sent_at} withTime /> },
    {
      header: t('links.column.payBy'),
      cell: (l) => (isOpenLink(l.status) ? <Day iso={l.expires_at} withTime /> : null),
    },
  ];
  return {
    columns,
    minWidth: 900,
    card: (l) => <LinkCard link={l} />,
    link: (l) => linkPath(l.id),
  };
}

export function PaymentLinksList() {
  const { t } = useTranslation('orders');
  const flags = usePermissionFlags();
  const may = flags.data?.is_order_creation_allowed === true;
  const [filters, change] = useAddressFilters(filtersFrom, paramsOf);
  const list = usePaymentLinks(filters.status, filters.page, may);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const look = useLook();

  if ((flags.isSuccess && !may) || isForbidden(list.error))
    return <ForbiddenPage title={t('links.title')} t={t} prefix="link." />;

  const links = pageOf(list, (answer) => answer.payment_links, {
    page: filters.page,
    size: LINKS_PAGE_SIZE,
    onChange: (page) => change({ page }),
  });
  // The page's first action, and the empty list's.
  const newLink: PageAction = {
    label: t('link.new'),
    onClick: () => setCreating(true),
    icon: <IconLink size={16} />,
    opens: 'dialog',
  };
  return (
    <>
      <PageHeader
        title={t('links.title')}
        breadcrumbs={[{ label: t('title'), to: '/payments' }]}
        primary={newLink}
      />
      {creating && (
        <NewLinkDialog
          onClose={() => setCreating(false)}
          onSent={(link) => void navigate(linkPath(link.id))}
        />
      )}
      <Group mb="md">
        <Select
          label={t('links.status')}
          data={[
            { value: '', label: t('links.all') },
            ...LINK_STATUSES.map((status) => ({ value: status, label: t(`links.badge.${status}`) })),
          ]}
          value={filters.status ?? ''}
          onChange={(value) => change({ status: isStatus(value) ? value : null, page: 1 })}
          allowDeselect={false}
          w={220}
          data-testid="links-status"
        />
      </Group>
      <PagedList
        name="payment-links"
        of={links}
        look={look}
        words={{ t, prefix: 'links.', filtered: Boolean(filters.status), action: newLink }}
      />
    </>
  );
}

/** A link on a phone: its order number and status, the customer and the amount, when it was sent. */
function LinkCard(props: { link: PaymentLink }) {
  const { t } = useTranslation('orders');
  const l = props.link;
  return (
    <MoneyCard
      title={<bdi>{l.order_reference}</bdi>}
      status={<LinkStatusBadge status={l.status} />}
      who={
        <>
          <bdi>{l.customer_name ?? ''}</bdi> <bdi dir="ltr">{l.customer_phone}</bdi>
        </>
      }
      amount={l.amount}
      currency={l.currency}
      foot={[
        t(`product.${l.product}`, { defaultValue: l.product }),
        <Day key="at" iso={l.sent_at} withTime />,
      ]}
    />
  );
}
