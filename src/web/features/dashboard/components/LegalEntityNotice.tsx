/**
 * The licence notice on the home (docs/legal-entities.md, docs/dashboard.md): a licence that expires within its
 * reminder window, or has expired and is not yet suspended, with the way to renew it. The legal-entity alerts of
 * shell spec §2.3 stay the shell's (on every page), not repeated here.
 */
import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alertEntity, legalEntityAlert, licenceState } from '../../../../domain/legalEntities';
import { localDay } from '../../../components/listText';
import { useLegalEntities } from '../../../api/legalEntities';

export function LegalEntityNotice() {
  const { t } = useTranslation('dashboard');
  const entities = useLegalEntities().data?.items ?? [];
  // An entity needing information, suspending or suspended has the shell's own alert on every page (the
  // sidebar's, or the page's when the sidebar is hidden): the home does not say it twice.
  if (legalEntityAlert(alertEntity(entities)?.status)) return null;
  // A licence about to expire (or expired, not yet suspended): renew it before the product stops.
  const today = localDay(new Date().toISOString());
  const expiring = entities.find((e) => {
    const state = licenceState(e.license_expiry_date, today).state;
    return e.status !== 'suspended' && (state === 'expiring' || state === 'expired');
  });
  if (!expiring) return null;
  const state = licenceState(expiring.license_expiry_date, today);
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="licence-notice">
      {state.state === 'expired'
        ? t('home.licence.expired', { date: expiring.license_expiry_date })
        : t('home.licence.expiring', { count: state.daysLeft ?? 0 })}{' '}
      <Anchor component={Link} to={`/legal-entities/${expiring.id}`} fw={600} c="inherit" underline="always">
        {t('home.licence.renew')}
      </Anchor>
    </Alert>
  );
}
