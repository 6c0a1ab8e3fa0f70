/** A location's hours today (the browser's weekday): "09:00–22:00", or "Closed". */
import { useTranslation } from 'react-i18next';
import { WEEKDAYS, type OpeningHours } from '../../../../domain/locations';

/** Today's weekday as the hours name it (Monday first). */
export const todayWeekday = () => WEEKDAYS[(new Date().getDay() + 6) % 7]!;

export function HoursToday(props: { hours: OpeningHours }) {
  const { t } = useTranslation('locations');
  const today = props.hours[todayWeekday()];
  if (!today) return <>{t('closed')}</>;
  return <bdi dir="ltr">{t('open', { from: today.from, to: today.to })}</bdi>;
}
