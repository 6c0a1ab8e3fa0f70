/**
 * What widgets need from the outside, passed by the runner as rjsf's
 * `formContext.services`. Each flow supplies them (the onboarding flow talks to
 * the API; the playground works in the browser).
 */
export interface UploadedFile {
  /** The reference stored in the form data. */
  url: string;
}

export interface WidgetServices {
  /** Uploads a file, reporting progress from 0 to 1. Rejects on failure or abort. */
  upload?(file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadedFile>;
  /** Opens or saves a stored file. */
  download?(url: string): Promise<void>;
  /** Sends a one-time code again. */
  resendOtp?(): Promise<void>;
  /** The IBAN an IBAN field in confirm mode checks against. */
  knownIban?: string;
}

/** Reads the services from rjsf's form context. */
export function servicesOf(formContext: unknown): WidgetServices {
  const services = (formContext as { services?: WidgetServices } | undefined)?.services;
  return services ?? {};
}
