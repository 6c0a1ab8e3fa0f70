/**
 * The steps of the sign-in screen and their transitions (shell spec §2.1, §4), as pure rules.
 */
export const SIGN_IN_STEPS = [
  'sign_in',
  'sign_in_verify_email',
  'sign_in_verify_phone',
  'challenge_verify_email',
  'challenge_verify_phone',
  'challenge_setup_email',
  'challenge_setup_phone',
  'challenge_setup_verify_email',
  'challenge_setup_verify_phone',
] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];
export type Factor = 'email' | 'phone';

/**
 * A readable twin of the session cookie, holding no secret ("1"): the app reads it before asking anything, so a
 * visitor nobody signed in goes to sign-in without a call answered 401 (issue 56: a 401 in the console on every
 * signed-out visit). The server sets it with the session cookie and clears it with it (server/auth/session.ts).
 */
export const SESSION_HINT_COOKIE = 'mbo_signed_in';

/** Whether a cookie string (`document.cookie`) holds the hint. */
export const holdsSessionHint = (cookies: string): boolean =>
  cookies.split(';').some((pair) => pair.trim() === `${SESSION_HINT_COOKIE}=1`);

export const isSignInStep = (value: string | undefined): value is SignInStep =>
  (SIGN_IN_STEPS as readonly string[]).includes(value ?? '');

/** What the sign-in has learnt so far (kept in session storage between steps). */
export interface SignInProgress {
  /** How the merchant started: by e-mail or by phone. */
  method?: Factor;
  /** The address the first code went to. */
  address?: string;
  /** The `session_id` of the first code. */
  sessionId?: string;
  /** The second factor's address as the server showed it (masked), or the one being set up. */
  secondAddress?: string;
}

/** After the first code is right (spec §4.2). */
export function stepAfterVerify(answer: { status: string; factor?: string }): SignInStep | 'done' {
  if (answer.status === 'authenticated') return 'done';
  if (answer.factor !== 'email' && answer.factor !== 'phone') return 'sign_in';
  if (answer.status === 'setup_2fa') return `challenge_setup_${answer.factor}`;
  if (answer.status === 'input_2fa') return `challenge_verify_${answer.factor}`;
  return 'sign_in';
}

/** After a code request succeeds (spec §4.1, §4.3). */
export function stepAfterCodeSent(step: SignInStep, factor: Factor): SignInStep {
  if (step === 'sign_in') return `sign_in_verify_${factor}`;
  if (step === 'challenge_setup_email' || step === 'challenge_setup_phone')
    return `challenge_setup_verify_${factor}`;
  return step;
}

/** Back or change (spec §4.5): a set-up code goes back to its set-up step, everything else to sign_in. */
export function stepBack(step: SignInStep): SignInStep {
  if (step === 'challenge_setup_verify_email') return 'challenge_setup_email';
  if (step === 'challenge_setup_verify_phone') return 'challenge_setup_phone';
  return 'sign_in';
}

/** Whether a step has what it needs; a verify step without its data goes back to sign_in (spec §2.1). */
export function hasStepData(step: SignInStep, progress: SignInProgress): boolean {
  switch (step) {
    case 'sign_in':
      return true;
    case 'sign_in_verify_email':
    case 'sign_in_verify_phone':
      return Boolean(progress.sessionId && progress.address && progress.method === factorOf(step));
    case 'challenge_setup_verify_email':
    case 'challenge_setup_verify_phone':
      return Boolean(progress.sessionId && progress.secondAddress);
    default:
      // The challenge steps live on the half-open session cookie; they need the first step to have happened.
      return Boolean(progress.sessionId);
  }
}

/** The factor a code step asks about. */
export function factorOf(step: SignInStep): Factor {
  return step.endsWith('email') ? 'email' : 'phone';
}

/** Code lengths (spec §5, §9). */
export const CODE_LENGTH: Record<Factor, number> = { email: 6, phone: 4 };
/** Seconds before a new code may be asked for (spec §9). */
export const RESEND_SECONDS = 120;
