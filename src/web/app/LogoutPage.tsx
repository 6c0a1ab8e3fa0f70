/**
 * `logout/{source}` (spec §2.6): signs out and goes to sign-in. With source `server` the server already ended
 * the session (a 401 sends the app here), so neither the current-user query nor the logout call is made, and
 * the page the user was on is kept as the way back.
 */
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { logout } from './session';
import { PageLoader } from './RootLayout';

export function LogoutPage() {
  const { source } = useParams();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const back = search.get('redirect');
  useEffect(() => {
    // After a server logout the way back is kept (sign in again and continue); a chosen logout starts afresh.
    const target = source === 'server' && back ? `/auth?redirect=${encodeURIComponent(back)}` : '/auth';
    void logout({ server: source !== 'server' }).then(() => navigate(target, { replace: true }));
  }, [navigate, source, back]);
  return <PageLoader />;
}
