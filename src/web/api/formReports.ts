/**
 * The wizard's form events (issue 61) on their way to the server: held a few seconds and sent together, at most
 * 50 in a call, per flow and draft; sent at once with keepalive as the page goes away. Insights are not worth a
 * failure the merchant sees, nor a retry that competes with their saves: a report that does not arrive is dropped.
 */
import { api } from './client';
import type { FormEventReport, ReportedFormEvent } from '../../contract/formEvents';
import { REPORT_LIMIT } from '../../domain/formEvents';

const FLUSH_MS = 3000;

/** Waiting events, by flow and draft (`flow\ndraft`). */
const waiting = new Map<string, { flow: string; draft?: string; events: ReportedFormEvent[] }>();
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** Sends everything waiting (`keepalive`: the page is going away). */
export function flushFormReports(keepalive = false) {
  clearTimeout(timer);
  timer = undefined;
  for (const { flow, draft, events } of waiting.values()) {
    while (events.length > 0) {
      const report: FormEventReport = { ...(draft ? { draft } : {}), events: events.splice(0, REPORT_LIMIT) };
      void api('POST', `/merchant/api/v1/flows/${encodeURIComponent(flow)}/events`, report, {
        keepalive,
        quiet401: true,
      }).catch(() => undefined);
    }
  }
  waiting.clear();
}

/** Queues events of a flow's draft (none: the account's draft under way, onboarding's). */
export function reportFormEvents(
  about: { flow: string; draft?: string },
  events: readonly ReportedFormEvent[],
) {
  if (!listening) {
    listening = true;
    window.addEventListener('pagehide', () => flushFormReports(true));
  }
  const key = `${about.flow}\n${about.draft ?? ''}`;
  const entry = waiting.get(key) ?? { ...about, events: [] };
  waiting.set(key, entry);
  entry.events.push(...events);
  if (entry.events.length >= REPORT_LIMIT) flushFormReports();
  else timer ??= setTimeout(() => flushFormReports(), FLUSH_MS);
}
