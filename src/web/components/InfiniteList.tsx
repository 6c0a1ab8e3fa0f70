/**
 * A list read page by page (react-query's infinite query; orders, payouts, disputes, the wallet's movements, the
 * money webview's payouts): `ResponsiveList` with "show more" under it. While filters are set, the empty state says
 * only that nothing matches (`emptyFiltered`); filters the address got wrong (`sound: false`) draw the list idle and
 * empty instead of asking the server (the filter bar names the wrong one).
 */
import { ResponsiveList, ShowMore, type ListQuery, type ResponsiveListProps } from './ResponsiveList';

export interface PagedQuery extends ListQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

const IDLE: ListQuery = { isPending: false, isError: false, refetch: () => undefined };

export function InfiniteList<T>(
  props: Omit<ResponsiveListProps<T>, 'query' | 'footer'> & {
    query: PagedQuery;
    /** How many rows are shown ("20 of 1,204 orders"): the area's own words. */
    shown: string;
    /** The empty state's title while filters are set (it has no body: the filters are why). */
    emptyFiltered?: string;
    /** False while the address's filters are wrong: nothing asked, nothing shown. */
    sound?: boolean;
  },
) {
  const { query, shown, emptyFiltered, sound = true, ...list } = props;
  return (
    <ResponsiveList
      {...list}
      query={sound ? query : IDLE}
      rows={sound ? props.rows : []}
      empty={emptyFiltered ? { title: emptyFiltered } : props.empty}
      footer={
        <ShowMore
          shown={shown}
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
        />
      }
    />
  );
}
