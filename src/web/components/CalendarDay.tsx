/**
 * A calendar day (yyyy-mm-dd, the provider's UTC day: a payout's, a wallet movement's): "23 Nov" this year, else
 * 23/11/25 — in its own isolate whose direction is its first letter's: "28 نوفمبر" reads day first in Arabic
 * (a left-to-right isolate made it "نوفمبر 28"; issue 56), and 23/11/25, having no letter, left to right.
 */
import { useTranslation } from 'react-i18next';
import { capitalDate } from '../../domain/capital/format';
import { langOf } from './listText';

export function CalendarDay(props: { day: string }) {
  const { i18n } = useTranslation();
  return <bdi data-day>{capitalDate(props.day, new Date(), langOf(i18n.language))}</bdi>;
}
