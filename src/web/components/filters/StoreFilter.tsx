/**
 * The store filter of a list: the merchant's stores (or those given, as analytics gives one country's); not drawn
 * for one store, where it could only narrow to everything.
 */
import { MultiSelect } from '@mantine/core';
import { useStores } from '../../api/stores';
import type { FilterWords } from './FilterBar';

export function StoreFilter(props: {
  words: FilterWords;
  value: string[];
  onChange: (stores: string[]) => void;
  width: number;
  /** The stores to choose among, when not all of the caller's. */
  stores?: readonly { id: string; name: string }[];
}) {
  const all = useStores();
  const options = (props.stores ?? all.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  if (options.length <= 1) return null;
  return (
    <MultiSelect
      label={props.words('filters.store')}
      placeholder={props.value.length === 0 ? props.words('filters.any') : undefined}
      data={options}
      value={props.value}
      onChange={props.onChange}
      clearable
      w={{ base: '100%', sm: props.width }}
    />
  );
}
