/**
 * A calendar day (yyyy-mm-dd, the provider's UTC day: a payout's, a wallet movement's): "23 Nov" this year, else
 * 23/11/25, left to right in Arabic.
 */
import { useTranslation } from 'react-i18next';
import { capitalDate } from '../../domain/capital/format';
import { langOf } from './listText';

export function CalendarDay(props: { day: string }) {
  const { i18n } = useTranslation();
  return <bdi dir="ltr">{capitalDate(props.day, new Date(), langOf(i18n.language))}</bdi>;
}
