/**
 * The remote status message (docs/dashboard.md): every signed-in member reads it; ops change it. Until ops first
 * set one, there is none to show (inactive, empty). While it is shown, its title and message are required in
 * both languages — an Arabic merchant is never shown an empty banner.
 */
import type { StatusMessage, StatusMessageBody } from '../../contract/remoteConfig';
import type { Clock } from '../clock';
import { missingStatusTexts } from '../../domain/statusMessage';
import { fieldError, HttpError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import { actorName } from './memberships';
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
      const missing = missingStatusTexts(value);
      if (missing.length > 0)
        throw new HttpError(
          400,
          'a shown message needs its title and message in both languages',
          Object.fromEntries(missing.map((path) => [path, fieldError('validation:error.required')])),
        );
      const stored: StatusMessage = {
        ...value,
        updated_at: deps.clock.now().toISOString(),
        updated_by: await actorName(deps.accounts, accountId),
      };
      await deps.settings.set(KEY, stored);
      return stored;
    },
  };
}

export type RemoteConfigService = ReturnType<typeof createRemoteConfigService>;
