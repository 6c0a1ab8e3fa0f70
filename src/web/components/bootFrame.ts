/** The app's side of the page drawn before its code ran (domain/bootFrame.ts). */
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { BOOT_FRAME_ID } from '../../domain/bootFrame';

/** Removes the HTML's drawing of the page; the app's own drawing takes its place. Safe to call more than once. */
export function removeBootFrame() {
  document.getElementById(BOOT_FRAME_ID)?.remove();
}

/** The address the HTML was drawn for: where the page started (undefined where there is no page, at build). */
const drawnAt = typeof window === 'undefined' ? undefined : window.location.pathname;

/**
 * The drawing is of the address the page started at: once the app is elsewhere (a gate or an ended session sent
 * it on), the drawing goes, whatever the new page draws. Used once, at the top of the app (RootLayout).
 */
export function useBootFrameOfAddress() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname !== drawnAt) removeBootFrame();
  }, [pathname]);
}

/**
 * Rendered beside a layout's page inside its Suspense boundary: the drawing goes when the page's own screen
 * commits (its chunk loaded), in the same frame, so the real page replaces the drawn one without a blank between.
 */
export function BootFrameGives() {
  useLayoutEffect(removeBootFrame, []);
  return null;
}
