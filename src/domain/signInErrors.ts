/**
 * Sign-in messages by server message (shell spec §8): what the app shows,
 * as a key of the `auth` namespace, for an error of a sign-in call.
 */

/** The server messages §8 knows (shell spec §8, onboarding §8); any other is "unknown". */
export const SERVER_MESSAGES = [
  'account temporarily blocked',
  'email or phone number is not confirmed',
  'email is not confirmed',
  'phone number is not confirmed',
  'too many attempts to send code',
  'too many attempts to verify code',
  'phone number not unique',
  'could not validate phone',
  'invalid otp code',
  'otp verification failed',
  'max attempts reached',
  'account with given email already exists',
  'account with given phone already exists',
  'invalid phone',
  'invalid email',
  'invalid phone number',
  'session expired',
  'setup_2fa',
  'phone number is not unique',
  'email is not unique',
  'start with email',
  "user can't invite oneself",
  'no_installments',
  'order_amount_too_high',
  'order_amount_too_low',
  'try_installments',
  'not_available',
  'bad_request',
] as const;
export type ServerMessage = (typeof SERVER_MESSAGES)[number] | 'unknown';

const KNOWN: ReadonlySet<string> = new Set(SERVER_MESSAGES);

/** A server's message as §8 normalises it: one of the catalogue, else "unknown". */
export const serverMessage = (message: string): ServerMessage =>
  KNOWN.has(message) ? (message as ServerMessage) : 'unknown';

/** Where in sign-in the call was made: the uniqueness messages differ at the set-up of a second factor. */
export type SignInStage = 'sign_in' | 'verify' | 'setup' | 'challenge';

export type SignInErrorKey =
  | 'invalidPhone'
  | 'invalidEmail'
  | 'tooManyAttempts'
  | 'invalidCode'
  | 'phoneTaken'
  | 'emailTaken'
  | 'invalidCredentials'
  | 'sessionExpired'
  | 'startWithEmail'
  | 'botCheckFailed'
  | 'tooManyRequests'
  | 'accountBlocked'
  | 'notConfirmed'
  | 'emailNotConfirmed'
  | 'phoneNotConfirmed'
  | 'maxAttempts'
  | 'failedToLogin';

export function signInErrorKey(
  error: { status: number; message: string },
  stage: SignInStage,
): SignInErrorKey {
  const message = serverMessage(error.message);
  if (error.status === 429) return 'tooManyRequests';
  switch (message) {
    case 'account temporarily blocked':
      return 'accountBlocked';
    case 'email or phone number is not confirmed':
      return 'notConfirmed';
    case 'email is not confirmed':
      return 'emailNotConfirmed';
    case 'phone number is not confirmed':
      return 'phoneNotConfirmed';
    case 'max attempts reached':
      return 'maxAttempts';
    case 'invalid phone':
    case 'invalid phone number':
      return 'invalidPhone';
    case 'invalid email':
      return 'invalidEmail';
    case 'too many attempts to send code':
    case 'too many attempts to verify code':
      return 'tooManyAttempts';
    case 'invalid otp code':
    case 'otp verification failed':
      return 'invalidCode';
    case 'phone number is not unique':
      return stage === 'setup' ? 'phoneTaken' : 'invalidCredentials';
    case 'email is not unique':
      return stage === 'setup' ? 'emailTaken' : 'invalidCredentials';
    case 'session expired':
      return 'sessionExpired';
    case 'start with email':
      return 'startWithEmail';
    case 'bad_request':
      return error.status === 400 ? 'botCheckFailed' : 'failedToLogin';
    // "unknown" and every known message sign-in has no words of its own for.
    default:
      return 'failedToLogin';
  }
}
