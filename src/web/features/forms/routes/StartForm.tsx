/**
 * Any catalogue flow: starts or finds the account's draft and opens it.
 */
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ErrorPage } from '../../../components/ErrorPage';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { startDraft } from '../../../api/drafts';
import { OWN_SCREENS } from '../components/flowStatus';
import { statusOf } from '../../../api/client';

export function StartForm() {
  const { flowId = '' } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<number | null>(null);
  const started = useRef(false);
  const start = () => {
    setFailed(null);
    startDraft(flowId).then(
      (draft) => void navigate(`/forms/${flowId}/${draft.id}`, { replace: true }),
      (error: unknown) => setFailed(statusOf(error)),
    );
  };
  useEffect(() => {
    // Once, even under StrictMode's double effects (the server would give the same draft anyway).
    if (started.current || OWN_SCREENS[flowId]) return;
    started.current = true;
    start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flowId]);
  if (OWN_SCREENS[flowId]) return <Navigate to={OWN_SCREENS[flowId]} replace />;
  if (failed !== null) return <ErrorPage status={failed} onRetry={failed === 404 ? undefined : start} />;
  return <PageSkeleton />;
}
