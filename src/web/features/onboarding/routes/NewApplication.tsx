/**
 * Starting the application (onboarding spec §2).
 */
import { useRef, useState, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { ErrorPage } from '../../../components/ErrorPage';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { landingUtm } from '../../../utm';
import { APPLICATION_QUERY_KEY } from '../../../api/application';
import { startApplication } from '../api';

export function NewApplication() {
  const client = useQueryClient();
  const [state, setState] = useState<'starting' | 'started' | 'failed'>('starting');
  const started = useRef(false);
  const start = () => {
    setState('starting');
    startApplication(landingUtm()).then(
      (application) => {
        client.setQueryData(APPLICATION_QUERY_KEY, application);
        setState('started');
      },
      () => setState('failed'),
    );
  };
  useEffect(() => {
    // Once, even under StrictMode's double effects (the server would return the same application anyway).
    if (started.current) return;
    started.current = true;
    start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (state === 'failed') return <ErrorPage status={500} onRetry={start} />;
  if (state === 'started') return <Navigate to="/applications" replace />;
  return <PageSkeleton />;
}
