/** What the sign-in has learnt so far, kept in session storage so a reload mid-sign-in keeps its place. */
import type { SignInProgress } from '../../../domain/signInFlow';

const KEY = 'tby:md:signin';

export function readProgress(): SignInProgress {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as SignInProgress) : {};
  } catch {
    return {};
  }
}

export function writeProgress(progress: SignInProgress) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(progress));
  } catch {
    // Storage full or blocked: the sign-in still works within this page.
  }
}

export function clearProgress() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
