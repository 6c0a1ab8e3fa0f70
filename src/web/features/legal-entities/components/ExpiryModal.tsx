/**
 * The licence expiry modal (docs/legal-entities.md), once dismissed not shown again.
 */
import { Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { analytics } from '../../../analytics';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/DialogFooter';
import { isolate, langOf } from '../../../components/listText';
import { capitalDate } from '../../../../domain/capital/format';
import { licenceState } from '../../../../domain/legalEntities';
import { type LegalEntityListItem } from '../api';
import { today } from './Licence';

const DISMISSED_KEY = 'mbo.legalEntityExpiry.dismissed';

function dismissed(): string[] {
  try {
    return JSON.parse(window.sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/**
 * The expiry modal: the first entity (not suspended, no renewed licence sent yet) whose licence expires soon or
 * has expired. Its action sends the renewed licence (`onRenew`: the entity's page opens its dialog).
 */
export function ExpiryModal(props: { entities: LegalEntityListItem[]; onRenew: (entityId: string) => void }) {
  const { t, i18n } = useTranslation('legal-entities');
  const [gone, setGone] = useState(dismissed);
  const lang = langOf(i18n.language);
  const entity = props.entities.find(
    (e) =>
      e.status !== 'suspended' &&
      !e.renewal &&
      !gone.includes(e.id) &&
      ['expiring', 'expired'].includes(licenceState(e.license_expiry_date, today()).state),
  );
  // Once per licence the modal shows (onboarding §1: "legal entities (expiry modal …)").
  const shownId = entity?.id;
  useEffect(() => {
    if (shownId) analytics.track('Licence Expiry Modal Shown', { entity_id: shownId });
  }, [shownId]);
  if (!entity) return null;
  const state = licenceState(entity.license_expiry_date, today());
  const close = () => {
    const next = [...gone, entity.id];
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch {
      // Storage refused (private mode): the modal stays closed for this page view only.
    }
    setGone(next);
  };
  const name = isolate(entity.legal_company_name ?? entity.id);
  return (
    <Modal opened onClose={close} title={t('expiry.title')} centered>
      <Stack>
        <Text size="sm">
          {state.state === 'expiring'
            ? t('expiry.expiring', { count: state.daysLeft!, name })
            : t('expiry.expired', {
                name,
                date: isolate(capitalDate(entity.license_expiry_date!, new Date(), lang)),
              })}
        </Text>
        <Text size="sm">
          {t('expiry.suspension', { date: isolate(capitalDate(state.suspendOn!, new Date(), lang)) })}
        </Text>
        <DialogFooter
          cancel={{ label: t('expiry.later'), onClick: close }}
          action={{
            label: t('renew.action'),
            onClick: () => {
              close();
              props.onRenew(entity.id);
            },
          }}
        />
      </Stack>
    </Modal>
  );
}
