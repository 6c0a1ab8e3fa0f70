/**
 * One tile of the home (docs/dashboard.md): its title and the link to its area; while its call loads, a skeleton
 * of its shape; if the call fails, a line saying so with "Try again" (the other tiles go on); then its content.
 */
import { Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { analytics } from '../../../analytics';

/**
 * A line of text as a skeleton: the line's own height (the text drawn hidden under the skeleton), so a tile is as
 * tall loading as loaded and nothing below it moves when its answer arrives — which, since a page's shell answers
 * come with its HTML, is after the home has drawn (issue 54: the home's layout shift of 0.015).
 */
export function TextSkeleton(props: { size: 'xs' | 'sm' | 'xl'; bold?: boolean; w: string }) {
  return (
    <Skeleton w={props.w}>
      <Text size={props.size} fw={props.bold ? 700 : undefined}>
        &nbsp;
      </Text>
    </Skeleton>
  );
}

/** A figure and the line under it, as the sales tiles draw them. */
function FigureSkeleton() {
  return (
    <Stack gap={2}>
      <TextSkeleton size="xl" bold w="60%" />
      <TextSkeleton size="sm" w="40%" />
    </Stack>
  );
}

export function HomeTile(props: {
  title: string;
  testId: string;
  link?: { label: string; to: string };
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** The content's shape while its call loads (default: a figure and a line, as the sales tiles draw). */
  loading?: ReactNode;
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
        <div data-testid={`${props.testId}-loading`}>{props.loading ?? <FigureSkeleton />}</div>
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
