/**
 * The disputes list (onboarding spec §2 "Other areas", §4, §9): filters in the address, a table on a desktop and
 * cards on a phone, the tutorial's first step.
 */
import { isForbidden } from '../../../api/client';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { ForbiddenPage } from '../../../components/DetailFrame';
import { InfiniteList, moreOf } from '../../../components/InfiniteList';
import { RowLink, type ListLook } from '../../../components/ResponsiveList';
import { usePermissionFlags } from '../../../api/permissions';
import { exportCsv, useDisputes, type Dispute } from '../api';
import { filtersFrom, hasFilters, paramsOf } from '../filters';
import { StatusBadge } from '../components/StatusBadge';
import { Day } from '../../../components/Day';
import { Money } from '../../../components/Money';
import { useDownloadAction } from '../../../components/useDownloadAction';
import { TutorialFirstStep } from '../components/TutorialFirstStep';
import { Filters } from '../components/DisputeFilters';
import { DisputeCard } from '../components/DisputeCard';

const disputePath = (id: string) => `/disputes/${encodeURIComponent(id)}`;

function useLook(): ListLook<Dispute> {
  const { t } = useTranslation('disputes');
  const columns: ListLook<Dispute>['columns'] = [
    {
      header: t('column.dispute'),
      cell: (d) => (
        <>
          <RowLink to={disputePath(d.id)}>
            <bdi>{d.order_id}</bdi>
          </RowLink>
          <Text size="xs" c="dimmed">
            <bdi>{d.id}</bdi>
          </Text>
        </>
      ),
    },
    { header: t('column.customer'), cell: (d) => <bdi>{d.customer_name}</bdi> },
    { header: t('column.type'), cell: (d) => t(`type.${d.type}`, { defaultValue: d.type }) },
    { header: t('column.amount'), cell: (d) => <Money amount={d.amount} currency={d.currency} /> },
    { header: t('column.status'), cell: (d) => <StatusBadge status={d.status} /> },
    { header: t('column.opened'), cell: (d) => <Day iso={d.created_at} /> },
    {
      header: t('column.respondBy'),
      cell: (d) => (d.status === 'pending' && d.respond_by ? <Day iso={d.respond_by} /> : '—'),
    },
  ];
  return {
    columns,
    card: (d) => <DisputeCard dispute={d} />,
    link: (d) => disputePath(d.id),
  };
}

export function DisputesList() {
  const { t } = useTranslation('disputes');
  // The tutorial's second step is on the users item, which workspace admins alone have (shell spec §2.3, §6:
  // is_account_edit_allowed makes a workspace admin).
  const flags = usePermissionFlags();
  const admin = flags.data?.is_account_edit_allowed === true;
  // Merchant access shows the page (spec §2.3); fetching the list takes the disputes flag (canFetchDisputes). A
  // member without it is told so at once, without asking the server for a 403 (issue 32).
  const mayFetch = flags.data?.is_disputes_allowed === true;
  const [filters, change] = useAddressFilters(filtersFrom, paramsOf);
  const list = useDisputes(filters, mayFetch);
  const look = useLook();
  const exportAction = useDownloadAction({
    label: t('export'),
    failed: t('exportFailed'),
    save: () => exportCsv(filters),
  });
  const disputes = moreOf(list, (page) => page.disputes);

  // Without the flag (or if the server says so all the same): the page says so, and offers no export.
  if ((flags.isSuccess && !mayFetch) || isForbidden(list.error))
    return <ForbiddenPage title={t('title')} t={t} />;

  return (
    <>
      <PageHeader title={t('title')} primary={exportAction} />
      <TutorialFirstStep admin={admin} />
      <Group justify="flex-end" mt={-8} mb="xs">
        <Anchor component={Link} to="/disputes-faq" size="sm">
          {t('faqLink')}
        </Anchor>
      </Group>
      <Filters filters={filters} onChange={change} />
      <InfiniteList name="disputes" of={disputes} look={look} words={{ t, filtered: hasFilters(filters) }} />
    </>
  );
}
