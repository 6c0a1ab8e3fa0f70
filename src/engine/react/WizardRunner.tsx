/**
 * Runs one flow of the catalogue: one URL per step (`…/:stepId`), the step
 * validated before Next, fields validated when they lose focus, a stepper,
 * the draft saved through the flow's adapter on step change and on blur,
 * server errors shown on their fields, and focus moved to the first error.
 *
 * Everything about routing comes from src/engine/core: the active steps are
 * recomputed from the data on every change and addressed by id, never index.
 */
import {
  Activity,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Alert, Box, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import classes from './WizardRunner.module.css';
import { StepForm } from './StepForm';
import type { ErrorSchema } from '@rjsf/utils';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  carryDraftForward,
  firstIncompleteStep,
  isStepComplete,
  isStepOpen,
  missingValidator,
  stampDraft,
  type Draft,
  type StepValidator,
} from '../core/drafts';
import { fromServerFieldErrors, toFieldMessages, withLocalParams, type FieldMessage } from '../core/messages';
import { applyStepChanges, dropInactiveData, resolveSteps, withOwnedParents } from '../core/steps';
import { applyResets, applyRules, resetsFor } from '../core/rules';
import { getAt, isWithin } from '../core/pointer';
import type { FlowDefinition, FlowReset, FormData } from '../core/types';
import type { DraftAdapter } from './adapter';
import { flowLoader, type FlowLoader, type PartialFlow } from './loadFlow';
import { translateUi } from './translateUi';
import { fieldId, toErrorSchema } from './errorSchema';
import { WizardStepper } from './WizardStepper';
import type { DataWatch, PendingWork, WidgetServices } from '../widgets/services';

export interface WizardRunnerProps {
  flowId: string;
  adapter: DraftAdapter;
  /** The address of the wizard without the step id, e.g. `/applications` (steps are `/applications/<stepId>`). */
  basePath: string;
  /** The route parameter that holds the step id (default `stepId`; the application's is `currentStep`). */
  stepParam?: string;
  /** Called when a path ends: after submit (`submit`), or at a `reach-out` step. */
  onEnd?: (outcome: 'submit' | 'reach-out', data: FormData) => void;
  /** What the widgets need from outside (uploads, OTP resend, a known IBAN). */
  services?: WidgetServices;
}

const NO_ERRORS: ErrorSchema = {};

/** Validators that validate `snapshot` once per step and answer from memory after that. */
function cachedValidators(
  validators: Record<string, StepValidator>,
  snapshot: FormData,
): Record<string, StepValidator> {
  const results = new Map<string, ReturnType<StepValidator>>();
  return Object.fromEntries(
    Object.entries(validators).map(([id, validate]) => [
      id,
      (data: FormData) => {
        if (data !== snapshot) return validate(data);
        let result = results.get(id);
        if (!result) results.set(id, (result = validate(data)));
        return result;
      },
    ]),
  );
}

/**
 * The runner: loads the flow's definition and the draft (suspends meanwhile), then renders the step in the
 * address. Step modules arrive one by one (see loadFlow): the runner waits only for the ones it needs now.
 */
export function WizardRunner(props: WizardRunnerProps) {
  const loader = flowLoader(props.flowId);
  use(loader.definition);
  const flow = useSyncExternalStore(loader.subscribe, loader.snapshot)!;
  const draft = use(useMemo(() => props.adapter.load(), [props.adapter]));
  // A draft of an older catalogue version is checked against every step it has data for, so it waits for all.
  const outdated = draft !== null && draft.version !== flow.flow.version;
  const whole = outdated && !flow.complete ? use(loader.all()) : flow;
  const carried = useMemo(
    () =>
      draft
        ? carryDraftForward(whole.flow, whole.validators, draft)
        : { draft: stampDraft(whole.flow, {}), attention: [] },
    // Computed once per draft: later step arrivals must not reset what the merchant has typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft],
  );
  // Once a step is on screen, the other steps load behind it, so moving on never waits.
  useEffect(() => {
    loader.all().catch(() => undefined);
  }, [loader]);
  return (
    <Wizard {...props} loader={loader} flow={flow} initial={carried.draft} attention={carried.attention} />
  );
}

/**
 * The step modules a render of `stepId` needs and does not have: the active steps up to it (fetched together) —
 * its own form, and the ticks and locks of the steps before it. Steps after it show as not complete until their
 * modules arrive in the background; the redirect to the first incomplete step waits for its own (see below).
 */
