/**
 * Sign-in messages by server message (shell spec §8): what the app shows,
 * as a key of the `auth` namespace, for an error of a sign-in call.
 */

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
  | 'failedToLogin';

export function signInErrorKey(
  error: { status: number; message: string },
  stage: SignInStage,
): SignInErrorKey {
  const message = error.message;
  if (error.status === 429) return 'tooManyRequests';
  switch (message) {
    case 'invalid phone':
    case 'invalid phone number':
      return 'invalidPhone';
    case 'invalid email':
      return 'invalidEmail';
    case 'too many attempts to send code':
    case 'too many attempts to verify code':
      return 'tooManyAttempts';
    case 'invalid otp code':
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
    default:
      return 'failedToLogin';
  }
}
