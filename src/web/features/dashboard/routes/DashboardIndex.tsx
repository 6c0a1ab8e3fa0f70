/**
 * The dashboard (onboarding spec §1): the gate, then the home.
 */
import { useTranslation } from 'react-i18next';
import { NotAvailableYet } from '../../../components/NotAvailableYet';
import { PageHeader } from '../../../components/PageHeader';
import { WithGate } from '../components/WithGate';

export function DashboardIndex() {
  const { t } = useTranslation('shell');
  return (
    <WithGate page="index">
      {() => (
        <>
          <PageHeader title={t('nav.dashboard')} />
          <NotAvailableYet />
        </>
      )}
    </WithGate>
  );
}
