/** The small red dot of something unread (the sidebar's Support item, a conversation in the agents' queue). */
import { Box } from '@mantine/core';

export function UnreadDot(props: { label: string; color?: string; testId?: string }) {
  return (
    <Box
      component="span"
      w={8}
      h={8}
      bg={props.color ?? 'red'}
      style={{ borderRadius: '50%', display: 'inline-block', flexShrink: 0 }}
      role="img"
      aria-label={props.label}
      data-testid={props.testId}
    />
  );
}
