/** Whether a link opens an area not built yet (the table: plannedRoutes.ts). */
import { matchPath } from 'react-router';
import { PLANNED } from './plannedRoutes';

/** Whether an address (a path, with or without its query) opens an area that is not built yet. */
export function isPlannedPath(to: string): boolean {
  const pathname = to.split(/[?#]/)[0]!;
  return PLANNED.some(([path]) => matchPath(`/${path}`, pathname) !== null);
}
