/** The gate of every signed-in page (spec §2.7): a visitor without a session goes to sign-in with the way back. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAccount } from '../api/account';
import { PageLoader } from './RootLayout';
import { FailedPage } from '../components/ErrorPage';
import { BootFrameGives } from '../components/bootFrame';

/**
 * Renders its children for a signed-in account; sends anyone else to sign-in with the way back. A question that
 * got no answer (the network gone, the server down) is not "signed out": the page says so and offers to try
 * again, rather than sending a signed-in merchant to sign in (the offline notice says why; RootLayout).
 */
export function RequireAuth(props: { children: ReactNode }) {
  const account = useAccount();
  const location = useLocation();
  if (account.isPending) return <PageLoader />;
  if (account.isError)
    return (
      <>
        <BootFrameGives />
        <FailedPage error={account.error} onRetry={() => void account.refetch()} />
      </>
    );
  if (!account.data) {
    const back = `${location.pathname}${location.search}`;
    const redirect = back === '/' ? '' : `?redirect=${encodeURIComponent(back)}`;
    return <Navigate to={`/auth${redirect}`} replace />;
  }
  return <>{props.children}</>;
}
