/** Sign-in calls (shell spec §7). */
import { api } from '../../api/client';
import type { BotChallenge } from '../../../domain/botCheck';
import type { AuthStarted, AuthStep, ChallengeVerified, SetupStarted } from '../../../contract/auth';

export type Credentials = { email: string } | { phone: string };
/** Where a sign-in stands after a code (the API contract's answer). */
export type VerifyAnswer = AuthStep;

export const authApi = {
  botCheck: () => api<BotChallenge & { disabled?: true }>('GET', '/merchant/api/v1/auth/bot-check'),
  authenticate: (credentials: Credentials, lang: string, cfTurnstile: string) =>
    api<AuthStarted>('POST', '/merchant/api/v2/auth/authenticate', {
      ...credentials,
      lang,
      cf_turnstile: cfTurnstile,
    }),
  resendFirst: (credentials: Credentials, lang: string, sessionId: string) =>
    api<AuthStarted>('POST', '/merchant/api/v2/auth/authenticate', {
      ...credentials,
      lang,
      session_id: sessionId,
    }),
  verify: (sessionId: string, code: string) =>
    api<VerifyAnswer>('POST', '/merchant/api/v2/auth/verify', { session_id: sessionId, code }),
  resendChallenge: () => api<object>('POST', '/merchant/api/v2/auth/challenge', {}),
  setup: (credentials: Credentials) =>
    api<SetupStarted>('POST', '/merchant/api/v2/auth/challenge/setup', credentials),
  verifyChallenge: (code: string) =>
    api<ChallengeVerified>('POST', '/merchant/api/v2/auth/challenge/verify', { code }),
};
