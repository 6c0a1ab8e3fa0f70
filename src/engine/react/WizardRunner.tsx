/**
 * Runs one flow of the catalogue: loads its current version and the draft (suspending meanwhile), then draws
 * what useWizard decides — the stepper, the step in the address with its neighbours pre-rendered, the reset
 * question, the save and attention notices, Back and Next. One URL per step (`<basePath>/<stepId>`).
 */
import { Activity, Component, use, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  List,
  Paper,
  Skeleton,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { carryForward } from '../core/drafts';
import { applyRules } from '../core/rules';
import type { FormData } from '../core/types';
import type { DraftAdapter } from './adapter';
import { catalogue, CatalogueLoadError, type FlowLoader, type FlowSource } from './browserFlowSource';
import { StepForm } from './StepForm';
import { useWizard, WIZARD_NAMESPACES, type Outcome, type WizardView } from './useWizard';
import { WizardStepper } from './WizardStepper';
import { deferred } from '../widgets/deferred';
import classes from './WizardRunner.module.css';
import type { WidgetServices } from '../widgets/services';

// The dialogs open on a few steps only: their code (Mantine's Modal, focus trap, scroll lock) is not part of the
// route's first load; it is fetched beside the first step (the runner draws them closed from the start).
const QuestionDialog = deferred(() => import('./QuestionDialog').then((m) => m.QuestionDialog), null);
// A review step's summary of the answers comes after other steps: its code loads once the first step shows.
const FlowSummary = deferred(
  () => import('./FlowSummary').then((m) => m.FlowSummary),
  <Skeleton h={240} radius="lg" />,
);

export interface WizardRunnerProps {
  flowId: string;
  adapter: DraftAdapter;
  /** The address of the wizard without the step id, e.g. `/applications/step` (steps are `…/<stepId>`). */
  basePath: string;
  /** The route parameter that holds the step id (default `stepId`; the application's is `currentStep`). */
  stepParam?: string;
  /** Called when a path ends: after submit (`submit`), or at a `reach-out` step. */
  onEnd?: (outcome: Outcome, data: FormData) => void;
  /** What the widgets need from outside (uploads, OTP resend, a known IBAN). */
  services?: WidgetServices;
  /** Where flows come from (default: the server's catalogue). */
  source?: FlowSource;
  /** Opens a lead step of the flow (flow.json `lead`) where the product has it. */
  onLead?: (id: string) => void;
  /**
   * The attention list's words when the product knows why fields need a look (a reviewer sent them back); by
   * default, that the form changed since the draft was saved.
   */
  attentionWords?: { title: string; body: string };
  /** Only these answers (JSON pointers) may change; every other field is drawn read-only. */
  editable?: readonly string[];
}

/**
 * The draft an adapter opens, asked once per adapter: a component that suspends keeps no state of its own, so
 * the promise `use()` waits on must outlive its renders.
 */
const opening = new WeakMap<DraftAdapter, ReturnType<DraftAdapter['load']>>();
function openDraft(adapter: DraftAdapter) {
  let promise = opening.get(adapter);
  if (!promise) opening.set(adapter, (promise = adapter.load()));
  return promise;
}

/**
 * Loads the flow's current version and the draft, then runs it. A draft the server did not carry to this
 * version (the playground's, kept in the tab) is carried here by the same rule, against every step.
 */
function LoadedWizard(props: WizardRunnerProps) {
  // The wizard's own texts load alongside the flow, not after it.
  const { i18n } = useTranslation();
  useMemo(() => i18n.loadNamespaces(WIZARD_NAMESPACES).catch(() => undefined), [i18n]);
  const source = props.source ?? catalogue;
  const current = use(source.current(props.flowId));
  const opened = use(openDraft(props.adapter));
  // Both asked at once; only a draft the server keeps on another version (a staged rollout) waits for a second.
  const loader =
    opened?.pinned && opened.version !== current.version
      ? use(source.find(props.flowId, opened.version))
      : current;
  const outdated = opened !== null && opened.version !== loader.version;
  // The same call on every render of this component: use() must meet the same promise when React replays it.
  const whole = outdated ? use(loader.all()) : null;
  const [initial] = useState(() => {
    if (!opened) return { data: {}, attention: [] };
    if (!whole) return { data: opened.data, attention: opened.attention };
    const checks = Object.fromEntries(Object.entries(whole.steps).map(([id, step]) => [id, step.check]));
    const carried = carryForward(whole.flow, checks, opened.data);
    return {
      data: applyRules(whole.flow, carried.data),
      attention: [...opened.attention, ...carried.dropped],
    };
  });
  return <Wizard {...props} loader={loader} initial={initial} />;
}

/**
 * Where the merchant stands in the process the form belongs to (flow.json `stages`): every stage on a wide
 * screen; the current one's name and n/total on a phone, where four labels would not fit a row.
 */
function StageStrip(props: { titles: string[]; current: number }) {
  const { t } = useTranslation('common');
  return (
    <Box mb="lg" data-testid="flow-stages">
      <Stepper active={props.current} size="xs" allowNextStepsSelect={false} visibleFrom="sm">
        {props.titles.map((title, i) => (
          <Stepper.Step
            key={title}
            label={title}
            aria-current={i === props.current ? 'step' : undefined}
            allowStepSelect={false}
          />
        ))}
      </Stepper>
      <Text hiddenFrom="sm" fw={600} size="sm" aria-current="step">
        {t('wizard.stageOf', {
          stage: props.titles[props.current],
          n: props.current + 1,
          total: props.titles.length,
        })}
      </Text>
    </Box>
  );
}

function Wizard(
  props: WizardRunnerProps & {
    loader: FlowLoader;
    initial: { data: FormData; attention: ReturnType<typeof carryForward>['dropped'] };
  },
) {
  const { t } = useTranslation('common');
  const wizard = useWizard({
    loader: props.loader,
    initial: props.initial,
    adapter: props.adapter,
    basePath: props.basePath,
    stepId: useParams()[props.stepParam ?? 'stepId'],
    onEnd: props.onEnd,
    services: props.services,
    onLead: props.onLead,
    editable: props.editable,
  });
  if (wizard.redirect) return <Navigate to={wizard.redirect} replace />;
  if (wizard.loading) return <WizardSkeleton />;
  // A path of one step has no progress to show, nor has an introduction before the steps.
  const single =
    wizard.intro || (wizard.stepper.filter((s) => !s.lead).length === 1 && (wizard.outlook?.settled ?? true));

  return (
    <div className={single ? classes.single : classes.layout}>
      <QuestionDialog
        ask={wizard.reset}
        title={t('wizard.resetTitle')}
        cancelLabel={t('wizard.resetCancel')}
        confirmLabel={t('wizard.resetConfirm')}
        danger
      />
      <QuestionDialog
        ask={wizard.confirm && { ...wizard.confirm, questions: [wizard.confirm.question] }}
        title={t('wizard.confirmTitle')}
        cancelLabel={t('wizard.confirmCancel')}
        confirmLabel={t('wizard.confirmYes')}
      />
      {!single && (
        <div>
          <WizardStepper
            steps={wizard.stepper}
            current={wizard.stepId}
            onSelect={wizard.select}
            outlook={wizard.outlook}
          />
        </div>
      )}
      <div>
        {wizard.stages && <StageStrip {...wizard.stages} />}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            {wizard.refusal !== null && (
              <Alert color="red" variant="light" role="alert" data-testid="wizard-refusal">
                {wizard.refusal}
              </Alert>
            )}
            {wizard.saveFailed && (
              <Alert color="red" variant="light" title={t('wizard.saveFailedTitle')} role="alert">
                {t('wizard.saveFailed')}
              </Alert>
            )}
            {wizard.attention.length > 0 && (
              <Alert
                color="orange"
                variant="light"
                title={props.attentionWords?.title ?? t('wizard.attentionTitle')}
                role="status"
                data-testid="wizard-attention"
              >
                <Text size="sm" mb="xs">
                  {props.attentionWords?.body ?? t('wizard.attention')}
                </Text>
                <List size="sm">
                  {wizard.attention.map((item) => (
                    <List.Item key={item.stepId}>
                      {item.stepId === wizard.stepId ? (
                        t('wizard.attentionStep', { step: item.title, count: item.count })
                      ) : (
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          onClick={() => wizard.select(item.stepId)}
                        >
                          {t('wizard.attentionStep', { step: item.title, count: item.count })}
                        </Anchor>
                      )}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {wizard.review && (
              <ReviewAnswers
                loader={props.loader}
                review={wizard.review}
                services={props.services}
                onEdit={wizard.select}
              />
            )}
            {/* The steps next to this one are already rendered, hidden (React's Activity pre-renders them at low
                priority and keeps them), so Next and Back only reveal a step. */}
            {wizard.forms.map((form) => (
              <Activity key={form.id} mode={form.visible ? 'visible' : 'hidden'}>
                <div ref={form.visible ? wizard.formContainer : undefined}>
                  <StepForm
                    step={form.step}
                    ui={form.ui}
                    data={form.data}
                    formContext={wizard.formContext}
                    errorSchema={form.errorSchema}
                    onChange={wizard.onFormChange}
                    onBlur={wizard.onFormBlur}
                  />
                </div>
              </Activity>
            ))}
            <StepActions
              back={wizard.back}
              next={wizard.next}
              onPress={wizard.onActionPress}
              busy={wizard.busy}
              label={wizard.actionLabel ?? t(`wizard.${wizard.action}`)}
              backLabel={wizard.backLabel ?? t('wizard.back')}
            />
          </Stack>
        </Paper>
      </div>
    </div>
  );
}

/** A review step's answers: every step before it, each with a link back to change it. */
function ReviewAnswers(props: {
  loader: FlowLoader;
  review: NonNullable<WizardView['review']>;
  services?: WidgetServices;
  onEdit: (stepId: string) => void;
}) {
  const { t } = useTranslation(['common', 'widgets']);
  const [downloadFailed, setDownloadFailed] = useState(false);
  return (
    <Stack gap="md" component="section" aria-labelledby="review-answers">
      <Stack gap={4}>
        <Title order={2} size="h3" id="review-answers">
          {t('wizard.reviewTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('wizard.reviewIntro')}
        </Text>
      </Stack>
      {downloadFailed && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setDownloadFailed(false)}
        >
          {t('widgets:upload.downloadFailed')}
        </Alert>
      )}
      <FlowSummary
        loader={props.loader}
        flow={props.review.flow}
        data={props.review.data}
        steps={props.review.steps}
        services={props.services}
        onEdit={props.onEdit}
        onDownloadFailed={() => setDownloadFailed(true)}
      />
    </Stack>
  );
}

/** The wizard's shape while the step modules it needs arrive. */
function WizardSkeleton() {
  return (
    <div className={classes.layout} aria-busy="true">
      <Stack gap="sm">
        <Skeleton h={14} w="70%" />
        <Skeleton h={8} />
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          {[0, 1, 2, 3].map((i) => (
            <Stack key={i} gap={6}>
              <Skeleton h={12} w="30%" />
              <Skeleton h={36} />
            </Stack>
          ))}
        </Stack>
      </Paper>
    </div>
  );
}

function StepActions(props: {
  back?: () => void;
  next: () => void;
  busy: boolean;
  onPress: () => void;
  label: ReactNode;
  backLabel: ReactNode;
}) {
  return (
    <Box pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between">
        {props.back ? (
          <Button variant="default" onClick={props.back} onPointerDown={props.onPress} disabled={props.busy}>
            {props.backLabel}
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={props.next} onPointerDown={props.onPress} loading={props.busy}>
          {props.label}
        </Button>
      </Group>
    </Box>
  );
}

/** The message and a retry when the flow or a step could not be loaded (after the loader's own retries). */
function LoadFailed(props: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" variant="light" title={t('wizard.loadFailedTitle')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('wizard.loadFailed')}</Text>
        <Button variant="light" color="red" onClick={props.onRetry}>
          {t('wizard.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Catches a failed load below it (Retry renders again, which fetches what failed again); any other error goes
 * on to the page's own error handling.
 */
class LoadBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof CatalogueLoadError)) throw error;
    return (
      <LoadFailed
        onRetry={() => {
          this.props.onRetry();
          this.setState({ error: null });
        }}
      />
    );
  }
}

/** The runner: a failed load says so with a retry, instead of taking the page down. */
export function WizardRunner(props: WizardRunnerProps) {
  return (
    <LoadBoundary onRetry={() => (props.source ?? catalogue).forgetFailures()}>
      <LoadedWizard {...props} />
    </LoadBoundary>
  );
}
