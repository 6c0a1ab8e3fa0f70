/**
 * The legal-entity and licence notice on the home (shell spec §2.3, §4; docs/legal-entities.md): the sidebar
 * alert's words and action, and a licence that expires within its reminder window.
 */
import { Alert, Anchor } from '@mantine/core';
import { IconAlertOctagon, IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alertEntity, legalEntityAlert, licenceState } from '../../../../domain/legalEntities';
import { localDay } from '../../../components/listText';
import { useLegalEntities } from '../../../api/legalEntities';

export function LegalEntityNotice() {
  const { t } = useTranslation('dashboard');
  const { t: ts } = useTranslation('shell');
  const entities = useLegalEntities().data?.items ?? [];
  const entity = alertEntity(entities);
  const alert = legalEntityAlert(entity?.status);
  if (entity && alert)
    return (
      <Alert
        color={alert === 'warning' ? 'yellow' : 'red'}
        icon={alert === 'warning' ? <IconAlertTriangle size={18} /> : <IconAlertOctagon size={18} />}
        data-testid="legal-entity-notice"
      >
        {ts(`legalEntityAlert.${alert}`)}{' '}
        <Anchor
          component={Link}
          to={alert === 'warning' ? `/legal-entities/${entity.id}` : '/support'}
          fw={600}
          c="inherit"
          underline="always"
        >
          {ts(alert === 'warning' ? 'legalEntityAlert.getStarted' : 'legalEntityAlert.contactSupport')}
        </Anchor>
      </Alert>
    );
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
