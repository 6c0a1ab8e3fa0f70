/**
 * Form events (issue 61): what happens in a catalogue flow's form, per flow version, step and field — never an
 * answer. The server writes the kinds it sees itself (a draft started, a step completed, a save or a submit
 * refused, the form submitted); the wizard reports what only the browser sees (a step shown, a field's message
 * shown). Each carries the flow, its version, the step, the language and the device's class, and nothing that
 * names a person: the draft's id ties one draft's events together for the funnel, and goes with them at the
 * retention's end (FORM_EVENTS_RETENTION_DAYS). docs/form-insights.md.
 *
 * Pure: the server's service and the wizard's reporter both import it.
 */

/** Every kind of form event, in the order a draft meets them. */
export const FORM_EVENT_KINDS = [
  'started',
  'step_shown',
  'message_shown',
  'save_refused',
  'step_completed',
  'submit_refused',
  'submitted',
  'left',
] as const;
export type FormEventKind = (typeof FORM_EVENT_KINDS)[number];

/**
 * A draft not submitted and untouched this many days is said to be left (a `left` event, once per draft, at the
 * step it was last seen on): FORM_LEFT_DAYS, default 14 — two weeks covers a merchant waiting on a document.
 */
export const LEFT_DAYS_DEFAULT = 14;

/** What the wizard reports; the rest the server writes from the calls it answers. */
export const BROWSER_KINDS = ['step_shown', 'message_shown'] as const;
export type BrowserKind = (typeof BROWSER_KINDS)[number];

/** At most this many events in one report (the wizard sends them in batches). */
export const REPORT_LIMIT = 50;

/**
 * Reports an account may send: one a second, 30 at once. The wizard sends one every 3 seconds at most (and one as
 * the page goes), so only a script meets it; at 50 events a report it still caps a flood at 50 rows a second.
 */
export const REPORT_RATE = { perSecond: 1, burst: 30 } as const;

/** A refusal names at most this many of its fields (a whole form refused at submit is one event per field). */
export const REFUSED_FIELDS_LIMIT = 20;

export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * The device's class from its User-Agent: a phone says "Mobi" (the convention every mobile browser keeps), a
 * tablet says iPad, Tablet, or Android without Mobi; anything else (or nothing) is a desktop.
 */
export function deviceClassOf(userAgent: string | undefined): DeviceClass {
  const agent = userAgent ?? '';
  if (/Mobi/i.test(agent)) return 'phone';
  if (/iPad|Tablet|Android/i.test(agent)) return 'tablet';
  return 'desktop';
}

/**
 * A field as insights count it: its JSON pointer with list positions as `*` (the second owner's name and the
 * first's are one field), so no count is split by how many items a merchant added.
 */
export const fieldOf = (pointer: string) =>
  pointer
    .split('/')
    .map((part) => (/^\d+$/.test(part) ? '*' : part))
    .join('/');

/** A message's key as the engine names it (`validation:error.pattern`, `onboarding:owners.shareTotal`): a key, never free text. */
export const RULE_KEY = /^[a-z][a-zA-Z0-9-]*:[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;

/** A field's pointer as a form names it: `/`-separated names, at most 300 characters. */
export const FIELD_POINTER = /^(\/[^/]{1,100}){1,12}$/;

/** One event as it is stored (the server adds the time). */
export interface FormEventInput {
  flow: string;
  version: string;
  /** The draft the event belongs to (a funnel counts drafts, not events). */
  draft: string;
  kind: FormEventKind;
  /** The step (null: the whole form — started, submitted). */
  step: string | null;
  /** The field a message was about (`fieldOf`), for message_shown and the refusals. */
  field: string | null;
  /** The message's key: which rule the answer broke. */
  rule: string | null;
  lang: string | null;
  device: DeviceClass | null;
}

/** What the server knows of the browser a call came from. */
export interface CallerMeta {
  lang: string | null;
  device: DeviceClass;
}
