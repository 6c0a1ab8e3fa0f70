/**
 * A location's hours today (the browser's weekday): "09:00–22:00", or "Closed". The range runs in the page's
 * direction — in Arabic the opening time on the right, read first (issue 56) — and each time left to right.
 */
import { useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from '../../../components/listText';
import { WEEKDAYS, type OpeningHours } from '../../../../domain/locations';

/** Today's weekday as the hours name it (Monday first). */
export const todayWeekday = () => WEEKDAYS[(new Date().getDay() + 6) % 7]!;

export function HoursToday(props: { hours: OpeningHours }) {
  const { t } = useTranslation('locations');
  const { dir } = useDirection();
  const today = props.hours[todayWeekday()];
  if (!today) return <>{t('closed')}</>;
  return (
    <bdi dir={dir} data-hours>
      {t('open', { from: isolateLtr(today.from), to: isolateLtr(today.to) })}
    </bdi>
  );
}
