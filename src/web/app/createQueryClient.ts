import { QueryClient } from '@tanstack/react-query';

/** One query client for the app; screens share data through its cache. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}
