/**
 * The onboarding application's screens (shell spec §2.4, onboarding spec §2):
 * - `/applications` — the gate: draft → the form (at the first step that needs work), partially_submitted or
 *   submitted → the view, no application → root.
 * - `/applications/new` — starts the account's application (with the landing page's UTM values), then the form.
 * - `/applications/step/:currentStep?` — the form: the catalogue's onboarding flow in the wizard engine, saved
 *   on the server as the merchant goes. Needs a draft.
 * - `/applications/view` — the submitted application, read-only, step by step. Needs it submitted.
 * - `/applications/reach-out` — "we will reach out": where a high-volume path ends (ours: the spec names the
 *   screen, not its address).
 * `applications/list` and `application/:applicationId` lead to the gate: an account has one application.
 */
import { Suspense, use, useMemo, useRef, useState, useEffect } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/ErrorPage';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { notify } from '../../../components/notificationStore';
import { WizardRunner } from '../../../../engine/react/WizardRunner';
import { FlowSummary } from '../../../../engine/react/FlowSummary';
import { catalogue } from '../../../../engine/react/browserFlowSource';
import { landingUtm } from '../../../utm';
import {
  answersOf,
  APPLICATION_QUERY_KEY,
  fetchApplication,
  type Application,
} from '../../../api/application';
import { applicationAdapter, startApplication } from '../api';
import { widgetServices } from '../../../api/widgetServices';

const FLOW = 'onboarding';

function useApplication() {
  return useQuery({ queryKey: APPLICATION_QUERY_KEY, queryFn: fetchApplication });
}

/** Waits for the application; a failed fetch offers a retry (nothing typed is at stake here). */
function WithApplication(props: { children: (application: Application | null) => React.ReactNode }) {
  const query = useApplication();
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <ErrorPage status={500} onRetry={() => void query.refetch()} />;
  return <>{props.children(query.data)}</>;
}

export function ApplicationGate() {
  return (
    <WithApplication>
      {(application) =>
        !application ? (
          <Navigate to="/" replace />
        ) : application.status === 'draft' ? (
          <Navigate to="/applications/step" replace />
        ) : (
          <Navigate to="/applications/view" replace />
        )
      }
    </WithApplication>
  );
}

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

export function ApplicationForm() {
  // The form's version and first modules start loading with the application, not after it.
  useMemo(() => catalogue.current(FLOW).catch(() => undefined), []);
  return (
    <WithApplication>
      {(application) =>
        application?.status === 'draft' ? (
          <Form application={application} />
        ) : (
          // Also where a just-finished form lands when the refreshed application reaches this route first.
          <Navigate
            to={application?.requires_sales_contact ? '/applications/reach-out' : '/applications'}
            replace
          />
        )
      }
    </WithApplication>
  );
}

function Form(props: { application: Application }) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const client = useQueryClient();
  // The draft as it was when the form opened: a background refetch must not restart the form.
  const [initial] = useState(props.application);
  const adapter = useMemo(() => applicationAdapter(initial, landingUtm()), [initial]);
  const finish = async (outcome: 'submit' | 'reach-out') => {
    if (outcome === 'reach-out') {
      const result = await adapter.submit({}).catch(() => null);
      if (result === null || result?.fieldErrors) {
        notify({ variant: 'error', title: t('pages.submitFailedTitle'), message: t('pages.submitFailed') });
        return;
      }
    }
    await client.invalidateQueries({ queryKey: APPLICATION_QUERY_KEY });
    void navigate(outcome === 'submit' ? '/applications/view' : '/applications/reach-out', { replace: true });
  };
  return (
    <>
      <PageHeader title={t('flow.title')} />
      <Suspense fallback={<PageSkeleton />}>
        <WizardRunner
          flowId={FLOW}
          adapter={adapter}
          basePath="/applications/step"
          stepParam="currentStep"
          services={widgetServices}
          onEnd={(outcome) => void finish(outcome)}
        />
      </Suspense>
    </>
  );
}

export function ApplicationView() {
  return (
    <WithApplication>
      {(application) =>
        application && application.status !== 'draft' ? (
          <Suspense fallback={<PageSkeleton />}>
            <View application={application} />
          </Suspense>
        ) : (
          <Navigate to="/applications" replace />
        )
      }
    </WithApplication>
  );
}

function View(props: { application: Application }) {
  const { application } = props;
  const { t, i18n } = useTranslation(['onboarding', 'common']);
  // The version the application was submitted with, while the server has it (else the current one).
  const loader = use(catalogue.find(FLOW, application.flow_version));
  const flow = use(loader.all());
  const submitted = application.submitted_at
    ? new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'long' }).format(
        new Date(application.submitted_at),
      )
    : null;
  return (
    <>
      <PageHeader title={t('pages.viewTitle')} />
      <Stack gap="lg">
        <Group gap="sm">
          <Badge color={application.status === 'submitted' ? 'mint' : 'blue'} variant="light" size="lg">
            {t(`pages.status.${application.status}`)}
          </Badge>
          {submitted && (
            <Text size="sm" c="dimmed">
              {t('pages.submittedOn', { date: submitted })}
            </Text>
          )}
        </Group>
        {application.requires_sales_contact ? (
          <Alert
            color="blue"
            variant="light"
            icon={<IconPhoneCall size={20} />}
            title={t('pages.reachOutTitle')}
          >
            {t('pages.reachOutBody')}
          </Alert>
        ) : (
          <Alert color="mint" variant="light" title={t('pages.reviewTitle')}>
            {t('pages.reviewBody')}
          </Alert>
        )}
        <FlowSummary
          loader={loader}
          flow={flow}
          data={answersOf(application)}
          steps={application.steps}
          services={widgetServices}
          onDownloadFailed={() =>
            notify({
              variant: 'error',
              title: t('pages.downloadFailedTitle'),
              message: t('widgets:upload.downloadFailed'),
            })
          }
        />
      </Stack>
    </>
  );
}

export function ReachOut() {
  return (
    <WithApplication>
      {(application) =>
        application?.requires_sales_contact ? (
          <ReachOutScreen application={application} />
        ) : (
          <Navigate to="/applications" replace />
        )
      }
    </WithApplication>
  );
}

/** Only for an application that ended at a reach-out step: anyone else is sent to the gate. */
function ReachOutScreen(props: { application: Application }) {
  const { t } = useTranslation('onboarding');
  const name = props.application.business_name;
  return (
    <>
      <PageHeader title={t('pages.reachOutTitle')} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
        <Stack gap="md" align="flex-start">
          <IconPhoneCall size={40} color="var(--mantine-color-mint-6)" aria-hidden />
          <Title order={2} size="h3">
            {name ? t('pages.reachOutHeadingNamed', { name }) : t('pages.reachOutHeading')}
          </Title>
          <Text>{t('pages.reachOutBody')}</Text>
          <Text size="sm" c="dimmed">
            {t('pages.reachOutNext')}
          </Text>
          <Button component={Link} to="/applications/view" variant="light">
            {t('pages.seeApplication')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}

export function ToApplication() {
  return <Navigate to="/applications" replace />;
}
