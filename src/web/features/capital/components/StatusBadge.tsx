/**
 * A loan's or an application's status as a badge (capital spec §4 badge tones).
 */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { badgeTone, type BadgeTone } from '../../../../domain/capital/loans';

const TONE_COLOURS: Record<BadgeTone, string> = {
  warning: 'yellow',
  negative: 'red',
  default: 'gray',
  positive: 'teal',
  accent: 'violet',
};

export function StatusBadge(props: { status: string }) {
  const { t, i18n } = useTranslation('capital');
  const key = `status.${props.status}`;
  return (
    <Badge
      color={TONE_COLOURS[badgeTone(props.status)]}
      variant="light"
      data-status={props.status}
      style={{ flexShrink: 0, maxWidth: 'none' }}
    >
      {i18n.exists(key, { ns: 'capital' }) ? t(key) : t('status.unknown')}
    </Badge>
  );
}
