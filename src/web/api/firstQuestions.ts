/**
 * A screen's first questions (issue 54): asked with the signed-in data cache as soon as the screen's code has
 * loaded — at the page's start for the address it opens (router.tsx startRoute) — beside the shell's questions
 * rather than after the shell and the screen have drawn: on a phone's network each of those waits is a round trip
 * and a render at a quarter of the CPU. They use the same keys as the screen's hooks, which find the answers or
 * the calls under way. app/shell/routes.tsx asks them; a feature's screens chunk exports them as `firstQuestions`.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { PermissionAnswer } from '../../contract/account';
import { whenFlags } from './permissions';

/** Where the screen opens: its route's parameters and the address's search part. */
export interface ScreenAddress {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

export type FirstQuestions = (client: QueryClient, at: ScreenAddress) => void;

/** Runs `ask` once the shell's flags are in and grant `flag` (never for a member without it). */
export function whenAllowed(client: QueryClient, flag: keyof PermissionAnswer, ask: () => void) {
  void whenFlags(client).then((flags) => {
    if (flags[flag] === true) ask();
  });
}
