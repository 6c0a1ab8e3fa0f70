/**
 * A list read page by page (react-query's infinite query; orders, payouts, disputes, the wallet's movements, the
 * money webview's payouts): `ResponsiveList` with "show more" under it, its words by the convention of
 * `listWords.ts`. Filters the address got wrong (`sound: false`) draw the list idle and empty instead of asking
 * the server (the filter bar names the wrong one).
 */
import { emptyOf, listWord, type ListWords } from './listWords';
import { ResponsiveList, ShowMore, type ListQuery, type ResponsiveListProps } from './ResponsiveList';

export interface PagedQuery extends ListQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

const IDLE: ListQuery = { isPending: false, isError: false, refetch: () => undefined };

export function InfiniteList<T>(
  props: Omit<ResponsiveListProps<T>, 'query' | 'footer' | 'loadFailed' | 'empty'> & {
    query: PagedQuery;
    words: ListWords & {
      /** How many there are in all, when the server counted them. */
      total?: number;
    };
    /** False while the address's filters are wrong: nothing asked, nothing shown. */
    sound?: boolean;
  },
) {
  const { query, words, sound = true, ...list } = props;
  const { total } = words;
  const count = props.rows.length;
  return (
    <ResponsiveList
      {...list}
      query={sound ? query : IDLE}
      rows={sound ? props.rows : []}
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
