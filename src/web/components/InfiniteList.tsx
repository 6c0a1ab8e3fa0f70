/**
 * A list read page by page (react-query's infinite query; orders, payouts, disputes, the wallet's movements, the
 * money webview's payouts): `ResponsiveList` with "show more" under it, its words by the convention of
 * `listWords.ts`. Its rows come as a `MoreSource`, made by `moreOf`: filters the address got wrong (`sound:
 * false`) draw the list idle and empty instead of asking the server (the filter bar names the wrong one).
 */
import { emptyOf, listWord, type ListWords } from './listWords';
import { ResponsiveList, ShowMore, type ListLook, type ListQuery } from './ResponsiveList';

export interface PagedQuery extends ListQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The pages read so far as one run of rows, with the query that reads more. */
export interface MoreSource<T> {
  query: PagedQuery;
  rows: readonly T[];
  /** How many there are in all, when the server counted them (the filter's totals). */
  total?: number;
}

const IDLE: PagedQuery = {
  isPending: false,
  isError: false,
  refetch: () => undefined,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: () => undefined,
};

/** The rows of every page read so far, picked from each page's answer (`payments`, `disputes`, `movements`…). */
export function moreOf<P, T>(
  query: PagedQuery & { data?: { pages: P[] } },
  rows: (page: P) => readonly T[],
  opts: { total?: number; sound?: boolean } = {},
): MoreSource<T> {
  if (opts.sound === false) return { query: IDLE, rows: [] };
  return { query, rows: query.data?.pages.flatMap(rows) ?? [], total: opts.total };
}

export function InfiniteList<T>(props: {
  name: string;
  of: MoreSource<T>;
  look: ListLook<T>;
  words: ListWords;
}) {
  const { name, of, look, words } = props;
  const { query, total } = of;
  const count = of.rows.length;
  return (
    <ResponsiveList
      name={name}
      query={query}
      rows={of.rows}
      look={look}
      loadFailed={listWord(words, 'loadFailed')}
      empty={emptyOf(words)}
      footer={
        <ShowMore
          shown={
            total === undefined
              ? listWord(words, 'shownSome', { count })
              : listWord(words, 'shown', { count, total: total.toLocaleString('en-GB') })
          }
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
        />
      }
    />
  );
}
