/**
 * The remote status message (docs/dashboard.md): every signed-in member reads it; ops change it. Until ops first
 * set one, there is none to show (inactive, empty). While it is shown, its title and message are required in
 * both languages — an Arabic merchant is never shown an empty banner.
 */
import type { StatusMessage, StatusMessageBody } from '../../contract/remoteConfig';
import type { Clock } from '../clock';
import { fieldError, HttpError, type FieldError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { SettingsRepository } from '../repositories/settings';

const KEY = 'web_status_message';

const NONE: StatusMessage = {
  is_active: false,
  variant: 'info',
  title: { en: '', ar: '' },
  message: { en: '', ar: '' },
  updated_at: null,
  updated_by: null,
};

export function createRemoteConfigService(deps: {
  settings: SettingsRepository;
  accounts: AccountRepository;
  clock: Clock;
}) {
  return {
    async statusMessage(): Promise<StatusMessage> {
      return { ...NONE, ...(await deps.settings.get<StatusMessage>(KEY)) };
    },

    async setStatusMessage(accountId: string, body: StatusMessageBody): Promise<StatusMessage> {
      const value = {
        ...body,
        title: { en: body.title.en.trim(), ar: body.title.ar.trim() },
        message: { en: body.message.en.trim(), ar: body.message.ar.trim() },
      };
      if (value.is_active) {
        const problems: Record<string, FieldError> = {};
        for (const field of ['title', 'message'] as const)
          for (const lang of ['en', 'ar'] as const)
            if (value[field][lang] === '')
              problems[`/${field}/${lang}`] = fieldError('validation:error.required');
        if (Object.keys(problems).length > 0)
          throw new HttpError(400, 'a shown message needs its title and message in both languages', problems);
      }
      const account = await deps.accounts.account(accountId);
      const stored: StatusMessage = {
        ...value,
        updated_at: deps.clock.now().toISOString(),
        updated_by: account?.email ?? account?.phone ?? accountId,
      };
      await deps.settings.set(KEY, stored);
      return stored;
    },
  };
}

export type RemoteConfigService = ReturnType<typeof createRemoteConfigService>;
