import { describe, expect, it } from 'vitest';
import { signInErrorKey, type SignInStage } from '../../src/domain/signInErrors';

describe('sign-in messages by server message (shell spec §8)', () => {
  it.each([
    [400, 'invalid phone', 'sign_in', 'invalidPhone'],
    [400, 'invalid phone number', 'sign_in', 'invalidPhone'],
    [400, 'invalid email', 'sign_in', 'invalidEmail'],
    [400, 'too many attempts to send code', 'sign_in', 'tooManyAttempts'],
    [400, 'too many attempts to verify code', 'verify', 'tooManyAttempts'],
    [400, 'invalid otp code', 'verify', 'invalidCode'],
    [400, 'phone number is not unique', 'setup', 'phoneTaken'],
    [400, 'email is not unique', 'setup', 'emailTaken'],
    [400, 'phone number is not unique', 'sign_in', 'invalidCredentials'],
    [400, 'email is not unique', 'verify', 'invalidCredentials'],
    [400, 'session expired', 'verify', 'sessionExpired'],
    [400, 'start with email', 'sign_in', 'startWithEmail'],
    [400, 'bad_request', 'sign_in', 'botCheckFailed'],
    [429, 'too many requests', 'sign_in', 'tooManyRequests'],
    [429, 'invalid otp code', 'verify', 'tooManyRequests'],
    [500, 'unknown', 'sign_in', 'failedToLogin'],
    [403, 'bad_request', 'sign_in', 'failedToLogin'],
    [400, 'account temporarily blocked', 'sign_in', 'failedToLogin'],
  ] as [number, string, SignInStage, string][])('%i "%s" at %s → %s', (status, message, stage, key) => {
    expect(signInErrorKey({ status, message }, stage)).toBe(key);
  });
});
