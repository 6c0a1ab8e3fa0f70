/**
 * What widgets need from the outside, passed by the runner as rjsf's
 * `formContext.services`. Each flow supplies them (the onboarding flow talks to
 * the API; the playground works in the browser).
 */
import { safeFileName } from '../../domain/fileName';

export interface UploadedFile {
  /** The reference stored in the form data. */
  url: string;
  /** A PDF that asks for a password to open: the widget says so, so the merchant gives its password. */
  password_protected?: boolean;
}

/** The name to show for a stored file: its address's fragment when it names the file, else the last part of the path. */
export function fileNameOf(url: string): string {
  try {
    const parsed = new URL(url, 'https://x.invalid');
    // Made safe again here: an address saved before names were cleaned on upload may still carry bidi controls.
    return safeFileName(decodeURIComponent(parsed.hash.slice(1) || parsed.pathname.split('/').pop() || url));
  } catch {
    return url;
  }
}

/** An upload the server refused for a reason the merchant can act on (the wrong kind of file, too large, the day's quota). */
export class UploadRejected extends Error {
  override name = 'UploadRejected';
  constructor(readonly reason: 'badType' | 'tooLarge' | 'quota') {
    super(`upload refused: ${reason}`);
  }
}

/** A resend the server refused for now (too many attempts: HTTP 429): the OTP widget waits its lock time. */
export class ResendLimited extends Error {
  override name = 'ResendLimited';
  constructor() {
    super('resend refused: too many attempts');
  }
}

export interface WidgetServices {
  /** Uploads a file, reporting progress from 0 to 1. Rejects on failure or abort. */
  upload?(file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadedFile>;
  /** Opens or saves a stored file. */
  download?(url: string): Promise<void>;
  /**
   * An address an `<img>` may show a stored image from (an object URL the widget revokes), or null when the
   * stored file is not an image. Rejects when it cannot be read.
   */
  preview?(url: string): Promise<string | null>;
  /** Sends a one-time code again; rejects with ResendLimited when the server says too many attempts. */
  resendOtp?(): Promise<void>;
  /** The IBAN an IBAN field in confirm mode checks against. */
  knownIban?: string;
  /**
   * The options of a list that comes from the server (`apiSelect`, `ui:options.source`); `parent` is the value
   * of the field it depends on (`ui:options.dependsOn`), when it has one.
   */
  options?(source: string, parent: unknown, language: string): Promise<SelectOption[]>;
  /**
   * What a source knows about a value (`ui:options.lookup`): `iban` answers `{ valid, bank_name, … }`. Null
   * when it knows nothing; rejects when it cannot be asked.
   */
  lookup?(source: string, value: string): Promise<Record<string, unknown> | null>;
  /**
   * A connector's platforms (`connect`, `ui:options.source`): each one's state and the consent page that
   * connects it (null: none configured); `sandbox` when nothing real is connected.
   */
  connections?(source: string): Promise<Connections>;
  /** Hands the connector the token its consent page gave back; rejects when it refuses. */
  connect?(source: string, platform: string, publicToken: string): Promise<void>;
}

export interface Connections {
  sandbox: boolean;
  items: { platform: string; connected: boolean; consent_url: string | null }[];
}

/** The sources a field's `ui:options.lookup` may name (the catalogue check refuses others). */
export const LOOKUP_SOURCES = ['iban'] as const;

/** A field's lookup: the source to ask about its value, and which fields to fill from which keys of the answer. */
export interface FieldLookup {
  source: string;
  /** Data pointer → key of the answer. */
  fill: Record<string, string>;
}

/** The lookup a field's UI schema names (`ui:options.lookup`), if any. */
export function lookupOf(ui: Record<string, unknown>): FieldLookup | null {
  const options = ui['ui:options'];
  if (typeof options !== 'object' || options === null) return null;
  const lookup = (options as { lookup?: unknown }).lookup;
  if (typeof lookup !== 'object' || lookup === null) return null;
  const { source, fill } = lookup as { source?: unknown; fill?: unknown };
  if (typeof source !== 'string' || typeof fill !== 'object' || fill === null) return null;
  return { source, fill: fill as Record<string, string> };
}

export interface SelectOption {
  value: string | number;
  label: string;
}

/** The form's current data, for widgets that depend on another answer (the runner provides it). */
export interface DataWatch {
  get(pointer: string): unknown;
  subscribe(listener: () => void): () => void;
}

/**
 * Work a widget has under way that the step's value waits for (an upload): the runner holds Next until it is
 * settled, so a merchant who clicks Next mid-upload moves on with the file rather than a "required" message.
 */
export interface PendingWork {
  add(work: Promise<unknown>): void;
}

/** What a widget is given: rjsf 6 hands the form context over in `registry.formContext` (tests pass `formContext`). */
interface WithContext {
  registry?: { formContext?: unknown };
  formContext?: unknown;
}

const contextOf = (props: WithContext): unknown => props.registry?.formContext ?? props.formContext;

/** Reads the data watch from a widget's props. */
export function watchOf(props: WithContext): DataWatch | undefined {
  return (contextOf(props) as { watch?: DataWatch } | undefined)?.watch;
}

/** Reads the services from a widget's props. */
export function servicesOf(props: WithContext): WidgetServices {
  const services = (contextOf(props) as { services?: WidgetServices } | undefined)?.services;
  return services ?? {};
}

/** Reads the runner's pending-work tracker from a widget's props (absent outside a runner). */
export function pendingOf(props: WithContext): PendingWork | undefined {
  return (contextOf(props) as { pending?: PendingWork } | undefined)?.pending;
}
