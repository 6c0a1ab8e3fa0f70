/**
 * A capital page while what it needs loads: skeleton blocks in the page's shape.
 */
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

export function PageLoading() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="capital-loading">
      <Skeleton height={28} width="40%" />
      <Skeleton height={140} radius="lg" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton height={120} radius="lg" />
        <Skeleton height={120} radius="lg" />
      </SimpleGrid>
    </Stack>
  );
}
