/**
 * A link into another area of the back office — or, while that area is not built yet (config/plannedRoutes), its
 * words as plain text marked "Soon": a link that opens "not available yet" should not look like one that works.
 */
import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Text, type MantineSize, type StyleProp } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isPlannedPath } from '../config/plannedAreas';

export function AreaLink(props: {
  to: string;
  children: ReactNode;
  size?: MantineSize;
  mt?: StyleProp<MantineSize | number>;
}) {
  // The shell's texts: an area link is drawn inside the signed-in pages only (kept out of sign-in's bundle).
  const { t } = useTranslation('shell');
  if (isPlannedPath(props.to))
    return (
      <Group gap={6} mt={props.mt} wrap="nowrap" data-planned-area={props.to} title={t('area.soonTitle')}>
        <Text size={props.size} c="dimmed">
          {props.children}
        </Text>
        <SoonBadge />
      </Group>
    );
  return (
    <Anchor component={Link} to={props.to} size={props.size} mt={props.mt} display="inline-block">
      {props.children}
    </Anchor>
  );
}

/** "Soon": an area that is not built yet (beside its words in a page, on its sidebar item). */
export function SoonBadge() {
  const { t } = useTranslation('shell');
  return (
    <Badge size="xs" variant="light" color="gray">
      {t('area.soon')}
    </Badge>
  );
}
