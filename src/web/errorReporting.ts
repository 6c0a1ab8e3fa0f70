/**
 * The browser's unexpected errors, reported (shell spec §8; the rules in src/domain/errorReports.ts). Off unless
 * the deployment set a DSN (GET /merchant/api/v1/error-reports): then the Sentry SDK is loaded — after the first
 * paint, as its own chunk, so no page carries it otherwise — and sends every session's errors there. Why the
 * Sentry SDK rather than our own endpoint: it is the protocol both Sentry and GlitchTip accept, with the browser's
 * stack traces, breadcrumbs and session counts that a hand-written reporter would have to rebuild.
 *
 * Errors before the SDK is there (the page's first seconds) are kept, up to 20, and sent once it is. The rules
 * (errorReportRules.ts) load with the SDK: a page whose deployment reports nothing carries neither.
 */
import type { ErrorReportsConfig } from '../contract/errorReports';
import { api } from './api/client';
import type { ReportEvent } from './errorReportRules';

/** What of the SDK this module uses (a test gives its own). */
export interface ReportingSdk {
  init(options: {
    dsn: string;
    environment: string;
    sampleRate: number;
    beforeSend: (event: ReportEvent, hint: { originalException?: unknown }) => ReportEvent | null;
  }): unknown;
  captureException(error: unknown): unknown;
}

const EARLY_LIMIT = 20;
let sdk: ReportingSdk | null = null;
let early: unknown[] = [];

/** Reports an error the app caught itself (the render-error page's). */
export function reportError(error: unknown) {
  if (sdk) sdk.captureException(error);
  else if (early.length < EARLY_LIMIT) early.push(error);
}

const onError = (event: ErrorEvent) => reportError(event.error ?? event.message);
const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason);

/**
 * Starts reporting: listens at once, asks where to report after the first paint, and loads the SDK only when there
 * is somewhere. Resolves once settled (for tests).
 */
export async function startErrorReporting(
  load: () => Promise<ReportingSdk> = () => import('@sentry/browser') as Promise<ReportingSdk>,
  whenIdle: (run: () => void) => void = (run) =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(run, { timeout: 5000 })
      : setTimeout(run, 2000),
): Promise<void> {
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  await new Promise<void>((done) => whenIdle(done));
  let config: ErrorReportsConfig;
  try {
    config = await api<ErrorReportsConfig>('GET', '/merchant/api/v1/error-reports');
  } catch {
    return; // not told where: nothing is reported (the page works the same)
  }
  if (!config.dsn) {
    stopListening();
    return;
  }
  const [loaded, { shapeReport, REPORT_SAMPLE_RATE }] = await Promise.all([
    load(),
    import('./errorReportRules'),
  ]);
  loaded.init({
    dsn: config.dsn,
    environment: config.environment,
    sampleRate: REPORT_SAMPLE_RATE,
    beforeSend: (event, hint) => shapeReport(event, hint.originalException),
  });
  // The SDK catches the page's errors itself from now on.
  sdk = loaded;
  stopListening();
  const waiting = early;
  early = [];
  waiting.forEach((error) => loaded.captureException(error));
}

function stopListening() {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  if (!sdk) early = [];
}
