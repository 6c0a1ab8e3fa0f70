/**
 * Sidebar areas that carry a "new" badge until the person first opens them (shell spec §2.3: capital, and disputes
 * for a member who cannot fetch them). Remembered per account on the server (issue 56), not per browser.
 */
import { isOneOf } from './oneOf';
export const SEEN_AREAS = ['capital', 'disputes'] as const;
export type SeenArea = (typeof SEEN_AREAS)[number];

export const isSeenArea = isOneOf(SEEN_AREAS);
