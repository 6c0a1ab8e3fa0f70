/**
 * One tile of the home (docs/dashboard.md): its title and the link to its area; while its call loads, a skeleton
 * of its shape; if the call fails, a line saying so with "Try again" (the other tiles go on); then its content.
 */
import { Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { analytics } from '../../../analytics';

export function HomeTile(props: {
  title: string;
  testId: string;
  link?: { label: string; to: string };
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const { query } = props;
  return (
    <Card withBorder padding="md" data-testid={props.testId} aria-busy={query.isPending}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm" c="dimmed">
          {props.title}
        </Text>
        {props.link && (
          <Anchor
            component={Link}
            to={props.link.to}
            size="sm"
            onClick={() => analytics.track('Home Tile Opened', { tile: props.testId.replace(/^tile-/, '') })}
          >
            {props.link.label}
          </Anchor>
        )}
      </Group>
      {query.isPending ? (
        <Stack gap={8} data-testid={`${props.testId}-loading`}>
          <Skeleton h={28} w="60%" />
          <Skeleton h={14} w="40%" />
        </Stack>
      ) : query.isError ? (
        <Group gap="xs" data-testid={`${props.testId}-failed`}>
          <Text size="sm" c="red.8">
            {t('home.failed')}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => void query.refetch()}>
            {t('home.retry')}
          </Button>
        </Group>
      ) : (
        props.children
      )}
    </Card>
  );
}
