/**
 * The frame of the pages the mobile app opens in its webview — the money area and the webview pages (shell spec
 * §2.6: the money area "only inside the mobile-app webview, otherwise redirect to root"; docs/shell-and-
 * permissions.md "The money area"): a session the webview opened with the app's one-time token (`/webview/enter`)
 * sees them, without the back office's sidebar — the app has its own navigation; anyone else, signed in or not,
 * goes to root.
 */
import { Container } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { useAccount } from '../api/account';
import { PageLoader } from './RootLayout';
import { queryClient } from './shell/signedInQueryClient';

function WebviewOnly() {
  const account = useAccount();
  if (account.isPending) return <PageLoader />;
  if (!account.data?.webview) return <Navigate to="/" replace />;
  return (
    <Container size="sm" px="md" py="md" component="main">
      <Outlet />
    </Container>
  );
}

export function WebviewLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <WebviewOnly />
    </QueryClientProvider>
  );
}
