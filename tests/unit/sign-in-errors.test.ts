import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  serverMessage,
  SERVER_MESSAGES,
  signInErrorKey,
  type SignInStage,
} from '../../src/domain/signInErrors';

const words = (lang: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../locales/${lang}/auth.json`, import.meta.url), 'utf8')) as {
      errors: Record<string, string>;
    }
  ).errors;

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
    [403, 'account temporarily blocked', 'sign_in', 'accountBlocked'],
    [403, 'account temporarily blocked', 'verify', 'accountBlocked'],
    [400, 'email or phone number is not confirmed', 'sign_in', 'notConfirmed'],
    [400, 'email is not confirmed', 'sign_in', 'emailNotConfirmed'],
    [400, 'phone number is not confirmed', 'sign_in', 'phoneNotConfirmed'],
    [400, 'max attempts reached', 'verify', 'maxAttempts'],
    [400, 'max attempts reached', 'challenge', 'maxAttempts'],
    [400, 'otp verification failed', 'challenge', 'invalidCode'],
    [400, 'Account Temporarily Blocked', 'sign_in', 'failedToLogin'],
    [400, 'no_installments', 'sign_in', 'failedToLogin'],
  ] as [number, string, SignInStage, string][])('%i "%s" at %s → %s', (status, message, stage, key) => {
    const key_ = signInErrorKey({ status, message }, stage);
    expect(key_).toBe(key);
    // Every key a message maps to has words in both languages.
    expect(words('en')[key_]).toBeTruthy();
    expect(words('ar')[key_]).toBeTruthy();
  });

  it('knows the 28 messages of §8 and maps any other to "unknown"', () => {
    expect(SERVER_MESSAGES).toHaveLength(28);
    for (const message of SERVER_MESSAGES) expect(serverMessage(message)).toBe(message);
    expect(serverMessage('draft already submitted')).toBe('unknown');
    expect(serverMessage('')).toBe('unknown');
  });
});
