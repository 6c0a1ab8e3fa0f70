/**
 * A catalogue flow inside a product's own screen (capital's waitlist, an application's fix): starts the
 * account's draft of the flow on a subject (`scope`) or finds it, runs it with the wizard engine on the generic
 * drafts API, and hands the end to the screen. Nothing in it knows a flow: what the form asks, says and refuses
 * is the flow's files (schemas/), what the server does on submit is the flow's hooks.
 * - While the draft starts: a skeleton; a refusal to start is the error page (404 for a subject not the
 *   account's, 403 without the right), with a retry where one can help.
 * - A draft already submitted is the screen's to show (`submitted`).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { retriable, statusOf } from '../api/client';
import { startDraft } from '../api/draftStart';
import type { DraftView } from '../../engine/core/drafts';
import { ErrorPage } from './ErrorPage';
import { PageSkeleton } from './PageSkeleton';

/** The engine loads with the first form a screen shows (a section's other pages never pay for it). */
const Runner = lazy(() => import('./FlowRunner').then((m) => ({ default: m.FlowRunner })));

const flowFormKey = (flowId: string, scope: string) => ['drafts', 'start', flowId, scope] as const;

export function FlowForm(props: {
  flowId: string;
  /** The subject the draft is about (an application's id); none: the account's one draft of the flow. */
  scope?: string;
  /** The form's address without the step id (steps are `<basePath>/<stepId>`, read from the `stepId` param). */
  basePath: string;
  /** After a successful submit (the draft is submitted on the server). */
  onSubmitted: (draft: DraftView) => void;
  /** What to show for a draft already submitted (default: nothing of the form). */
  submitted?: (draft: DraftView) => ReactNode;
  /** Opens a step done before the form (the flow's `lead`, e.g. capital's offer customisation). */
  onLead?: (id: string) => void;
}) {
  const { flowId, scope = '' } = props;
  const client = useQueryClient();
  const started = useQuery({
    queryKey: flowFormKey(flowId, scope),
    queryFn: () => startDraft(flowId, scope || undefined),
    // Started again each time the screen opens: the facts it carries (a reason, an offer's tags) may change, and
    // a copy kept from an earlier visit lacks what was saved since (Back to a wizard left a moment ago).
    gcTime: 0,
    staleTime: Infinity,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    retry: (count, error) => statusOf(error) >= 500 && count < 2,
  });
  // A copy from an earlier visit is never run: the form waits for the draft as it is now.
  if (started.isPending || (started.isFetching && !started.isError)) return <PageSkeleton />;
  if (started.isError) {
    const status = statusOf(started.error);
    return (
      <ErrorPage status={status} onRetry={retriable(status) ? () => void started.refetch() : undefined} />
    );
  }
  const draft = started.data;
  if (draft.status !== 'draft') return <>{props.submitted?.(draft) ?? null}</>;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Runner
        draft={draft}
        basePath={props.basePath}
        onLead={props.onLead}
        onEnd={() => {
          const done = { ...draft, status: 'submitted' as const };
          client.setQueryData(flowFormKey(flowId, scope), done);
          props.onSubmitted(done);
        }}
      />
    </Suspense>
  );
}
