/**
 * A filter of several choices among a fixed list (statuses, kinds, roles, topics): "Any" while none is chosen.
 */
import { MultiSelect } from '@mantine/core';
import type { FilterWords } from './FilterBar';

export function ChoiceFilter<V extends string>(props: {
  words: FilterWords;
  /** The label's key (`filters.status`). */
  label: string;
  choices: readonly V[];
  /** A choice's text's key (`status.${choice}`). */
  choice: (value: V) => string;
  value: V[];
  onChange: (value: V[]) => void;
  width: number;
  /** The placeholder's key while nothing is chosen, when not the area's `filters.any`. */
  any?: string;
}) {
  const { words } = props;
  return (
    <MultiSelect
      label={words(props.label)}
      placeholder={props.value.length === 0 ? words(props.any ?? 'filters.any') : undefined}
      data={props.choices.map((value) => ({ value, label: words(props.choice(value)) }))}
      value={props.value}
      onChange={(value) => props.onChange(value as V[])}
      clearable
      w={{ base: '100%', sm: props.width }}
    />
  );
}
