import { Skeleton, Stack } from '@mantine/core';

/** Where a widget whose code is still loading will be: its label and its box. */
export function WidgetSkeleton() {
  return (
    <Stack gap={6} aria-busy="true">
      <Skeleton height={14} width="40%" />
      <Skeleton height={36} />
    </Stack>
  );
}
