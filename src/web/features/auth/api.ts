/** Sign-in calls (shell spec §7). */
import { api } from '../../api/client';
import type { BotChallenge } from '../../../domain/botCheck';

export type Credentials = { email: string } | { phone: string };
export interface VerifyAnswer {
  status: 'authenticated' | 'setup_2fa' | 'input_2fa';
  factor?: 'email' | 'phone';
  email?: string;
  phone?: string;
  auth_token?: string;
}

export const authApi = {
  botCheck: () => api<BotChallenge & { disabled?: true }>('GET', '/merchant/api/v1/auth/bot-check'),
  authenticate: (credentials: Credentials, lang: string, cfTurnstile: string) =>
    api<{ session_id: string }>('POST', '/merchant/api/v2/auth/authenticate', {
      ...credentials,
      lang,
      cf_turnstile: cfTurnstile,
    }),
  resendFirst: (credentials: Credentials, lang: string, sessionId: string) =>
    api<{ session_id: string }>('POST', '/merchant/api/v2/auth/authenticate', {
      ...credentials,
      lang,
      session_id: sessionId,
    }),
  verify: (sessionId: string, code: string) =>
    api<VerifyAnswer>('POST', '/merchant/api/v2/auth/verify', { session_id: sessionId, code }),
  resendChallenge: () => api<object>('POST', '/merchant/api/v2/auth/challenge', {}),
  setup: (credentials: Credentials) =>
    api<object>('POST', '/merchant/api/v2/auth/challenge/setup', credentials),
  verifyChallenge: (code: string) =>
    api<{ status: string; auth_token?: string }>('POST', '/merchant/api/v2/auth/challenge/verify', { code }),
};
