/**
 * The account's application, loaded before a screen that needs it.
 */
import { useQuery } from '@tanstack/react-query';
import { FailedPage } from '../../../components/ErrorPage';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { APPLICATION_QUERY_KEY, fetchApplication, type Application } from '../../../api/application';

export const FLOW = 'onboarding';

function useApplication() {
  return useQuery({ queryKey: APPLICATION_QUERY_KEY, queryFn: fetchApplication });
}

/** Waits for the application; a failed fetch offers a retry (nothing typed is at stake here). */
export function WithApplication(props: { children: (application: Application | null) => React.ReactNode }) {
  const query = useApplication();
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <FailedPage error={query.error} onRetry={() => void query.refetch()} />;
  return <>{props.children(query.data)}</>;
}
