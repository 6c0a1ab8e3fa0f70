/**
 * A list's search box: what is typed shows at once and reaches the address a pause after the last key, or at
 * once on Enter (useSearchDraft).
 */
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSearchDraft } from '../useSearchDraft';
import type { FilterWords } from './FilterBar';

export function SearchFilter(props: {
  words: FilterWords;
  value: string;
  /** Puts a text in the address (stable across renders: a patch of useAddressFilters). */
  onCommit: (text: string) => void;
  width: number;
  /** The label's and placeholder's keys, when not the area's `filters.search` and `filters.searchPlaceholder`. */
  label?: string;
  placeholder?: string;
  /** A word under the box about what is typed (orders: too few digits to find a phone). */
  hint?: (typed: string) => string | undefined;
}) {
  const { words, onCommit } = props;
  const [typed, setTyped] = useSearchDraft(props.value, onCommit);
  return (
    <TextInput
      label={words(props.label ?? 'filters.search')}
      placeholder={words(props.placeholder ?? 'filters.searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onCommit(typed);
      }}
      maxLength={100}
      w={{ base: '100%', sm: props.width }}
      description={props.hint?.(typed)}
      inputWrapperOrder={['label', 'input', 'description']}
    />
  );
}
