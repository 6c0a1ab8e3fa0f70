/**
 * The development pages that share one chunk (issue 60: the app's entry carries one lazy import for the three, not
 * one each — the wizard's first load sat at its budget). The catalogue page and the wizard playground stay apart:
 * they bring the form engine.
 */
export { EventsPage } from './EventsPage';
export { OutboxPage } from './OutboxPage';
export { ReplayPage } from './ReplayPage';
