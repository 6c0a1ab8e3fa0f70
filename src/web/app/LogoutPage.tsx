/**
 * `logout/{source}` (spec §2.6): signs out and goes to sign-in. With source `server` the server already ended
 * the session, so neither the current-user query nor the logout call is made.
 */
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { logout } from './session';
import { PageLoader } from './RootLayout';

export function LogoutPage() {
  const { source } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    void logout({ server: source !== 'server' }).then(() => navigate('/auth', { replace: true }));
  }, [navigate, source]);
  return <PageLoader />;
}
