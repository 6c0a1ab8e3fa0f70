/**
 * Any catalogue flow, run by the wizard engine on the generic drafts API — a flow added under schemas/ is
 * usable here with no code (ours: the spec names only each product's own screens):
 * - `/forms/:flowId` — starts the account's draft of the flow (or finds it) and opens it;
 * - `/forms/:flowId/:draftId/:stepId?` — the form, saved on the server as the merchant goes;
 * - `/forms/:flowId/:draftId/view` — the answers, read-only, once submitted.
 * A flow with screens of its own (onboarding: /applications) is sent there. An unknown flow or draft is a 404.
 */
import { Suspense, use, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/ErrorPage';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { notify } from '../../../components/notificationStore';
import { ApiError } from '../../../api/client';
import { widgetServices } from '../../../api/widgetServices';
import { WizardRunner } from '../../../../engine/react/WizardRunner';
import { FlowSummary } from '../../../../engine/react/FlowSummary';
import { catalogue, translateFlowText, type FlowLoader } from '../../../../engine/react/browserFlowSource';
import { draftAdapter, draftKeys, fetchDraft, startDraft, type DraftView } from '../../../api/drafts';

/** Flows whose screens live elsewhere (the spec's own addresses; capital's are on its subject's pages). */
const OWN_SCREENS: Record<string, string> = {
  onboarding: '/applications',
  'capital-waitlist': '/finance/capital/waitlist',
  'capital-reset': '/finance/capital/loans',
  'capital-simple': '/finance/capital/offers',
};

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 500);

/** The flow's title in the page header (from its version's texts). */
function FlowTitle(props: { loader: FlowLoader }) {
  const { t } = useTranslation(['common']);
  return (
    <PageHeader
      title={translateFlowText(t, props.loader.textNamespace, props.loader.manifest.definition.title)}
    />
  );
}

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

/** The draft (react-query); a failed read offers a retry, a missing one is a 404. */
function WithDraft(props: { children: (draft: DraftView) => React.ReactNode }) {
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

export function FormWizard() {
  return (
    <WithDraft>
      {(draft) =>
        draft.status === 'draft' ? (
          <Suspense fallback={<PageSkeleton />}>
            <Form draft={draft} />
          </Suspense>
        ) : (
          <Navigate to={`/forms/${draft.flow}/${draft.id}/view`} replace />
        )
      }
    </WithDraft>
  );
}

function Form(props: { draft: DraftView }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  // The draft as it was when the form opened: a background refetch must not restart the form.
  const [initial] = useState(props.draft);
  const adapter = useMemo(() => draftAdapter(initial), [initial]);
  const loader = use(catalogue.current(initial.flow));
  const finish = async () => {
    await client.invalidateQueries({ queryKey: draftKeys.detail(initial.flow, initial.id) });
    void navigate(`/forms/${initial.flow}/${initial.id}/view`, { replace: true });
  };
  return (
    <>
      <FlowTitle loader={loader} />
      <WizardRunner
        flowId={initial.flow}
        adapter={adapter}
        basePath={`/forms/${initial.flow}/${initial.id}`}
        services={widgetServices}
        onEnd={() => void finish()}
      />
    </>
  );
}

export function FormView() {
  return (
    <WithDraft>
      {(draft) =>
        draft.status === 'submitted' ? (
          <Suspense fallback={<PageSkeleton />}>
            <View draft={draft} />
          </Suspense>
        ) : (
          <Navigate to={`/forms/${draft.flow}/${draft.id}`} replace />
        )
      }
    </WithDraft>
  );
}

function View(props: { draft: DraftView }) {
  const { draft } = props;
  const { t, i18n } = useTranslation('common');
  const loader = use(catalogue.find(draft.flow, draft.version));
  const flow = use(loader.all());
  const submitted = draft.submitted_at
    ? new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'long' }).format(
        new Date(draft.submitted_at),
      )
    : null;
  return (
    <>
      <FlowTitle loader={loader} />
      <Stack gap="lg">
        <Group gap="sm">
          <Badge color="mint" variant="light" size="lg">
            {t('forms.submitted')}
          </Badge>
          {submitted && (
            <Text size="sm" c="dimmed">
              {t('forms.submittedOn', { date: submitted })}
            </Text>
          )}
        </Group>
        <Alert color="mint" variant="light" title={t('forms.receivedTitle')}>
          {t('forms.received')}
        </Alert>
        <FlowSummary
          loader={loader}
          flow={flow}
          data={draft.data}
          steps={draft.steps}
          services={widgetServices}
          onDownloadFailed={() =>
            notify({
              variant: 'error',
              title: t('forms.downloadFailedTitle'),
              message: t('widgets:upload.downloadFailed'),
            })
          }
        />
      </Stack>
    </>
  );
}
