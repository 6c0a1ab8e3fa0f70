/**
 * A legal entity's licence expiry, and how near it is (docs/legal-entities.md).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isolate, langOf, localDay } from '../../../components/listText';
import { capitalDate } from '../../../../domain/capital/format';
import { licenceState } from '../../../../domain/legalEntities';

export const today = () => localDay(new Date().toISOString());

/** The licence's expiry as a line: "Expires 31/03/28", "Expires in 20 days", "Expired on 15/11/26". */
export function Licence(props: { expiry: string | null }) {
  const { t, i18n } = useTranslation('legal-entities');
  const state = licenceState(props.expiry, today());
  if (state.state === 'none') return <Text size="sm">{t('licence.none')}</Text>;
  const date = isolate(capitalDate(props.expiry!, new Date(), langOf(i18n.language)));
  const color = state.state === 'valid' ? undefined : state.state === 'expiring' ? 'orange' : 'red';
  return (
    <Text size="sm" c={color} fw={state.state === 'valid' ? undefined : 600} data-licence={state.state}>
      {state.state === 'expiring'
        ? t('licence.expiring', { count: state.daysLeft!, date })
        : t(`licence.${state.state}`, { date })}
    </Text>
  );
}