function stepsToWaitFor(flow: PartialFlow, active: string[], stepId: string | undefined) {
  if (flow.complete || !stepId || !active.includes(stepId)) return [];
  return active.slice(0, active.indexOf(stepId) + 1).filter((id) => !flow.steps[id]);
}

/** Validators for every step of the flow: one not loaded yet counts as not complete. */
function withMissingIncomplete(
  definition: FlowDefinition,
  validators: Record<string, StepValidator>,
): Record<string, StepValidator> {
  const notYet: StepValidator = () => ({ valid: false, errors: [] });
  return Object.fromEntries(definition.steps.map((s) => [s.id, validators[s.id] ?? notYet]));
}

function Wizard(
  props: WizardRunnerProps & {
    loader: FlowLoader;
    flow: PartialFlow;
    initial: Draft;
    attention: FieldMessage[];
  },
) {
  const { flow, adapter, basePath, loader } = props;
  const definition = flow.flow;
  const namespaces = useMemo(
    () => [definition.title.split(':')[0] ?? 'common', 'validation', 'common'],
    [definition.title],
  );
  const { t, i18n } = useTranslation(namespaces);
  const navigate = useNavigate();
  const stepId = useParams()[props.stepParam ?? 'stepId'];

  const [data, setDataState] = useState<FormData>(props.initial.data);
  // The latest data, for callbacks that must stay stable (the form's onChange) and for watchers (see below).
  const dataRef = useRef(data);
  const setData = useCallback((next: FormData) => {
    dataRef.current = next;
    setDataState(next);
  }, []);
  // A change that clears other answers and needs the merchant's word first (flow.json `resets` with `confirm`).
  const [pendingReset, setPendingReset] = useState<{
    before: FormData;
    after: FormData;
    resets: FlowReset[];
  } | null>(null);
  // Widgets that depend on another answer (a category list on the chosen section) watch it here, so the
  // form's context never changes per keystroke.
  const [watchers] = useState(() => new Set<() => void>());
  const watch = useMemo<DataWatch>(
    () => ({
      get: (pointer) => getAt(dataRef.current, pointer),
      subscribe: (listener) => {
        watchers.add(listener);
        return () => watchers.delete(listener);
      },
    }),
    [watchers],
  );
  useEffect(() => watchers.forEach((listener) => listener()), [data, watchers]);
  // The data as of the last blur or step change: step completeness (stepper, locked steps) follows it, so a
  // keystroke validates nothing beyond rjsf's own work.
  const [committed, setCommitted] = useState<FormData>(props.initial.data);
  const committedValidators = useMemo(
    () => cachedValidators(withMissingIncomplete(definition, flow.validators), committed),
    [definition, flow.validators, committed],
  );
  const [messages, setMessages] = useState<FieldMessage[]>(props.attention);
  const [saveFailed, setSaveFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const lastSaved = useRef(JSON.stringify(props.initial.data));
  const formContainer = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);

  const active = useMemo(() => resolveSteps(definition, data), [definition, data]);
  // The step modules this render needs (see stepsToWaitFor); until they are here the runner waits (suspends).
  const waitFor = useMemo(() => stepsToWaitFor(flow, active, stepId), [flow, active, stepId]);
  if (waitFor.length > 0) use(loader.steps(waitFor));
  /** Moves to a step once its module (and what the stepper needs there) is here: the step on screen stays meanwhile. */
  const goTo = async (target: string, current: FormData) => {
    try {
      const missing = stepsToWaitFor(loader.snapshot()!, resolveSteps(definition, current), target);
      if (missing.length > 0) await loader.steps(missing);
    } catch {
      // A module that could not be fetched: the step's render meets the same failure and shows the error page.
    }
    void navigate(`${basePath}/${target}`);
  };
  const at = stepId ? active.indexOf(stepId) : -1;
  const step = at >= 0 ? flow.steps[stepId!] : undefined;
  // Neighbours come from the active list already resolved for this render (no second resolution per keystroke).
  const previous = at > 0 ? active[at - 1]! : null;
  const next = at >= 0 ? (active[at + 1] ?? null) : null;

  /** Every active step's messages for some data (to give the server's messages their parameters). */
  const allMessages = useCallback(
    (current: FormData) =>
      resolveSteps(definition, current).flatMap((id) => {
        const validate = flow.validators[id];
        if (!validate) return [];
        return toFieldMessages(
          validate(withOwnedParents(current, definition.steps.find((s) => s.id === id)?.owns ?? [])).errors,
        );
      }),
    [definition, flow.validators],
  );

  const save = useCallback(
    async (next: FormData): Promise<FieldMessage[]> => {
      const serialized = JSON.stringify(next);
      if (serialized === lastSaved.current) return [];
      try {
        const result = await adapter.save(stampDraft(definition, next));
        lastSaved.current = serialized;
        setSaveFailed(false);
        return result?.fieldErrors
          ? withLocalParams(fromServerFieldErrors(result.fieldErrors), allMessages(next))
          : [];
      } catch {
        setSaveFailed(true);
        return [];
      }
    },
    [adapter, definition, allMessages],
  );

  // A closing tab, a reload or a phone switching apps saves what is on screen (the adapter sends it with
  // keepalive). Text fields hand their typing to the form on the same event first (useDeferredChange): their
  // listeners were added before this one, as children's effects run before their parent's.
  useEffect(() => {
    const flush = () => void save(dataRef.current);
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [save]);

  // Move focus to the first field with an error once it is on screen.
  useEffect(() => {
    if (!focusPending.current || messages.length === 0) return;
    focusPending.current = false;
    // Hidden neighbour steps are in the page too: look inside the visible step only.
    const container = formContainer.current;
    const find = (pointer: string) =>
      container?.querySelector<HTMLElement>(`[id="${fieldId(pointer)}"]`) ?? null;
    const first = messages.find((m) => find(m.pointer));
    const element = first ? find(first.pointer) : null;
    // A widget's id may be on a wrapper (code boxes, a group): focus the first control inside it.
    const control = element?.matches('input, select, textarea, button')
      ? element
      : element?.querySelector<HTMLElement>('input, select, textarea, button, [tabindex]');
    control?.focus();
  }, [messages, stepId]);

  // The steps next to this one stay rendered (see below); their UI schemas, translated, follow the language.
  // A step that asks for some of the same data (the company owners of several ARE steps) is not pre-rendered:
  // its form would hold the shared data as it was, and hand that back when shown.
  const ownsOf = (id: string) => definition.steps.find((s) => s.id === id)?.owns ?? [];
  const shares = (a: string, b: string) =>
    ownsOf(a).some((p) => ownsOf(b).some((q) => isWithin(p, q) || isWithin(q, p)));
  const neighbours = step
    ? [previous, step.id, next].filter(
        (id): id is string =>
          id !== null && (id === step.id || (flow.steps[id] !== undefined && !shares(id, step.id))),
      )
    : [];
  const neighbourKey = neighbours.join(' ');
  const uis = useMemo(
    () =>
      Object.fromEntries(
        neighbourKey
          .split(' ')
          .filter((id) => flow.steps[id])
          .map((id) => [id, translateUi(flow.steps[id]!.schema, flow.steps[id]!.ui, (key) => t(key))]),
      ),
    // Texts change with the language. The key lists the loaded neighbours only, and a loaded step's module never
    // changes, so another step arriving in the background does not hand the step on screen a new UI schema.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [neighbourKey, definition, t, i18n.language],
  );
  // Uploads under way: Next waits for them (see PendingWork).
  const pendingWork = useRef(new Set<Promise<unknown>>());
  const pending = useMemo<PendingWork>(
    () => ({
      add: (work) => {
        pendingWork.current.add(work);
        const done = () => pendingWork.current.delete(work);
        work.then(done, done);
      },
    }),
    [],
  );
  const formContext = useMemo(
    () => ({ services: props.services, watch, pending }),
    [props.services, watch, pending],
  );
  const owns = useMemo(() => definition.steps.find((s) => s.id === stepId)?.owns ?? [], [definition, stepId]);
  /** The current step's messages for some data, with its parent objects present (see withOwnedParents). */
  const stepMessages = (current: FormData) =>
    step ? toFieldMessages(step.validate(withOwnedParents(current, owns)).errors) : [];
  // Live validation on blur: show (or clear) the message of the field that lost focus; save if anything changed.
  const handleBlur = (id: string, from: string) => {
    if (!step || from !== step.id) return;
    // The latest data, not this render's: a widget may report a change and its blur in one go.
    const current = dataRef.current;
    setCommitted(current);
    const fresh = stepMessages(current);
    setMessages((old) => [
      ...old.filter((m) => fieldId(m.pointer) !== id && fresh.some((f) => f.pointer === m.pointer)),
      ...fresh.filter((m) => fieldId(m.pointer) === id),
    ]);
    void save(current).then((serverErrors) => serverErrors.length > 0 && setMessages(serverErrors));
  };

  // Stable callbacks keep the memoized form from re-rendering on the runner's own state changes.
  // The data made from the form's own changes is handed back to it too: rjsf re-derives its state from the
  // `formData` prop whenever any prop changes (new messages, say), so a form left holding older data than it
  // reported would drop its newer answers then (a box ticked or an owner added right after typing elsewhere).
  const lastReport = useRef<{ step: string; data: FormData } | null>(null);
  // One callback for every form, for the whole run (it reads the step on screen from a ref): React may not have
  // handed a newly shown, pre-rendered form its new props yet, so nothing may depend on them.
  const changeRef = useRef<(next: FormData, from: string) => void>(() => undefined);
  const onFormChange = useCallback((next: FormData, from: string) => changeRef.current(next, from), []);
  const handleChange = (next: FormData, from: string) => {
    // Only the step on screen speaks: a pre-rendered neighbour's form may report (its defaults) too.
    if (!stepId || from !== stepId) return;
    const current = dataRef.current;
    // Only what this form changed since its last report (a late report must not undo newer answers).
    const last = lastReport.current;
    const previous = last && last.step === stepId ? last.data : current;
    lastReport.current = { step: stepId, data: next };
    const merged = applyStepChanges(current, previous, next, owns);
    const resets = resetsFor(definition, current, merged);
    if (resets.some((r) => r.confirm)) {
      setPendingReset({ before: current, after: merged, resets });
      return;
    }
    const settled = applyRules(definition, applyResets(merged, resets));
    setData(settled);
  };
  const blurRef = useRef<(id: string, from: string) => void>(() => undefined);
  // rjsf reports a change after its own render commits; a widget that reports a change and its blur together
  // (a checkbox, an upload) would have the blur handled first, with the data from before. So a blur is queued
  // and handled after the commit it is rendered in — by then rjsf has reported the change it came with.
  const blurs = useRef<{ id: string; from: string }[]>([]);
  const [blurTick, setBlurTick] = useState(0);
  const stableOnBlur = useCallback((id: string, from: string) => {
    blurs.current.push({ id, from });
    setBlurTick((tick) => tick + 1);
  }, []);
  useEffect(() => {
    for (const blur of blurs.current.splice(0)) blurRef.current(blur.id, blur.from);
  }, [blurTick]);
  useLayoutEffect(() => {
    blurRef.current = handleBlur;
    changeRef.current = handleChange;
  });
  const errorSchema = useMemo(() => toErrorSchema(messages, (key, params) => t(key, params)), [messages, t]);

  // The stepper follows the committed data: recomputed on blur and step changes, or when the step list changes.
  // A step shows as complete only when every step before it is too (an empty review step is not "done" early);
  // a locked step is open once every step before it is complete (isStepOpen's rule, from the same pass).
  const activeKey = active.join(' ');
  const stepperSteps = useMemo(() => {
    const ids = activeKey.split(' ');
    const firstIncomplete = ids.findIndex((id) => !isStepComplete(committedValidators, id, committed));
    return ids.map((id, index) => {
      const definitionOf = definition.steps.find((s) => s.id === id);
      const complete = firstIncomplete < 0 || index < firstIncomplete;
      return {
        id,
        title: t(definitionOf?.title ?? id),
        complete,
        open: !definitionOf?.locked || firstIncomplete < 0 || index <= firstIncomplete,
      };
    });
  }, [activeKey, committedValidators, committed, definition, t]);

  if (!step || !isStepOpen(definition, committedValidators, step.id, committed)) {
    // Unknown, inactive or still locked step: go to the first step that needs work (or the first one). How far
    // that is depends on the answers, so every step is fetched now and the walk waits for the ones it reaches.
    const lacking = missingValidator(definition, flow.validators, data);
    if (lacking) {
      loader.all().catch(() => undefined);
      use(loader.steps([lacking]));
    }
    const target = firstIncompleteStep(definition, flow.validators, data) ?? active[0];
    return <Navigate to={`${basePath}/${target}`} replace />;
  }

  const showServerErrors = (serverMessages: FieldMessage[]) => {
    setMessages(serverMessages);
    focusPending.current = true;
    const owner = active.find((id) =>
      definition.steps
        .find((s) => s.id === id)
        ?.owns.some((o) => serverMessages.some((m) => m.pointer.startsWith(o))),
    );
    if (owner && owner !== step.id) void goTo(owner, dataRef.current);
  };

  /**
   * The data once every change already made has arrived: a widget may have changed a moment ago (an upload that
   * just finished) and rjsf reports it after its render commits, which a click can overtake. React finishes
   * pending renders before a new task, so one task later the runner holds the latest data.
   */
  const latestData = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return dataRef.current;
  };

  const goNext = async () => {
    if (pendingWork.current.size > 0) {
      setBusy(true);
      await Promise.allSettled([...pendingWork.current]);
      setBusy(false);
    }
    const current = await latestData();
    setCommitted(current);
    const errors = stepMessages(current);
    if (errors.length > 0) {
      focusPending.current = true;
      setMessages(errors);
      return;
    }
    const steps = resolveSteps(definition, current);
    const following = steps[steps.indexOf(step.id) + 1] ?? null;
    setBusy(true);
    try {
      const serverErrors = await save(current);
      if (serverErrors.length > 0) return showServerErrors(serverErrors);
      setMessages([]);
      if (following) {
        await goTo(following, current);
        return;
      }
      const end = definition.steps.find((s) => s.id === step.id)?.end;
      if (end === 'submit') {
        // Data only hidden steps own goes; the rules then put back what they require (a forced licence type).
        const finalData = applyRules(definition, dropInactiveData(definition, current));
        const result = await adapter.submit(stampDraft(definition, finalData));
        if (result?.fieldErrors)
          return showServerErrors(
            withLocalParams(fromServerFieldErrors(result.fieldErrors), allMessages(current)),
          );
        props.onEnd?.('submit', finalData);
      } else if (end === 'reach-out') props.onEnd?.('reach-out', current);
    } catch {
      setSaveFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const goBack = async () => {
    const current = await latestData();
    setCommitted(current);
    await save(current);
    setMessages([]);
    if (previous) await goTo(previous, current);
  };

  const isLast = next === null;
  const end = definition.steps.find((s) => s.id === step.id)?.end;

  const confirmReset = (confirmed: boolean) => {
    if (!pendingReset) return;
    setPendingReset(null);
    // Declined: the form still shows the new answer, so hand it the old data.
    const next = confirmed
      ? applyRules(definition, applyResets(pendingReset.after, pendingReset.resets))
      : { ...pendingReset.before };
    setData(next);
    if (confirmed) {
      setCommitted(next);
      setMessages([]);
      void save(next);
    }
  };

  return (
    <div className={classes.layout}>
      <Modal
        opened={pendingReset !== null}
        onClose={() => confirmReset(false)}
        title={t('common:wizard.resetTitle')}
        centered
      >
        <Stack>
          {pendingReset?.resets
            .filter((r) => r.confirm)
            .map((r) => (
              <Text key={r.on}>{t(r.confirm!)}</Text>
            ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => confirmReset(false)}>
              {t('common:wizard.resetCancel')}
            </Button>
            <Button color="red" onClick={() => confirmReset(true)}>
              {t('common:wizard.resetConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <div>
        <WizardStepper
          steps={stepperSteps}
          current={step.id}
          onSelect={(id) => {
            setCommitted(data);
            void save(data);
            void goTo(id, data);
          }}
        />
      </div>
      <div>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            {saveFailed && (
              <Alert color="red" variant="light" title={t('common:wizard.saveFailedTitle')}>
                {t('common:wizard.saveFailed')}
              </Alert>
            )}
            {/* The steps next to this one are already rendered, hidden (React's Activity pre-renders them at low
                priority and keeps them), so Next and Back only reveal a step. Hidden steps get the committed data,
                so a keystroke re-renders only the visible one. */}
            {neighbours.map((id) => {
              const visible = id === step.id;
              const neighbour = flow.steps[id]!;
              return (
                <Activity key={`${id}:${i18n.language}`} mode={visible ? 'visible' : 'hidden'}>
                  <div ref={visible ? formContainer : undefined}>
                    <StepForm
                      step={neighbour}
                      ui={uis[id] ?? {}}
                      data={visible ? data : committed}
                      formContext={formContext}
                      errorSchema={visible ? errorSchema : NO_ERRORS}
                      onChange={onFormChange}
                      onBlur={stableOnBlur}
                    />
                  </div>
                </Activity>
              );
            })}
            <StepActions
              back={previous !== null ? goBack : undefined}
              next={goNext}
              busy={busy}
              label={
                isLast
                  ? end === 'submit'
                    ? t('common:wizard.submit')
                    : t('common:wizard.finish')
                  : t('common:wizard.next')
              }
              backLabel={t('common:wizard.back')}
            />
          </Stack>
        </Paper>
      </div>
    </div>
  );
}

function StepActions(props: {
  back?: () => void;
  next: () => void;
  busy: boolean;
  label: ReactNode;
  backLabel: ReactNode;
}) {
  return (
    <Box pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between">
        {props.back ? (
          <Button variant="default" onClick={props.back} disabled={props.busy}>
            {props.backLabel}
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={props.next} loading={props.busy}>
          {props.label}
        </Button>
      </Group>
    </Box>
  );
}
