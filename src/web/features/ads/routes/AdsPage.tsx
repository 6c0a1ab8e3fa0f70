/**
 * Ads (shell spec §2.3 "ads", §6 canView{product}Ads; docs/ads.md): the caller's campaigns with their results over
 * 7, 30 or 90 days ending yesterday, by payment product (filters in the address), the window's totals, a table on a
 * desktop and cards on a phone, 20 a page; a new campaign, start/pause, the daily budget; a campaign ads ops
 * stopped shows their reason and stays stopped (only they start it: /ops/ads); "Invite to ads" where
 * is_ads_user_invite_allowed.
 */
import { isForbidden } from '../../../api/client';
import { Group, Menu, SegmentedControl, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_WINDOWS, type ResultWindow } from '../../../../domain/ads';
import { capitalDate } from '../../../../domain/capital/format';
import { PAYMENT_PRODUCTS, type PaymentProduct } from '../../../../domain/payments';
import { langOf } from '../../../components/listText';
import { ForbiddenPage } from '../../../components/DetailFrame';
import { FiguresBar } from '../../../components/FiguresBar';
import { Money } from '../../../components/Money';
import { notify } from '../../../components/notificationStore';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { PageHeader, type PageAction } from '../../../components/PageHeader';
import { RowMenu, type ListLook } from '../../../components/ResponsiveList';
import { CampaignCard, CampaignStateBadge, CampaignTitle } from '../../../components/CampaignParts';
import { PAGE_SIZE, useChangeCampaign, useCampaigns, type Campaign } from '../api';
import { CampaignDialog } from '../components/CampaignDialog';
import { InviteDialog } from '../components/InviteDialog';
import { PagedList, slicedPageOf } from '../../../components/PagedList';

const count = (n: number) => n.toLocaleString('en-GB');
const rate = (ctr: number | null) =>
  ctr === null ? '—' : `${(ctr * 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`;

interface Filters {
  days: ResultWindow;
  product: string;
  page: number;
}
/** The filters in the address: `?days=7|90` (30 by default), `?product=`, `?page=`. */
const readFilters = (params: URLSearchParams): Filters => ({
  days: (RESULT_WINDOWS as readonly number[]).includes(Number(params.get('days')))
    ? (Number(params.get('days')) as ResultWindow)
    : 30,
  product: params.get('product') ?? '',
  page: Math.max(1, Number(params.get('page')) || 1),
});
const writeFilters = (f: Filters) => {
  const params = new URLSearchParams();
  if (f.days !== 30) params.set('days', String(f.days));
  if (f.product) params.set('product', f.product);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
};

