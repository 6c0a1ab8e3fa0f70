import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The product mark and name. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" aria-label={t('app.logoLabel')} role="img">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#1f2a44" />
        <path
          d="M9 22V10h6.5a4 4 0 0 1 0 8H13"
          fill="none"
          stroke="#3ee6a8"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="22.5" cy="21.5" r="2.5" fill="#3ee6a8" />
      </svg>
      <Text fw={700} c="navy.9" size="md" visibleFrom="xs">
        {t('app.name')}
      </Text>
    </Group>
  );
}
