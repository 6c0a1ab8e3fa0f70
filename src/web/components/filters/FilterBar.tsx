/**
 * A list's filter bar and its parts (orders, payouts, disputes, support, the team, the wallet, analytics): each
 * filter kept in the address, named by the area's own `filters.*` texts — `from`, `to`, `dateOrder`, `any`,
 * `store`, `status`, `search`, `searchPlaceholder`, `clear` — so a list's bar says which filters it has and in
 * which order, and nothing of how a filter is drawn (issue 57).
 */
import { Button, Group } from '@mantine/core';
import { Fragment, useState, type ReactNode } from 'react';

/** An area's translate function (`useTranslation('orders').t`): the filters read their words from it. */
export type FilterWords = (key: string, options?: Record<string, unknown>) => string;

/**
 * The bar: its filters side by side (one under another on a phone) and, while any is set, "Clear filters".
 * Clearing draws the filters afresh, so a search or an amount typed but not yet sent is cleared with the rest.
 */
export function FilterBar(props: {
  words: FilterWords;
  /** Whether any filter is set (the clear button shows). */
  filtered: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  const [drawn, setDrawn] = useState(0);
  return (
    <Group align="flex-start" gap="sm" mb="md" wrap="wrap">
      <Fragment key={drawn}>{props.children}</Fragment>
      {props.filtered && (
        <Button
          variant="subtle"
          mt={{ base: 0, sm: 25 }}
          onClick={() => {
            setDrawn((n) => n + 1);
            props.onClear();
          }}
        >
          {props.words('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
