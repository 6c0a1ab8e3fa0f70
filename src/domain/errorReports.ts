/**
 * What the browser reports of its unexpected errors (shell spec §8 "Error-reporting"): resize-observer noise is
 * dropped, a chunk that did not load and a network failure are warnings (the merchant's connection, not our bug),
 * anything else is an error. Every session is reported (sample rate 100 %). The reports go through a
 * Sentry-compatible SDK to a configured DSN (ERROR_REPORTS_DSN; off by default): Sentry and GlitchTip both accept
 * its envelopes, so a deployment picks either without a change here.
 */

import { CODE_NOT_CARRIED } from './codeNotCarried';

export type ReportLevel = 'drop' | 'warning' | 'error';

/** §8: "session sample rate 100 percent". */
export const REPORT_SAMPLE_RATE = 1;

/** What an error is known by: its name, its message, and an API error's status (0: the network). */
export interface ErrorFacts {
  name?: string;
  message?: string;
  status?: number;
}

const RESIZE_OBSERVER = /^ResizeObserver loop (limit exceeded|completed with undelivered notifications)/;
/** How a module (a route's chunk, a step's module) could not be loaded: not carried, or not in time. */
const CHUNK_LOAD = [
  ...CODE_NOT_CARRIED,
  /did not load within \d+ s/, // engine/core/withinTime.ts: the 120 s chunk timeout
  /could not load \S+:/, // engine/react/browserFlowSource.ts: a step's module
];
/** How each browser's fetch says the network failed. */
const NETWORK = [
  /^Failed to fetch$/,
  /^NetworkError when attempting to fetch resource\.?$/,
  /^Load failed$/,
  /^network error$/,
];

/** The level an unexpected error is reported at (or dropped). */
export function reportLevel(error: ErrorFacts): ReportLevel {
  const message = error.message ?? '';
  if (RESIZE_OBSERVER.test(message)) return 'drop';
  if (
    error.name === 'ChunkLoadError' ||
    error.name === 'LoadTimeout' ||
    CHUNK_LOAD.some((p) => p.test(message))
  )
    return 'warning';
  if (error.status === 0 || NETWORK.some((p) => p.test(message))) return 'warning';
  return 'error';
}

/**
 * A DSN as the SDK takes it — `https://<public key>@<host>/<project id>` — or why not (a deployment's setting is
 * refused at start with this reason).
 */
export function dsnProblem(dsn: string): string | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return 'is not an address';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https address';
  if (!url.username) return 'must hold the public key before the host (https://<key>@host/<project>)';
  if (!/^\/(.+\/)?\d+$/.test(url.pathname))
    return 'must end with the project id (https://<key>@host/<project>)';
  return null;
}
