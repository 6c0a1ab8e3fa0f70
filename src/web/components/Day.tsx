/**
 * An instant as its day (listText.ts) — with its time of day when asked (an order placed at 14:05) —, each in
 * its own isolate: the day in its first letter's direction ("28 نوفمبر" day first in Arabic, as CalendarDay), the
 * time left to right (a day and a time in one isolate would be reordered around the Arabic month's name).
 */
import { useTranslation } from 'react-i18next';
import { langOf, dayText, timeText } from './listText';

export function Day(props: { iso: string; withTime?: boolean }) {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const day = <bdi data-day>{dayText(props.iso, lang)}</bdi>;
  if (!props.withTime) return day;
  return (
    <>
      {day}
      {lang === 'ar' ? '، ' : ', '}
      <bdi dir="ltr">{timeText(props.iso)}</bdi>
    </>
  );
}
