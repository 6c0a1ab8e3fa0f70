/**
 * The date widget's calendar, in its own chunk: loaded when a merchant first opens it (most type the date), so
 * the wizard's first paint does not carry a calendar.
 */
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';

/** The week starts on Sunday in the calendar, as in most of the Gulf's business week. */
const FIRST_DAY_OF_WEEK = 0;
/** The Gulf's weekend: Friday and Saturday (0 is Sunday). */
const WEEKEND_DAYS: (0 | 1 | 2 | 3 | 4 | 5 | 6)[] = [5, 6];

export default function DateCalendar(props: {
  value: string | undefined;
  min: string | undefined;
  max: string | undefined;
  locale: string;
  onPick: (day: string) => void;
}) {
  return (
    <DatePicker
      value={props.value ?? null}
      defaultDate={props.value ?? props.min ?? props.max}
      minDate={props.min}
      maxDate={props.max}
      locale={props.locale}
      firstDayOfWeek={FIRST_DAY_OF_WEEK}
      weekendDays={WEEKEND_DAYS}
      onChange={(day) => day && props.onPick(day)}
    />
  );
}
