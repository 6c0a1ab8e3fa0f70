/**
 * One list, the same on every area (disputes, support, stores, users, legal entities; orders, payouts and
 * analytics next): skeleton rows while it loads, a failure with "Try again", an empty state, then the rows — a
 * table from the `sm` breakpoint and a card a row on a phone (a table of five or seven columns does not fit
 * 375 px), or cards at every width for a list that has no table. Under the rows: a pager (`ListPager`) or "show
 * more" (`ShowMore`). Filters stay with the screen (each area filters differently), in the address
 * (`useAddressFilters`). Texts of its own: the `lists` namespace, loaded by every list screen's route.
 */
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Menu,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSkeleton, LoadFailed } from './QueryStates';
import { useLayoutWidth } from './useLayoutWidth';

export interface ListColumn<T> {
  /** The column's heading (a `VisuallyHidden` one for a column of actions). */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** A cap on the cell's width: a long subject or name is cut there, not the whole table widened. */
  maw?: number;
  /** The column's own width (a narrow column of actions). */
  w?: number;
}

export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  /** An earlier page shown while the next loads (react-query's placeholder): dimmed. */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

/**
 * How a list's rows look, declared once beside its columns: the desktop table, the phone's card, where a row
 * leads, its skeleton. One object, not five props, so a list screen's call names only its rows, their look and
 * their words (issue 57).
 */
export interface ListLook<T> {
  /** The desktop table's columns; without them, the cards show at every width. */
  columns?: ListColumn<T>[];
  /** The table's width before it scrolls sideways: 720 px unless told. */
  minWidth?: number;
  /** Rows lit under the pointer (not where a row holds its own buttons). */
  highlight?: boolean;
  /** A row as a card; without it, the table's columns make the card (the first as its title, then label and value). */
  card?: (row: T) => ReactNode;
  /** The whole card opens the row's page. */
  link?: (row: T) => string;
  /** Cards side by side from `md` (a list of a few large cards: legal entities). */
  grid?: 2;
  /** A row's key; its `id` unless told. */
  key?: (row: T) => string;
  /** The skeleton while it loads: six rows of 44 px unless told (a row's height on the table). */
  skeleton?: { rows: number; height: number };
}

export interface ResponsiveListProps<T> {
  /**
   * The list's name, which its test ids are made of: the table `{name}`, the cards `{name}-cards`, the skeleton
   * `{name}-loading`, the empty state `{name}-empty` (one name, not four ids to keep in step).
   */
  name: string;
  query: ListQuery;
  rows: readonly T[];
  look: ListLook<T>;
  /** What the failure says ("Your tickets could not be loaded."). */
  loadFailed: string;
  empty: Omit<EmptyStateProps, 'testId'>;
  /** Under the rows: `ListPager` or `ShowMore`. */
  footer?: ReactNode;
}

