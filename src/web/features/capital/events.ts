/**
 * Capital's analytics events (capital spec §7): each carries language, email and phone (a lookup that fails
 * falls back to empty, §8). The call-back request and the feedback are sent only as events.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account';
import { analytics } from '../../analytics';
import type { EventName } from '../../../domain/analyticsEvents';

/** Capital's events of the catalogue (src/domain/analyticsEvents.ts; "Scheduled Call" has no trigger yet). */
export type CapitalEvent = Extract<
  EventName,
  | 'Capital Apply Clicked'
  | 'Capital Offers Clicks'
  | 'Capital Store Selected'
  | 'Capital Offers Loaded'
  | 'Capital Early Payoff Opened'
  | 'Feedback sent'
  | 'Call Back Requested'
  | 'Capital Page Opened'
>;

export function useCapitalEvents() {
  const account = useAccount();
  const { i18n } = useTranslation();
  const email = account.data?.email ?? '';
  const phone = account.data?.phone ?? '';
  return useCallback(
    (event: CapitalEvent, properties: Record<string, unknown> = {}) =>
      analytics.track(event, { ...properties, language: i18n.language, email, phone }),
    [email, phone, i18n.language],
  );
}
