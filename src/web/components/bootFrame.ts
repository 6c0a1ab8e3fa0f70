/** The app's side of the page drawn before its code ran (domain/bootFrame.ts). */
import { BOOT_FRAME_ID } from '../../domain/bootFrame';

/** Removes the HTML's drawing of the page; the app's own drawing takes its place. Safe to call more than once. */
export function removeBootFrame() {
  document.getElementById(BOOT_FRAME_ID)?.remove();
}
