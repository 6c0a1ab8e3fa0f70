/** The gate of every signed-in page (spec §2.7): a visitor without a session goes to sign-in with the way back. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAccount } from '../api/account';
import { PageLoader } from './RootLayout';

/** Renders its children for a signed-in account; sends anyone else to sign-in with the way back. */
export function RequireAuth(props: { children: ReactNode }) {
  const account = useAccount();
  const location = useLocation();
  if (account.isPending) return <PageLoader />;
  if (!account.data) {
    const back = `${location.pathname}${location.search}`;
    const redirect = back === '/' ? '' : `?redirect=${encodeURIComponent(back)}`;
    return <Navigate to={`/auth${redirect}`} replace />;
  }
  return <>{props.children}</>;
}