export function AdsPage() {
  const { t, i18n } = useTranslation('ads');
  const [{ days, product, page }, set] = useAddressFilters(readFilters, writeFilters);
  const query = useCampaigns(days);
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [inviting, setInviting] = useState(false);
  const moving = useChangeCampaign();
  // The campaign whose move is on its way.
  const busy = moving.isPending ? moving.variables.campaign.id : null;

  const merchants = query.data?.merchants ?? [];
  const all = query.data?.campaigns ?? [];
  const products = PAYMENT_PRODUCTS.filter(
    (p) => merchants.some((m) => m.products.includes(p)) || all.some((c) => c.product === p),
  );
  const rows = all.filter((c) => !product || c.product === product);
  const campaigns = slicedPageOf(query, rows, {
    page,
    size: PAGE_SIZE,
    onChange: (next) => set({ page: next }),
  });
  const inviters = merchants.filter((m) => m.can_invite);

  const move = async (campaign: Campaign, state: 'active' | 'paused') => {
    try {
      await moving.mutateAsync({ campaign, change: { state } });
      notify({
        variant: 'success',
        title: t('title'),
        message: t(state === 'paused' ? 'paused' : 'started', { name: campaign.name }),
      });
    } catch {
      notify({ variant: 'error', title: t('title'), message: t('changeFailed') });
    }
  };

  if (isForbidden(query.error)) return <ForbiddenPage title={t('title')} t={t} />;

  const actions = (c: Campaign) => {
    // A campaign ads ops stopped is theirs to start again.
    const canMove = c.state !== 'stopped';
    return (
      <RowMenu label={`${t('column.actions')}: ${c.name}`} busy={busy === c.id}>
        {canMove && c.state === 'active' && (
          <Menu.Item onClick={() => void move(c, 'paused')}>{t('pause')}</Menu.Item>
        )}
        {canMove && c.state !== 'active' && (
          <Menu.Item onClick={() => void move(c, 'active')}>{t('start')}</Menu.Item>
        )}
        <Menu.Item onClick={() => setEditing(c)}>{t('edit')}</Menu.Item>
      </RowMenu>
    );
  };

  const look: ListLook<Campaign> = {
    minWidth: 980,
    columns: [
      {
        header: t('column.campaign'),
        maw: 300,
        cell: (c) => <CampaignTitle campaign={c} merchant={merchants.length > 1} />,
      },
      { header: t('column.state'), cell: (c) => <CampaignStateBadge state={c.state} /> },
      { header: t('column.budget'), cell: (c) => <Money amount={c.daily_budget} currency={c.currency} /> },
      { header: t('column.impressions'), cell: (c) => <bdi>{count(c.results.impressions)}</bdi> },
      { header: t('column.clicks'), cell: (c) => <bdi>{count(c.results.clicks)}</bdi> },
      { header: t('column.ctr'), cell: (c) => <bdi>{rate(c.results.ctr)}</bdi> },
      { header: t('column.orders'), cell: (c) => <bdi>{count(c.results.orders)}</bdi> },
      { header: t('column.spend'), cell: (c) => <Money amount={c.results.spend} currency={c.currency} /> },
      { header: <VisuallyHidden>{t('column.actions')}</VisuallyHidden>, w: 48, cell: actions },
    ],
    card: (c) => (
      <CampaignCard
        campaign={c}
        merchant={merchants.length > 1}
        actions={actions(c)}
        figures={[
          [t('column.budget'), <Money key="b" amount={c.daily_budget} currency={c.currency} />],
          [t('column.impressions'), <bdi key="i">{count(c.results.impressions)}</bdi>],
          [t('column.clicks'), <bdi key="c">{count(c.results.clicks)}</bdi>],
          [t('column.orders'), <bdi key="o">{count(c.results.orders)}</bdi>],
          [t('column.spend'), <Money key="s" amount={c.results.spend} currency={c.currency} />],
        ]}
      />
    ),
    skeleton: { rows: 4, height: 56 },
  };

  // The page's first action, and the empty list's: a campaign needs a merchant to run for.
  const newCampaign: PageAction | undefined =
    merchants.length > 0 ? { label: t('new'), onClick: () => setEditing('new'), opens: 'dialog' } : undefined;
  return (
    <>
      <PageHeader
        title={t('title')}
        primary={newCampaign}
        actions={
          inviters.length > 0
            ? [{ label: t('invite.open'), onClick: () => setInviting(true), opens: 'dialog' }]
            : []
        }
      />
      <AdsFilters products={products} product={product} days={days} onChange={set} />
      {query.data && (
        <Text size="xs" c="dimmed" mb="xs">
          {t('window', {
            from: capitalDate(query.data.from, new Date(), langOf(i18n.language)),
            to: capitalDate(query.data.to, new Date(), langOf(i18n.language)),
          })}
        </Text>
      )}
      <AdsTotals query={query} rows={rows} />
      <PagedList
        name="campaigns"
        of={campaigns}
        look={look}
        words={{ t, filtered: Boolean(product), action: newCampaign }}
      />
      {editing && (
        <CampaignDialog
          merchants={merchants}
          campaign={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {inviting && <InviteDialog merchants={inviters} onClose={() => setInviting(false)} />}
    </>
  );
}

/** The filtered campaigns' results summed: impressions, clicks, orders and spend (one currency, or said to be several). */
function AdsTotals(props: { query: ReturnType<typeof useCampaigns>; rows: Campaign[] }) {
  const { t } = useTranslation('ads');
  const { rows } = props;
  const currencies = [...new Set(rows.map((c) => c.currency))];
  const sums = { impressions: 0, clicks: 0, orders: 0, spend: 0 };
  for (const c of rows) {
    sums.impressions += c.results.impressions;
    sums.clicks += c.results.clicks;
    sums.orders += c.results.orders;
    sums.spend += Number(c.results.spend);
  }
  return (
    <FiguresBar
      query={props.query}
      testId="ads-totals"
      failed={t('totalsFailed')}
      columns={4}
      figures={() => [
        {
          label: t('column.impressions'),
          value: <bdi>{count(sums.impressions)}</bdi>,
          testId: 'ads-impressions',
        },
        { label: t('column.clicks'), value: <bdi>{count(sums.clicks)}</bdi>, testId: 'ads-clicks' },
        { label: t('column.orders'), value: <bdi>{count(sums.orders)}</bdi>, testId: 'ads-orders' },
        {
          label: t('column.spend'),
          value:
            currencies.length === 1 ? (
              <Money amount={sums.spend} currency={currencies[0]!} />
            ) : currencies.length === 0 ? (
              '—'
            ) : (
              t('severalCurrencies')
            ),
          testId: 'ads-spend',
        },
      ]}
    />
  );
}

/** The campaigns' product and the window of days their results cover. */
function AdsFilters(props: {
  products: PaymentProduct[];
  product: string;
  days: ResultWindow;
  onChange: (patch: Partial<Filters>) => void;
}) {
  const { t } = useTranslation('ads');
  const { products, product, days } = props;
  const set = props.onChange;
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <Select
        label={t('filter.product')}
        placeholder={t('filter.allProducts')}
        data={products.map((p) => ({ value: p, label: t(`product.${p}`) }))}
        value={product || null}
        onChange={(v) => set({ product: v ?? '', page: 1 })}
        clearable
        w={{ base: '100%', xs: 240 }}
        data-testid="ads-product-filter"
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="ads-window">
          {t('filter.window')}
        </Text>
        <SegmentedControl
          aria-labelledby="ads-window"
          value={String(days)}
          onChange={(v) => set({ days: Number(v) as ResultWindow, page: 1 })}
          data={RESULT_WINDOWS.map((d) => ({ value: String(d), label: t('filter.days', { count: d }) }))}
        />
      </Stack>
    </Group>
  );
}
