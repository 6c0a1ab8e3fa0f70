/**
 * The legal entities list (docs/legal-entities.md).
 */
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ResponsiveList } from '../../../components/ResponsiveList';
import { PageHeader } from '../../../components/PageHeader';
import { isLegalEntityStatus, LEGAL_ENTITY_STATUSES } from '../../../../domain/legalEntities';
import { useLegalEntities } from '../api';
import { ExpiryModal } from '../components/ExpiryModal';
import { EntityCard } from '../components/EntityCard';

export function LegalEntitiesList() {
  const { t } = useTranslation('legal-entities');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const statuses = (params.get('status') ?? '').split(',').filter(isLegalEntityStatus);
  const list = useLegalEntities(statuses);
  const entities = list.data ?? [];
  return (
    <>
      <PageHeader title={t('title')} />
      <MultiSelect
        label={t('filters.status')}
        placeholder={statuses.length === 0 ? t('filters.statusPlaceholder') : undefined}
        data={LEGAL_ENTITY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={statuses}
        onChange={(next) => {
          const search = new URLSearchParams();
          if (next.length > 0) search.set('status', next.join(','));
          setParams(search, { replace: true });
        }}
        clearable
        w={{ base: '100%', sm: 320 }}
        mb="md"
      />
      <ResponsiveList
        name="legal-entities"
        query={list}
        rows={entities}
        look={{
          card: (e) => <EntityCard entity={e} />,
          link: (e) => `/legal-entities/${encodeURIComponent(e.id)}`,
          grid: 2,
          skeleton: { rows: 3, height: 88 },
        }}
        loadFailed={t('loadFailed')}
        empty={{
          title: statuses.length > 0 ? t('empty.filtered') : t('empty.title'),
        }}
      />
      {list.data && (
        <ExpiryModal
          entities={list.data}
          onRenew={(id) =>
            void navigate(`/legal-entities/${encodeURIComponent(id)}`, { state: { renew: true } })
          }
        />
      )}
    </>
  );
}
