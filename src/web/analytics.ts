/**
 * Analytics (shell spec §7): a page view on every route change and an identify call after sign-in, through a
 * small sink interface. The default sink stores events on our own server (`POST /merchant/api/v1/events`,
 * readable at `GET /dev/events` outside production); another provider is one object with the same two methods.
 * Sending never blocks or breaks the app: failures are dropped.
 */
import { api } from './api/client';
import { privateProperty } from '../domain/eventPrivacy';
import type { EventName } from '../domain/analyticsEvents';

export interface AnalyticsSink {
  page(properties: { path: string; title: string; language: string }): void;
  identify(traits: {
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    language: string;
    created_at: string;
  }): void;
  /** A named event of the catalogue (src/domain/analyticsEvents.ts), with its properties. */
  track(event: EventName, properties: Record<string, unknown>): void;
  /** Forgets who was identified (logout: the next person at this browser is not taken for the last). */
  reset(): void;
}

function send(type: 'page' | 'identify' | 'track', properties: Record<string, unknown>, event?: string) {
  // A code, an IBAN or an identity number never leaves the page (the server would refuse it too).
  if (privateProperty(properties) !== null) return;
  void api(
    'POST',
    '/merchant/api/v1/events',
    { type, properties, ...(event ? { event } : {}) },
    { keepalive: true, quiet401: true },
  ).catch(() => undefined);
}

export const serverSink: AnalyticsSink = {
  page: (properties) => send('page', properties),
  identify: (traits) => send('identify', traits),
  track: (event, properties) => send('track', properties, event),
  // Our server ties an event to the session that sent it, and logout ends that session on the server: after it,
  // events are anonymous, and this sink keeps no client id of its own to forget. A provider that keeps one
  // (an anonymous id in local storage, say) forgets it here.
  reset: () => undefined,
};

/** Where the app's analytics go: the server's event log (the spec's provider is not ours to call). */
export const analytics: AnalyticsSink = serverSink;

/** Identify with the spec's fields; a missing e-mail or phone is sent empty (spec §7). */
export function identifyAccount(
  account: {
    id: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    phone: string | null;
    created_at: string;
  },
  language: string,
) {
  analytics.identify({
    id: account.id,
    first_name: account.first_name ?? '',
    last_name: account.last_name ?? '',
    email: account.email ?? '',
    phone: account.phone ?? '',
    language,
    created_at: account.created_at,
  });
}
