/**
 * The §8 rules on a report (src/domain/errorReports.ts) as the SDK meets them; loaded only with the SDK
 * (errorReporting.ts).
 */
import { reportLevel, type ErrorFacts } from '../domain/errorReports';
import { ApiError } from './api/client';

export { REPORT_SAMPLE_RATE } from '../domain/errorReports';

/** The part of a report the rules change: its level and its tags. */
export interface ReportEvent {
  level?: string;
  tags?: Record<string, unknown>;
}

const factsOf = (error: unknown): ErrorFacts =>
  error instanceof ApiError
    ? { name: error.name, message: error.message, status: error.status }
    : error instanceof Error
      ? { name: error.name, message: error.message }
      : { message: typeof error === 'string' ? error : '' };

/** The §8 rules on a report the SDK is about to send: dropped, or its level set and the server's request id added. */
export function shapeReport(event: ReportEvent, error: unknown): ReportEvent | null {
  const level = reportLevel(factsOf(error));
  if (level === 'drop') return null;
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  return { ...event, level, tags: { ...event.tags, ...(requestId ? { request_id: requestId } : {}) } };
}
