/** A classified list of changes (the review before publishing, a rollback, a diff), each in words. */
import { Badge, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Change, Classification } from '../api';

export const KIND_COLOR: Record<Classification, string> = {
  none: 'gray',
  cosmetic: 'blue',
  additive: 'teal',
  breaking: 'red',
};

export function KindBadge(props: { kind: Classification | null }) {
  const { t } = useTranslation('studio');
  if (!props.kind) return null;
  return (
    <Badge color={KIND_COLOR[props.kind]} variant="light" data-testid="classification">
      {t(`kind.${props.kind}`)}
    </Badge>
  );
}

const LIMIT = 60;

export function ChangeList(props: { changes: Change[] }) {
  const { t } = useTranslation('studio');
  if (props.changes.length === 0) return <Text c="dimmed">{t('changes.none')}</Text>;
  return (
    <>
      <List spacing={4} size="sm" data-testid="change-list">
        {props.changes.slice(0, LIMIT).map((change, index) => (
          <List.Item key={index} icon={<KindBadge kind={change.kind} />}>
            {t(`change.${change.code}`, {
              ...change.params,
              step: change.step ?? '',
              pointer: change.pointer,
            })}
            {change.step && (
              <Text span c="dimmed" size="xs">
                {' '}
                · {change.step}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
      {props.changes.length > LIMIT && (
        <Text size="sm" c="dimmed">
          {t('changes.more', { count: props.changes.length - LIMIT })}
        </Text>
      )}
    </>
  );
}
