/**
 * The remote status message (spec §7, §8; docs/dashboard.md): what ops put on every home, in the member's
 * language, while it is active. Nothing shows while it loads, if it fails (after 60 s at most) or when inactive —
 * a banner is news, not a part of the page to wait for.
 */
import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStatusMessage } from '../api';

export function StatusMessageBanner() {
  const { i18n } = useTranslation();
  const message = useStatusMessage().data;
  if (!message?.is_active) return null;
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  const warning = message.variant === 'warning';
  return (
    <Alert
      color={warning ? 'yellow' : 'blue'}
      icon={warning ? <IconAlertTriangle size={18} /> : <IconInfoCircle size={18} />}
      title={message.title[lang]}
      data-testid="status-message"
    >
      {message.message[lang]}
    </Alert>
  );
}
