/**
 * The loans list while it loads: skeleton cards in the cards' shape.
 */
import { SimpleGrid, Skeleton } from '@mantine/core';

export function CardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="loans-skeleton" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={180} radius="lg" />
      ))}
    </SimpleGrid>
  );
}