export function ResponsiveList<T>(props: ResponsiveListProps<T>) {
  const { t } = useTranslation('lists');
  const { query, look, name } = props;
  const rowKey = look.key ?? ((row: T) => (row as { id: string }).id);
  const table = look.columns && { columns: look.columns, minWidth: look.minWidth ?? 720 };
  // Only the layout on screen is drawn (useLayoutWidth.ts); a hook, so before the early returns.
  const width = useLayoutWidth();
  const { rows, drawing } = useDeferredRows(props.rows);
  // Rows that arrived but are not drawn yet: their skeleton stays, not an empty state, until they are.
  if (query.isPending || (drawing && rows.length === 0))
    return (
      <ListSkeleton
        rows={look.skeleton?.rows ?? 6}
        height={look.skeleton?.height ?? 44}
        testId={`${name}-loading`}
      />
    );
  if (query.isError)
    return <LoadFailed title={props.loadFailed} retry={t('retry')} onRetry={query.refetch} />;
  if (rows.length === 0) return <EmptyState {...props.empty} testId={`${name}-empty`} />;
  // One attribute on every list, not a name per area: tests and analytics find a row by `[data-row="<key>"]`.
  const attribute = (row: T) => ({ 'data-row': rowKey(row) });
  const render = look.card ?? ((row: T) => <ColumnsCard row={row} columns={table?.columns ?? []} />);
  // The cards hide from `sm` when there is a table (and they are not a grid of large cards).
  const cardsShown = !(table && !look.grid && width === 'wide');
  const cardList = (cardsShown ? rows : []).map((row) => {
    const link = look.link?.(row);
    return link ? (
      <Card key={rowKey(row)} withBorder padding="sm" component={Link} to={link} {...attribute(row)}>
        {render(row)}
      </Card>
    ) : (
      <Card key={rowKey(row)} withBorder padding="sm" {...attribute(row)}>
        {render(row)}
      </Card>
    );
  });
  return (
    <div
      style={{ opacity: query.isPlaceholderData || drawing ? 0.6 : 1 }}
      aria-busy={Boolean(query.isPlaceholderData) || drawing}
    >
      {table && width !== 'phone' && (
        <Table.ScrollContainer minWidth={table.minWidth} visibleFrom="sm">
          <Table highlightOnHover={look.highlight ?? true} verticalSpacing="sm" data-testid={name}>
            <Table.Thead>
              <Table.Tr>
                {table.columns.map((column, i) => (
                  <Table.Th key={i} w={column.w}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)} {...attribute(row)}>
                  {table.columns.map((column, i) => (
                    <Table.Td key={i} maw={column.maw}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {look.grid ? (
        <SimpleGrid cols={{ base: 1, md: look.grid }} data-testid={`${name}-cards`}>
          {cardList}
        </SimpleGrid>
      ) : !cardsShown ? null : (
        <Stack gap="xs" hiddenFrom={table ? 'sm' : undefined} data-testid={`${name}-cards`}>
          {cardList}
        </Stack>
      )}
      {props.footer}
    </div>
  );
}

/**
 * The rows to draw, drawn after what is urgent (useDeferredValue): React draws them in slices of a few
 * milliseconds between which the page answers taps, rather than in one task — twenty rows with their amounts,
 * days and badges took 250-400 ms at once at a phone's CPU, the page frozen meanwhile (issue 54, TBT). Until
 * they are drawn, the rows before them stay, dimmed (or the skeleton, if there were none).
 *
 * Callers pass a new array at every render (`pages.flatMap(…)`): the same rows in a new array are kept as the
 * array before, so that only a real change is deferred (a new array each time would mean a second render each time).
 */
function useDeferredRows<T>(rows: readonly T[]): { rows: readonly T[]; drawing: boolean } {
  const [kept, keep] = useState(rows);
  const same = kept === rows || (kept.length === rows.length && kept.every((row, i) => row === rows[i]));
  if (!same) keep(rows);
  const current = same ? kept : rows;
  const drawn = useDeferredValue(current);
  // `drawing`: newer rows than those drawn are on their way (dimmed meanwhile; the skeleton if none were drawn).
  return { rows: drawn, drawing: drawn !== current };
}

/** A row as a phone card made of the table's columns: the first is its title, each other a label and its value. */
function ColumnsCard<T>(props: { row: T; columns: ListColumn<T>[] }) {
  const [first, ...rest] = props.columns;
  return (
    <>
      {first && (
        <Text fw={600} mb={4}>
          {first.cell(props.row)}
        </Text>
      )}
      {rest.map((column, i) => (
        <Group key={i} justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {column.header}
          </Text>
          <Text size="sm" ta="end" component="div">
            {column.cell(props.row)}
          </Text>
        </Group>
      ))}
    </>
  );
}

/** A row's link to its page, in the table's first column. */
export function RowLink(props: { to: string; children: ReactNode; lineClamp?: number }) {
  return (
    <Anchor component={Link} to={props.to} fw={500} lineClamp={props.lineClamp} dir="auto">
      {props.children}
    </Anchor>
  );
}

/** A row's menu of actions (the items are the caller's), behind a "…" button whose label names the row. */
export function RowMenu(props: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={props.label} loading={props.busy}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{props.children}</Menu.Dropdown>
    </Menu>
  );
}

export interface EmptyStateProps {
  testId: string;
  title: string;
  /** What the area is for, and how something gets here (not shown when filters emptied the list). */
  body?: string;
  /** The first thing to do (open a ticket, invite someone). */
  action?: { label: string; onClick: () => void };
}

/** A list with nothing in it: why, and what to do. */
export function EmptyState(props: EmptyStateProps) {
  return (
    <Card withBorder p="xl" ta="center" data-testid={props.testId}>
      <Text fw={600}>{props.title}</Text>
      {props.body && (
        <Text size="sm" c="dimmed" mt={4}>
          {props.body}
        </Text>
      )}
      {props.action && (
        <Group justify="center" mt="md">
          <Button onClick={props.action.onClick}>{props.action.label}</Button>
        </Group>
      )}
    </Card>
  );
}

/**
 * Which rows of how many are shown, and the pages (when there is more than one). The range's words are the
 * area's own ("1–20 of 45 tickets"): `shown` gets the numbers.
 */
export function ListPager(props: {
  page: number;
  pageSize: number;
  /** Rows on this page. */
  count: number;
  total: number;
  onChange: (page: number) => void;
  shown: (range: { from: number; to: number; count: number }) => string;
}) {
  const { t } = useTranslation('lists');
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  const page = Math.min(props.page, pages);
  const from = (page - 1) * props.pageSize + 1;
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {props.shown({ from, to: from - 1 + props.count, count: props.total })}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={props.onChange}
          getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
        />
      )}
    </Group>
  );
}

/** How many rows are shown, and a button for the next ones while there are more (a list read page by page). */
export function ShowMore(props: { shown: string; hasMore: boolean; loading: boolean; onMore: () => void }) {
  const { t } = useTranslation('lists');
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {props.shown}
      </Text>
      {props.hasMore && (
        <Button variant="default" loading={props.loading} onClick={props.onMore}>
          {t('showMore')}
        </Button>
      )}
    </Group>
  );
}
