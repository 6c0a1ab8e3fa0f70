/**
 * A list's words by one convention, read in the area's namespace under a prefix, so a list screen names only
 * its `t` (issue 57):
 *
 * | key | what |
 * | --- | --- |
 * | `loadFailed` | the list could not be read |
 * | `empty.title`, `empty.body` (optional) | nothing here yet, and how something gets here |
 * | `empty.filtered`, `empty.filteredBody` (optional) | nothing matches the filters |
 * | `shown` | how many are shown: with `count` and `total` (a list read page by page whose total is known), or `from`, `to` and `count` (a list with pages) |
 * | `shownSome` | how many are shown, with `count`, when the total is not known |
 */
import type { EmptyStateProps } from './ResponsiveList';

export interface ListWords {
  t: (key: string, params?: Record<string, unknown>) => string;
  /** Where the keys sit in the namespace: `links.` reads `links.loadFailed`… */
  prefix?: string;
  /** Filters are set: the empty state says only that nothing matches. */
  filtered?: boolean;
  /** The first thing to do on an empty list (not while filtered): invite someone, add a location. */
  action?: EmptyAction;
}

export type EmptyAction = EmptyStateProps['action'];

/** The list's own word for a key of the convention. */
export const listWord = (words: ListWords, key: string, params?: Record<string, unknown>) =>
  words.t(`${words.prefix ?? ''}${key}`, params);

/**
 * The empty state: while filtered, that nothing matches; else why the list is empty, with the first thing to do.
 * A body is optional: an area without one shows the title alone.
 */
export function emptyOf(words: ListWords): Omit<EmptyStateProps, 'testId'> {
  const optional = (key: string) => listWord(words, key, { defaultValue: '' }) || undefined;
  return words.filtered
    ? { title: listWord(words, 'empty.filtered'), body: optional('empty.filteredBody') }
    : { title: listWord(words, 'empty.title'), body: optional('empty.body'), action: words.action };
}
