/**
 * A list shown a page at a time with numbered pages under it (stores, the team, payment links, tickets, locations,
 * marketing's products, ads): `ResponsiveList` with `ListPager`, its words by the convention of `listWords.ts`.
 */
import { emptyOf, listWord, type EmptyAction, type ListWords } from './listWords';
import { ListPager, ResponsiveList, type ResponsiveListProps } from './ResponsiveList';

export function PagedList<T>(
  props: Omit<ResponsiveListProps<T>, 'footer' | 'loadFailed' | 'empty'> & {
    words: ListWords;
    /** The first thing to do on an empty list (not while filtered). */
    emptyAction?: EmptyAction;
    /** The page shown, its size and how many rows there are in all; none while not known. */
    pager: { page: number; size: number; total: number; onChange: (page: number) => void } | null | undefined;
  },
) {
  const { words, emptyAction, pager, ...list } = props;
  return (
    <ResponsiveList
      {...list}
      loadFailed={listWord(words, 'loadFailed')}
      empty={emptyOf(words, emptyAction)}
      footer={
        pager && (
          <ListPager
            page={pager.page}
            pageSize={pager.size}
            count={props.rows.length}
            total={pager.total}
            onChange={pager.onChange}
            shown={(range) => listWord(words, 'shown', range)}
          />
        )
      }
    />
  );
}
