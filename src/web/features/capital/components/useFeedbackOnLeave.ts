/**
 * The feedback modal's timing (capital spec §2: once per session, after more than 10 seconds on the offer page,
 * when the merchant then navigates away, if the `capital_feedback_form` flag is on). The declarative router this
 * app uses cannot block a navigation, so a click on a link out of the offer page is held, the modal opens (the URL
 * hash gets the `#feedback` marker, which also opens it directly), and the held navigation goes on when the modal
 * closes. The browser's own back button is not held. After a success or a close a marker in local storage hides
 * the modal for good.
 */
import { useEffect, useRef, useCallback, useState } from 'react';
import { useNavigate, useLocation } from 'react-router';

export const FEEDBACK_HASH = '#feedback';

export const FEEDBACK_HIDDEN_KEY = 'tby:md:capital-feedback-hidden';

const FEEDBACK_SESSION_KEY = 'tby:md:capital-feedback-shown';

/** §9: the feedback modal's delay. */
export const FEEDBACK_DELAY_MS = 10_000;

function readStored(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

function writeStored(storage: 'local' | 'session', key: string) {
  try {
    (storage === 'local' ? window.localStorage : window.sessionStorage).setItem(key, '1');
  } catch {
    // Storage blocked: the modal may show again, nothing else.
  }
}

/** The feedback modal's timing (see the module's comment): returns whether it is open, and its close. */
export function useFeedbackOnLeave(enabled: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const [held, setHeld] = useState<string | null>(null);
  const openedByHash = location.hash === FEEDBACK_HASH;
  const since = useRef(0);
  useEffect(() => {
    since.current = Date.now();
  }, []);
  useEffect(() => {
    if (!enabled) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!anchor || anchor.getAttribute('target') === '_blank') return;
      const url = new URL((anchor as HTMLAnchorElement).href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      if (Date.now() - since.current <= FEEDBACK_DELAY_MS) return;
      if (readStored('local', FEEDBACK_HIDDEN_KEY) || readStored('session', FEEDBACK_SESSION_KEY)) return;
      event.preventDefault();
      writeStored('session', FEEDBACK_SESSION_KEY);
      setHeld(`${url.pathname}${url.search}${url.hash}`);
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${window.location.search}${FEEDBACK_HASH}`,
      );
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [enabled]);
  const open = enabled && (held !== null || (openedByHash && !readStored('local', FEEDBACK_HIDDEN_KEY)));
  const done = useCallback(() => {
    writeStored('local', FEEDBACK_HIDDEN_KEY);
    const next = held;
    setHeld(null);
    if (next) void navigate(next);
    else void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [held, navigate, location.pathname, location.search]);
  return { open, done };
}
