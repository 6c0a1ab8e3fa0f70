/**
 * Analytics (shell spec §7): a page view on every route change and an identify call after sign-in, through a
 * small sink interface. The default sink stores events on our own server (`POST /merchant/api/v1/events`,
 * readable at `GET /dev/events` outside production); another provider is one object with the same two methods.
 * Sending never blocks or breaks the app: failures are dropped.
 */
import { api } from './api/client';

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
  /** A named event (capital spec §7), with its properties. */
  track(event: string, properties: Record<string, unknown>): void;
}

const send = (type: 'page' | 'identify' | 'track', properties: Record<string, unknown>, event?: string) =>
  void api(
    'POST',
    '/merchant/api/v1/events',
    { type, properties, ...(event ? { event } : {}) },
    { keepalive: true, quiet401: true },
  ).catch(() => undefined);

export const serverSink: AnalyticsSink = {
  page: (properties) => send('page', properties),
  identify: (traits) => send('identify', traits),
  track: (event, properties) => send('track', properties, event),
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
