/**
 * Ads ops' console (staff area, `/ops/ads`; docs/ads.md "Ads ops"): every merchant's campaigns, newest first, found
 * by a part of the campaign's or merchant's name and by state (both in the address), 20 a page from the server, a
 * table on a desktop and cards on a phone, with the last 30 days' spend. Ads ops set a budget up to ten times a
 * merchant's, stop a campaign with the reason its merchant reads, and start a stopped one again. Only accounts
 * with the `ads_ops` staff role see it (the server refuses everyone else's calls with 403 too).
 */
import { Group, Menu, Select, VisuallyHidden } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_STATES, isCampaignState } from '../../../../domain/ads';
import { CampaignCard, CampaignStateBadge, CampaignTitle } from '../../../components/CampaignParts';
import { Money } from '../../../components/Money';
import { notify } from '../../../components/notificationStore';
import { RowMenu, type ListLook } from '../../../components/ResponsiveList';
import { StaffHeading } from '../../../components/StaffFrame';
import { StaffArea } from '../../../components/StaffOnly';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { SearchFilter } from '../../../components/filters/SearchFilter';
import { PAGE_SIZE, useChangeOpsCampaign, useOpsCampaigns, type OpsCampaign, type OpsFilters } from '../api';
import { BudgetDialog } from '../components/BudgetDialog';
import { StopDialog } from '../components/StopDialog';
import { PagedList, pageOf } from '../../../components/PagedList';

/** The filters in the address: `?q=`, `?state=`, `?page=`. */
const readFilters = (params: URLSearchParams): OpsFilters => {
  const state = params.get('state') ?? '';
  return {
    q: params.get('q') ?? '',
    state: isCampaignState(state) ? state : '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
};
const writeFilters = (f: OpsFilters) => {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.state) params.set('state', f.state);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
};

function Console() {
  const { t } = useTranslation('ads');
  const [filters, set] = useAddressFilters(readFilters, writeFilters);
  const commitQuery = useCallback((q: string) => set({ q, page: 1 }), [set]);
  const query = useOpsCampaigns(filters);
  const [budgeting, setBudgeting] = useState<OpsCampaign | null>(null);
  const [stopping, setStopping] = useState<OpsCampaign | null>(null);
  const starting = useChangeOpsCampaign();
  // The campaign whose start is on its way.
  const busy = starting.isPending ? starting.variables.campaign.id : null;
  // The page the server answered (it keeps a page past the last within the pages there are).
  const campaigns = pageOf(query, (answer) => answer.campaigns, {
    page: query.data?.page ?? filters.page,
    size: PAGE_SIZE,
    onChange: (page) => set({ page }),
  });

  const start = async (campaign: OpsCampaign) => {
    try {
      await starting.mutateAsync({ campaign, change: { state: 'active' } });
      notify({ variant: 'success', title: t('title'), message: t('started', { name: campaign.name }) });
    } catch {
      notify({ variant: 'error', title: t('title'), message: t('changeFailed') });
    }
  };

  const actions = (c: OpsCampaign) => (
    <RowMenu label={`${t('column.actions')}: ${c.name}`} busy={busy === c.id}>
      <Menu.Item onClick={() => setBudgeting(c)}>{t('ops.budget')}</Menu.Item>
      {c.state === 'stopped' ? (
        <Menu.Item onClick={() => void start(c)}>{t('restart')}</Menu.Item>
      ) : (
        <Menu.Item color="red" onClick={() => setStopping(c)}>
          {t('stop.action')}
        </Menu.Item>
      )}
    </RowMenu>
  );

  const look: ListLook<OpsCampaign> = {
    columns: [
      { header: t('column.campaign'), maw: 320, cell: (c) => <CampaignTitle campaign={c} merchant /> },
      { header: t('column.state'), cell: (c) => <CampaignStateBadge state={c.state} /> },
      { header: t('column.budget'), cell: (c) => <Money amount={c.daily_budget} currency={c.currency} /> },
      { header: t('ops.spend30'), cell: (c) => <Money amount={c.results.spend} currency={c.currency} /> },
      { header: <VisuallyHidden>{t('column.actions')}</VisuallyHidden>, w: 48, cell: actions },
    ],
    card: (c) => (
      <CampaignCard
        campaign={c}
        merchant
        actions={actions(c)}
        figures={[
          [t('column.budget'), <Money key="b" amount={c.daily_budget} currency={c.currency} />],
          [t('ops.spend30'), <Money key="s" amount={c.results.spend} currency={c.currency} />],
        ]}
      />
    ),
    skeleton: { rows: 6, height: 56 },
  };

  const filtered = Boolean(filters.q || filters.state);
  return (
    <>
      <StaffHeading title={t('ops.heading')} intro={t('ops.intro')} />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <SearchFilter
          words={t}
          label="ops.search"
          placeholder="ops.searchPlaceholder"
          value={filters.q}
          onCommit={commitQuery}
          width={320}
        />
        <Select
          label={t('column.state')}
          placeholder={t('ops.allStates')}
          data={CAMPAIGN_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
          value={filters.state || null}
          onChange={(v) => set({ state: v && isCampaignState(v) ? v : '', page: 1 })}
          clearable
          w={{ base: '100%', xs: 200 }}
          data-testid="ads-ops-state"
        />
      </Group>
      <PagedList name="ops-campaigns" of={campaigns} look={look} words={{ t, prefix: 'ops.', filtered }} />
      {budgeting && <BudgetDialog campaign={budgeting} onClose={() => setBudgeting(null)} />}
      {stopping && <StopDialog campaign={stopping} onClose={() => setStopping(null)} />}
    </>
  );
}

export function AdsOpsPage() {
  const { t } = useTranslation('ads');
  return (
    <StaffArea role="ads_ops" current="ads" words={{ t, prefix: 'ops.' }}>
      <Console />
    </StaffArea>
  );
}
