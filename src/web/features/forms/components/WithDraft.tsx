/**
 * A draft, loaded before a screen that needs it.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorPage } from '../../../components/ErrorPage';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { draftKeys, fetchDraft, type DraftView } from '../../../api/drafts';
import { statusOf } from '../../../api/client';

/** The draft (react-query); a failed read offers a retry, a missing one is a 404. */
export function WithDraft(props: { children: (draft: DraftView) => React.ReactNode }) {
  const { flowId = '', draftId = '' } = useParams();
  const query = useQuery({
    queryKey: draftKeys.detail(flowId, draftId),
    queryFn: () => fetchDraft(flowId, draftId),
    retry: (count, error) => statusOf(error) >= 500 && count < 2,
  });
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <ErrorPage status={statusOf(query.error)} onRetry={() => void query.refetch()} />;
  return <>{props.children(query.data)}</>;
}
