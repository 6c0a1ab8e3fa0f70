/**
 * The merchant's home (issue 34; docs/dashboard.md), once the onboarding gate lets them in: the status message
 * ops publish, the legal-entity and licence notice, capital's offer, sales today and in the last 7 days, the
 * next and the last payout, the disputes waiting for a response, and the API keys for workspace admins — each tile its own call, with its
 * skeleton, its empty state and its error, and a link to its area. A tile shows only to members whose
 * permissions open its area.
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { usePermissionFlags } from '../../../api/permissions';
import { useExperiments } from '../../../api/experiments';
import { capitalSeen } from '../../../../domain/permissions';
import type { Onboarding } from '../api';
import { ApiKeysCard } from '../components/ApiKeysCard';
import { CapitalBanner } from '../components/CapitalBanner';
import { DisputesTile } from '../components/DisputesTile';
import { LegalEntityNotice } from '../components/LegalEntityNotice';
import { PayoutsTile } from '../components/PayoutsTile';
import { SalesTiles } from '../components/SalesTiles';
import { StatusMessageBanner } from '../components/StatusMessageBanner';

export function DashboardHome(props: { onboarding: Onboarding }) {
  const { t } = useTranslation('shell');
  const flags = usePermissionFlags().data;
  const experiments = useExperiments().data ?? [];
  const on = (flag: keyof NonNullable<typeof flags>) => flags?.[flag] === true;
  return (
    <>
      <PageHeader title={t('nav.dashboard')} />
      <Stack gap="lg">
        <StatusMessageBanner />
        <LegalEntityNotice />
        <CapitalBanner enabled={flags !== undefined && capitalSeen(flags, experiments)} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {on('is_order_view_allowed') && <SalesTiles />}
          {on('is_payouts_allowed') && <PayoutsTile />}
          {on('is_disputes_allowed') && <DisputesTile />}
        </SimpleGrid>
        {on('is_account_edit_allowed') && <ApiKeysCard merchantId={props.onboarding.store.merchant_id} />}
      </Stack>
    </>
  );
}
