/**
 * Signed-in pages outside the merchant shell (the form studio): the same data cache as the shell's, emptied
 * with it at logout, and nothing else around them.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './shell/signedInQueryClient';

export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
