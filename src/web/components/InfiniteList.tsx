/**
 * A list read page by page (react-query's infinite query; orders, payouts, disputes, the wallet's movements, the
 * money webview's payouts): `ResponsiveList` with "show more" under it. Its words follow one convention in the
 * area's namespace (`ListWords`), so a screen names only its namespace's `t`. While filters are set, the empty
 * state says only that nothing matches; filters the address got wrong (`sound: false`) draw the list idle and
 * empty instead of asking the server (the filter bar names the wrong one).
 */
import { ResponsiveList, ShowMore, type ListQuery, type ResponsiveListProps } from './ResponsiveList';

export interface PagedQuery extends ListQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A list's words, read in the area's namespace under `prefix`: `loadFailed`; `empty.title` and `empty.body`, or
 * `empty.filtered` while filters are set; how many are shown — `shown` with the total when it is known ("20 of
 * 1,204 orders"), else `shownSome` ("20 orders"), both with `count`.
 */
export interface ListWords {
  t: (key: string, params?: Record<string, unknown>) => string;
  prefix?: string;
  /** Filters are set: the empty state says only that nothing matches. */
  filtered?: boolean;
  /** How many there are in all, when the server counted them. */
  total?: number;
}

const IDLE: ListQuery = { isPending: false, isError: false, refetch: () => undefined };

export function InfiniteList<T>(
  props: Omit<ResponsiveListProps<T>, 'query' | 'footer' | 'loadFailed' | 'empty'> & {
    query: PagedQuery;
    words: ListWords;
    /** False while the address's filters are wrong: nothing asked, nothing shown. */
    sound?: boolean;
  },
) {
  const { query, words, sound = true, ...list } = props;
  const { t, prefix = '', total } = words;
  const count = props.rows.length;
  return (
    <ResponsiveList
      {...list}
      query={sound ? query : IDLE}
      rows={sound ? props.rows : []}
      loadFailed={t(`${prefix}loadFailed`)}
      empty={
        words.filtered
          ? { title: t(`${prefix}empty.filtered`) }
          : { title: t(`${prefix}empty.title`), body: t(`${prefix}empty.body`) }
      }
      footer={
        <ShowMore
          shown={
            total === undefined
              ? t(`${prefix}shownSome`, { count })
              : t(`${prefix}shown`, { count, total: total.toLocaleString('en-GB') })
          }
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
        />
      }
    />
  );
}
