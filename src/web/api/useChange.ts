/**
 * A change sent to the server, the one way every area's `api.ts` writes (issue 57): react-query's mutation (its
 * `isPending` for the button, its `error` for the dialog) that, once the server has answered, puts what the answer
 * says in the cache at once (`keep`: a record's new state, so its page shows it without asking again) and reads
 * again the queries it changed (`refresh`: lists, counts, totals).
 */
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

export interface Change<Input, Answer> {
  send: (input: Input) => Promise<Answer>;
  /** What the answer puts in the cache at once. */
  keep?: (client: QueryClient, answer: Answer) => void;
  /** The queries read again once it is done (each key and every key under it). */
  refresh?: readonly QueryKey[];
  /**
   * Whether the change is done only once they are read again (the studio's publish: the next screen reads the
   * versions); otherwise they are read again in the background.
   */
  waitForRefresh?: boolean;
  /** What a refusal changes in the cache (a record read again whose state another person changed). */
  refused?: (client: QueryClient, error: unknown) => void;
}

export function useChange<Input = void, Answer = unknown>(change: Change<Input, Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change.send,
    onSuccess: (answer) => {
      change.keep?.(client, answer);
      const reads = (change.refresh ?? []).map((queryKey) => client.invalidateQueries({ queryKey }));
      return change.waitForRefresh ? Promise.all(reads).then(() => undefined) : undefined;
    },
    onError: change.refused && ((error: unknown) => change.refused!(client, error)),
  });
}
