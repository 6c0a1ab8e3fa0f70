/**
 * A range of days, from and to (either may be open); a range running backwards is said under "to" (the area's
 * `filters.dateOrder`, or the problem given).
 */
import { isBackwards } from '../../../domain/ranges';
import { DayInput } from '../DayInput';
import type { FilterWords } from './FilterBar';

export function DayRangeFilter(props: {
  words: FilterWords;
  from: string | null;
  to: string | null;
  onChange: (patch: { from?: string | null; to?: string | null }) => void;
  /** The key of what is wrong with the range, when the area judges it (analytics: too long too). */
  problem?: string;
}) {
  const { words, from, to, onChange } = props;
  const problem = props.problem ?? (isBackwards(from, to) ? 'filters.dateOrder' : undefined);
  return (
    <>
      <DayInput label={words('filters.from')} value={from} onChange={(day) => onChange({ from: day })} />
      <DayInput
        label={words('filters.to')}
        value={to}
        onChange={(day) => onChange({ to: day })}
        error={problem ? words(problem) : undefined}
      />
    </>
  );
}
