/**
 * A legal entity (docs/legal-entities.md): its details, licence and owners.
 */
import { storedFileAddress } from '../../../api/upload';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { DetailGrid, DetailSection, LabelValue } from '../../../components/DetailParts';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { isolate, langOf } from '../../../components/listText';
import { capitalDate } from '../../../../domain/capital/format';
import { licenceState } from '../../../../domain/legalEntities';
import { DetailFrame, type Crumbs } from '../../../components/DetailFrame';
import { PageHeader } from '../../../components/PageHeader';
import { groupIban } from '../../../../engine/core/iban';
import { useLegalEntity, useOwners, type LegalEntityDetail as EntityRecord } from '../api';
import { StatusBadge } from '../components/StatusBadge';
import { Licence, today } from '../components/Licence';
import { RenewLicenceDialog } from '../components/RenewLicenceDialog';
import { ExpiryModal } from '../components/ExpiryModal';
import { Owners } from '../components/Owners';

export function LegalEntityDetail() {
  const { t } = useTranslation('legal-entities');
  const { originalLegalEntityId: id = '' } = useParams();
  const entity = useLegalEntity(id);
  const owners = useOwners(id, entity.isSuccess);
  return (
    <DetailFrame
      query={entity}
      area={{ title: t('title'), to: '/legal-entities' }}
      t={t}
      skeleton={{ testId: 'legal-entity-loading', blocks: [{ h: 36, w: 280 }, 180, 160] }}
    >
      {(e, crumbs) => <EntityPage entity={e} owners={owners} crumbs={crumbs} />}
    </DetailFrame>
  );
}

function EntityPage(props: { entity: EntityRecord; owners: ReturnType<typeof useOwners>; crumbs: Crumbs }) {
  const { t, i18n } = useTranslation('legal-entities');
  const { crumbs, owners } = props;
  const e = props.entity;
  const location = useLocation();
  // Opened here, or by the expiry modal's "Send the renewed licence" (on this page or the list's).
  const [renewing, setRenewing] = useState((location.state as { renew?: boolean } | null)?.renew === true);
  const lang = langOf(i18n.language);
  const licence = licenceState(e.license_expiry_date, today()).state;
  // A licence to renew: one expiring or expired, or an entity the provider asks information of.
  const mayRenew =
    e.renewal === null && (licence === 'expiring' || licence === 'expired' || e.status !== 'active');
  const info = e.legal_info as Record<string, string | undefined>;
  const licenceType = info.business_license_type;
  return (
    <>
      <PageHeader title={e.legal_company_name ?? e.id} breadcrumbs={crumbs} />
      <Stack gap="lg">
        <Group gap="sm">
          <StatusBadge status={e.status} />
          <Text size="sm">{t(`country.${e.country}`, { defaultValue: e.country })}</Text>
        </Group>
        {e.status !== 'active' && (
          <Alert
            color={e.status === 'suspended' ? 'red' : 'yellow'}
            title={t(`statusAlert.${e.status}.title`)}
          >
            <Text size="sm">{t(`statusAlert.${e.status}.body`)}</Text>
            <Button component={Link} to="/support" size="xs" variant="light" mt="sm">
              {t('contactSupport')}
            </Button>
          </Alert>
        )}
        {e.renewal && (
          <Alert color="blue" title={t('renew.sentTitle')} data-testid="licence-renewal">
            <Text size="sm">
              {t('renew.sent', {
                date: isolate(capitalDate(e.renewal.sent_at.slice(0, 10), new Date(), lang)),
                expiry: isolate(capitalDate(e.renewal.license_expiry_date, new Date(), lang)),
              })}
            </Text>
          </Alert>
        )}
        {mayRenew && (
          <Group>
            <Button leftSection={<IconFileUpload size={16} />} onClick={() => setRenewing(true)}>
              {t('renew.action')}
            </Button>
          </Group>
        )}
        <DetailGrid>
          <DetailSection title={t('detail.legalInfo')} order={2}>
            <Stack gap="sm">
              {licenceType && (
                <LabelValue label={t('detail.licenceType')}>
                  {t(`licenceType.${licenceType}`, { defaultValue: licenceType })}
                </LabelValue>
              )}
              {info.commercial_registration_number && (
                <LabelValue label={t('detail.registration')}>
                  <bdi dir="ltr">{info.commercial_registration_number}</bdi>
                </LabelValue>
              )}
              {info.unified_number && (
                <LabelValue label={t('detail.unifiedNumber')}>
                  <bdi dir="ltr">{info.unified_number}</bdi>
                </LabelValue>
              )}
              {info.vat_registration_number && (
                <LabelValue label={t('detail.vat')}>
                  <bdi dir="ltr">{info.vat_registration_number}</bdi>
                </LabelValue>
              )}
              <LabelValue label={t('detail.licenceExpiry')}>
                <Licence expiry={e.license_expiry_date} />
              </LabelValue>
              {e.license_url && (
                <LabelValue label={t('detail.licence')}>
                  <Anchor href={storedFileAddress(e.license_url)}>{t('detail.download')}</Anchor>
                </LabelValue>
              )}
              {e.legal_address && (
                <LabelValue label={t('detail.address')}>
                  <bdi>{e.legal_address}</bdi>
                </LabelValue>
              )}
            </Stack>
          </DetailSection>
          <DetailSection title={t('detail.bank')} order={2}>
            <Stack gap="sm">
              <LabelValue label={t('detail.bankName')}>{e.bank_name ?? '—'}</LabelValue>
              <LabelValue label={t('detail.iban')}>
                {e.iban ? (
                  <bdi dir="ltr" style={{ fontFamily: 'monospace' }}>
                    {groupIban(e.iban)}
                  </bdi>
                ) : (
                  '—'
                )}
              </LabelValue>
            </Stack>
          </DetailSection>
        </DetailGrid>
        <DetailSection title={t('owners.title')} order={2}>
          {owners.isPending ? (
            <Skeleton h={120} />
          ) : owners.isError ? (
            <Alert color="red" role="alert">
              {t('owners.loadFailed')}
            </Alert>
          ) : (
            <Owners owners={owners.data} />
          )}
        </DetailSection>
        <Group>
          <Button variant="subtle" component={Link} to="/legal-entities">
            {t('detail.back')}
          </Button>
        </Group>
      </Stack>
      <ExpiryModal entities={[e]} onRenew={() => setRenewing(true)} />
      <RenewLicenceDialog
        merchantId={e.merchant_id}
        entityId={e.id}
        name={e.legal_company_name ?? e.id}
        opened={renewing && mayRenew}
        onClose={() => setRenewing(false)}
      />
    </>
  );
}
