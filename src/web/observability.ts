/**
 * What watches the page for us, started by main.tsx as one small chunk of its own (no route's first load carries
 * it: bundle budgets): error reporting (errorReporting.ts; it listens at once) and session replay
 * (sessionReplay.ts; it waits for the page to be idle). Each loads its SDK only when the deployment configured it.
 */
import { startErrorReporting } from './errorReporting';
import { startSessionReplay } from './sessionReplay';

export function startObserving() {
  void startErrorReporting();
  void startSessionReplay();
}
