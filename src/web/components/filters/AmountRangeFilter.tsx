/**
 * A range of amounts, minimum and maximum: each reaches the address when typing pauses and only when it is an
 * amount (or cleared), so a half-typed "12." stays in its box; a wrong amount or a range the wrong way round is
 * said beside it (the area's `filters.min`, `filters.max`, `filters.amountFormat`, `filters.amountOrder`).
 */
import { TextInput } from '@mantine/core';
import { useCallback } from 'react';
import { isBackwards } from '../../../domain/ranges';
import { useSearchDraft } from '../useSearchDraft';
import type { FilterWords } from './FilterBar';

export function AmountRangeFilter(props: {
  words: FilterWords;
  min: string;
  max: string;
  onChange: (patch: { min?: string; max?: string }) => void;
  /** Whether a text is an amount the list can be asked for. */
  isAmount: (text: string) => boolean;
}) {
  const { words, onChange, isAmount } = props;
  const commitMin = useCallback(
    (min: string) => void ((min.trim() === '' || isAmount(min)) && onChange({ min: min.trim() })),
    [onChange, isAmount],
  );
  const commitMax = useCallback(
    (max: string) => void ((max.trim() === '' || isAmount(max)) && onChange({ max: max.trim() })),
    [onChange, isAmount],
  );
  const [min, setMin] = useSearchDraft(props.min, commitMin);
  const [max, setMax] = useSearchDraft(props.max, commitMax);
  const format = (text: string) =>
    text.trim() !== '' && !isAmount(text) ? words('filters.amountFormat') : undefined;
  const amount = (text: string) => (isAmount(text) ? Number(text) : null);
  const backwards = isBackwards(amount(min), amount(max));
  const box = (label: string, value: string, set: (text: string) => void, error: string | undefined) => (
    <TextInput
      label={words(label)}
      inputMode="decimal"
      dir="ltr"
      value={value}
      onChange={(e) => set(e.currentTarget.value)}
      error={error}
      maxLength={16}
      w={{ base: 'calc(50% - 6px)', sm: 120 }}
    />
  );
  return (
    <>
      {box('filters.min', min, setMin, format(min))}
      {box('filters.max', max, setMax, format(max) ?? (backwards ? words('filters.amountOrder') : undefined))}
    </>
  );
}
