/**
 * A store (docs/stores.md): its tabs in the address.
 */
import { Group, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { DetailFrame, type Crumbs } from '../../../components/DetailFrame';
import { isStoreTab, STORE_TABS, type StoreTab } from '../../../../domain/stores';
import { useStore, type StoreDetail } from '../api';
import { storePath } from '../components/storePath';
import { ContractBadge } from '../components/ContractBadge';
import { CommissionsTab } from '../components/CommissionsTab';
import { ProductsTab } from '../components/ProductsTab';
import { SchedulesTab } from '../components/SchedulesTab';
import { ContractTab } from '../components/ContractTab';

export function StoreDetailPage() {
  const { t } = useTranslation('stores');
  const { merchantId: id = '', tab = 'commissions' } = useParams();
  const store = useStore(id);
  return (
    <DetailFrame
      query={store}
      area={{ title: t('title'), to: '/business-profile/stores' }}
      t={t}
      skeleton={{ testId: 'store-loading', blocks: [{ h: 36, w: 280 }, 40, 160] }}
    >
      {(s, crumbs) => <StorePage store={s} tab={tab} crumbs={crumbs} />}
    </DetailFrame>
  );
}

function StorePage(props: { store: StoreDetail; tab: string; crumbs: Crumbs }) {
  const { t } = useTranslation('stores');
  const navigate = useNavigate();
  const { crumbs, tab } = props;
  const s = props.store;
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
