/**
 * Playwright's `test`, with one addition every walk needs: a browser context is closed only once the analytics
 * events its pages fired have reached the server (or failed). The app sends each event as it happens
 * (web/analytics.ts, a keepalive request); a test that ended right after an event closed its browser with the
 * request still in flight, and the analytics catalogue's check (events-coverage.spec.ts), which reads what the
 * walks fired, now and then missed an event that had fired — CI failed on one such race.
 */
import { test as base, type Request } from '@playwright/test';

export * from '@playwright/test';

const EVENTS_PATH = '/merchant/api/v1/events';
/** Long enough for a request under a loaded CI machine; a test never waits this long on a healthy one. */
const DRAIN_MS = 5_000;

export const test = base.extend({
  context: async ({ context }, use) => {
    const sent: Request[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === EVENTS_PATH) sent.push(request);
    });
    await use(context);
    // Each answer (null for a request that failed) says the server has the event; at most DRAIN_MS in all.
    const answered = Promise.allSettled(sent.map((request) => request.response()));
    await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, DRAIN_MS))]);
  },
});
