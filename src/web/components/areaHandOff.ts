/**
 * One area handing a merchant to another's page, the area kept in the sidebar: capital with nothing of its own
 * sends the merchant to the completed payouts (capital spec §2, "all empty"), and that page says why while
 * Capital stays highlighted (issue 56). Carried in the history entry's state, so the address stays the page's own
 * and a reload keeps it.
 */
import { useLocation } from 'react-router';

/** The sidebar item's id (navigation.ts) the page was opened for. */
export const handOffState = (area: string) => ({ handOffFrom: area });

export function useHandOffArea(): string | undefined {
  const state = useLocation().state as { handOffFrom?: unknown } | null;
  return typeof state?.handOffFrom === 'string' ? state.handOffFrom : undefined;
}
