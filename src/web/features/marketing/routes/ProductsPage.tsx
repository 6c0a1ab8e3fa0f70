/**
 * `marketing/products` (shell spec §2.6; the product catalog experiment; docs/marketing.md "Products"): the products
 * read from connected platforms, by title, 20 a page, filtered by platform and a search (in the address); each with
 * a switch that shows it in the marketplace — off, with a link, until the marketplace may read the catalogue.
 */
import { isForbidden } from '../../../api/client';
import { Alert, Anchor, Badge, Group, Select, Switch, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ForbiddenPage } from '../../../components/DetailFrame';
import { Money } from '../../../components/Money';
import { notify } from '../../../components/notificationStore';
import { PageHeader, type PageAction } from '../../../components/PageHeader';
import { type ListLook } from '../../../components/ResponsiveList';
import { useAddressFilters } from '../../../components/useAddressFilters';
import {
  PAGE_SIZE,
  useShowProduct,
  useConnections,
  useProducts,
  type Product,
  type ProductFilter,
} from '../api';
import { PlatformName } from '../components/PlatformName';
import { PagedList, pageOf } from '../../../components/PagedList';

/** The filters in the address: `?platform=`, `?query=`, `?page=`. */
const readFilters = (params: URLSearchParams): ProductFilter => ({
  platform: params.get('platform') ?? '',
  query: params.get('query') ?? '',
  page: Math.max(1, Number(params.get('page')) || 1),
});
const writeFilters = (f: ProductFilter) => {
  const params = new URLSearchParams();
  if (f.platform) params.set('platform', f.platform);
  if (f.query) params.set('query', f.query);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
};

export function ProductsPage() {
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const [{ platform, query: search, page }, set] = useAddressFilters(readFilters, writeFilters);
  const list = useProducts({ platform, query: search, page });
  const connections = useConnections();
  const showing = useShowProduct();
  // The product whose change is on its way.
  const busy = showing.isPending ? showing.variables.product.id : null;

  if (isForbidden(list.error))
    return (
      <ForbiddenPage
        title={t('products.title')}
        t={t}
        prefix="products."
        breadcrumbs={[{ label: t('title'), to: '/marketing' }]}
      />
    );

  const merchants = connections.data?.merchants ?? [];
  const authorised = (merchantId: string) =>
    merchants.find((m) => m.merchant_id === merchantId)?.catalog_authorised_at != null;
  const platforms = [...new Set((connections.data?.connections ?? []).map((c) => c.platform))];
  const anyUnauthorised = merchants.some((m) => m.product_catalog && !m.catalog_authorised_at);

  const toggle = async (product: Product, value: boolean) => {
    try {
      await showing.mutateAsync({ product, value });
    } catch {
      notify({ variant: 'error', title: t('products.title'), message: t('products.changeFailed') });
    }
  };

  const shown = (p: Product) => (
    <Switch
      checked={p.in_marketplace}
      disabled={busy === p.id || (!p.in_marketplace && !authorised(p.merchant_id))}
      onChange={(e) => void toggle(p, e.currentTarget.checked)}
      aria-label={`${t('products.inMarketplace')}: ${p.title}`}
      data-testid="product-shown"
    />
  );

  const look: ListLook<Product> = {
    minWidth: 760,
    columns: [
      {
        header: t('products.column.title'),
        maw: 320,
        cell: (p) => (
          <Text size="sm" fw={600}>
            <bdi>{p.title}</bdi>
          </Text>
        ),
      },
      { header: t('products.column.platform'), cell: (p) => <PlatformName platform={p.platform} /> },
      { header: t('products.column.price'), cell: (p) => <Money amount={p.price} currency={p.currency} /> },
      {
        header: t('products.column.stock'),
        cell: (p) => (
          <Badge variant="light" color={p.in_stock ? 'green' : 'gray'}>
            {t(p.in_stock ? 'products.inStock' : 'products.outOfStock')}
          </Badge>
        ),
      },
      { header: t('products.inMarketplace'), w: 120, cell: shown },
    ],
    card: (p) => (
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            <bdi>{p.title}</bdi>
          </Text>
          <Text size="xs" c="dimmed">
            <PlatformName platform={p.platform} /> · <Money amount={p.price} currency={p.currency} /> ·{' '}
            {t(p.in_stock ? 'products.inStock' : 'products.outOfStock')}
          </Text>
        </div>
        {shown(p)}
      </Group>
    ),
    skeleton: { rows: 6, height: 48 },
  };
  const products = pageOf(list, (answer) => answer.products, {
    page,
    size: PAGE_SIZE,
    onChange: (next) => set({ page: next }),
  });
  const filtered = Boolean(platform || search);
  // The page's first action, and the empty list's.
  const connect: PageAction = { label: t('products.connect'), onClick: () => navigate('/marketing') };

  return (
    <>
      <PageHeader
        title={t('products.title')}
        breadcrumbs={[{ label: t('title'), to: '/marketing' }]}
        primary={connect}
      />
      {anyUnauthorised && (
        <Alert color="yellow" mb="md" data-testid="products-not-authorised">
          {t('products.notAuthorised')}{' '}
          <Anchor
            component={Link}
            to="/marketplace/product-catalog/auth"
            size="sm"
            c="inherit"
            fw={600}
            underline="always"
          >
            {t('products.authorise')}
          </Anchor>
        </Alert>
      )}
      <ProductFilters
        search={search}
        platform={platform}
        platforms={platforms}
        counts={list.data}
        onChange={(patch) => set({ ...patch, page: 1 })}
      />
      <PagedList
        name="products"
        of={products}
        look={look}
        words={{ t, prefix: 'products.', filtered, action: connect }}
      />
    </>
  );
}

/** The products' search (sent on Enter or on leaving the box), the platform, and how many are shown. */
function ProductFilters(props: {
  search: string;
  platform: string;
  platforms: string[];
  counts: { in_marketplace: number; total: number } | undefined;
  onChange: (patch: { query?: string; platform?: string }) => void;
}) {
  const { t } = useTranslation('marketing');
  const [typed, setTyped] = useState(props.search);
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <TextInput
        label={t('products.search')}
        leftSection={<IconSearch size={16} />}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') props.onChange({ query: typed.trim() });
        }}
        onBlur={() => typed.trim() !== props.search && props.onChange({ query: typed.trim() })}
        w={{ base: '100%', xs: 280 }}
        maxLength={100}
      />
      <Select
        label={t('products.column.platform')}
        placeholder={t('products.allPlatforms')}
        data={props.platforms.map((p) => ({ value: p, label: t(`platform.${p}`) }))}
        value={props.platform || null}
        onChange={(v) => props.onChange({ platform: v ?? '' })}
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      {props.counts && (
        <Text size="sm" c="dimmed" data-testid="products-shown-count">
          {t('products.shownCount', { count: props.counts.in_marketplace, total: props.counts.total })}
        </Text>
      )}
    </Group>
  );
}
