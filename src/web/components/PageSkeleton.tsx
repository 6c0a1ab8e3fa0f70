import { Skeleton, Stack } from '@mantine/core';

/** A page's shape while its data loads: a title, a line, a card. */
export function PageSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton h={28} w="40%" />
      <Skeleton h={18} w="60%" />
      <Skeleton h={240} radius="lg" />
    </Stack>
  );
}
