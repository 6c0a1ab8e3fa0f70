/**
 * A list shown a page at a time with numbered pages under it (stores, the team, payment links, tickets, locations,
 * marketing's products, ads): `ResponsiveList` with `ListPager`, its words by the convention of `listWords.ts`.
 * Its rows come as a `PageSource`: the query, the page's rows and where the pager stands, made by `pageOf` (the
 * server pages) or `slicedPageOf` (the screen pages what it filtered itself).
 */
import { emptyOf, listWord, type ListWords } from './listWords';
import { ListPager, ResponsiveList, type ListLook, type ListQuery } from './ResponsiveList';

/** Where the pager stands: the page shown, its size, and what turning a page does (the address's `page`). */
export interface PageAt {
  page: number;
  size: number;
  onChange: (page: number) => void;
}

/** A page of rows: the query that read them, the rows, and the pager (none while the total is not known). */
export interface PageSource<T> {
  query: ListQuery;
  rows: readonly T[];
  pager: (PageAt & { total: number }) | null;
}

/**
 * The page the server answered: its rows picked from the answer, the total from its `total` (a page's answer
 * names its rows as the spec does: `tickets`, `locations`, `items`…). The pager waits for the first answer.
 */
export function pageOf<A extends { total: number }, T>(
  query: ListQuery & { data?: A },
  rows: (answer: A) => readonly T[],
  at: PageAt,
): PageSource<T> {
  const answer = query.data;
  return { query, rows: answer ? rows(answer) : [], pager: answer ? { ...at, total: answer.total } : null };
}

/**
 * A page of rows the screen holds all of (read whole, then filtered here): the page's slice of them, the page
 * kept within the pages there are (a search that leaves fewer rows shows the last page, not an empty one).
 */
export function slicedPageOf<T>(query: ListQuery, all: readonly T[], at: PageAt): PageSource<T> {
  const page = Math.min(at.page, Math.max(1, Math.ceil(all.length / at.size)));
  const start = (page - 1) * at.size;
  return { query, rows: all.slice(start, start + at.size), pager: { ...at, page, total: all.length } };
}

export function PagedList<T>(props: {
  name: string;
  of: PageSource<T>;
  look: ListLook<T>;
  words: ListWords;
}) {
  const { name, of, look, words } = props;
  const { pager } = of;
  return (
    <ResponsiveList
      name={name}
      query={of.query}
      rows={of.rows}
      look={look}
      loadFailed={listWord(words, 'loadFailed')}
      empty={emptyOf(words)}
      footer={
        pager && (
          <ListPager
            page={pager.page}
            pageSize={pager.size}
            count={of.rows.length}
            total={pager.total}
            onChange={pager.onChange}
            shown={(range) => listWord(words, 'shown', range)}
          />
        )
      }
    />
  );
}
