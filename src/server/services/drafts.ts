/**
 * One drafts service for every catalogue flow: create, read, autosave, submit — keyed by (flow, owner, scope)
 * and recording the flow version each draft was saved under. Every rule comes from the flow's version
 * (src/catalogue): its step schemas, routing, rules and resets; nothing here knows a flow by name. A flow
 * may add, as hooks: what no schema can check (registries, names others hold), what submit fills in, who may
 * open it on which subject with the facts the server knows there (`/$facts`, read by its routing, never taken
 * from a save), and what submitting does in the product (`commit`: a refusal there answers the submit and the
 * draft stays a draft; two submits racing may both commit, the second then answers 409).
 *
 * - Autosave is all or nothing: answers that break a rule, keys no step owns or declares, another account's
 *   file — any of these and the whole save answers 400 with `field_errors` and nothing is stored. Every step
 *   holding data is judged by its own schema, on the current path or not. Missing answers are fine in a draft.
 * - A draft saved under another version is carried forward when it is next read or saved (the rule:
 *   src/engine/core/drafts.ts carryForward); what was dropped is kept in `attention` until the merchant saves
 *   the step it belongs to (a field the form no longer has: until the next save).
 * - Submit checks every active step complete (optional steps excepted) and the path ending at a step with an
 *   `end`, drops what only hidden steps own, and records that `end` as the draft's outcome.
 */
import {
  answerProblems,
  carryForward,
  missingErrors,
  dropInapplicable,
  firstIncompleteStep,
  isStepComplete,
  ownData,
  unownedPointers,
  withoutPointers,
} from '../../engine/core/drafts';
import { toFieldErrors, toFieldMessages, type FieldMessage } from '../../engine/core/messages';
import { changedPointers, getAt, isWithin, removeAt, setAt } from '../../engine/core/pointer';
import { applyResets, applyRules, resetsFor } from '../../engine/core/rules';
import { filePointers } from '../../engine/core/schemaWalk';
import { dropInactiveData, resolveSteps, withOwnedParents } from '../../engine/core/steps';
import { FACTS_KEY, type FormData, type Scalar } from '../../engine/core/types';
import type { FlowSource } from '../../catalogue/serverFlowSource';
import { flowRuntime, type FlowRuntime } from '../../catalogue/runtime';
import type { DraftView } from '../../engine/core/drafts';
import { HttpError, notFound } from '../errors';
import type { Clock } from '../clock';
import type { DraftRepository, DraftRow } from '../repositories/drafts';
import type { FileRepository } from '../repositories/files';
import { fileIdOf } from './files';
import type { FormEventSink } from './formEvents';
import { REFUSED_FIELDS_LIMIT, fieldOf, type CallerMeta, type FormEventKind } from '../../domain/formEvents';

export type { DraftView };

export interface FlowHooks {
  /**
   * Checks no schema can make, run on every save (for the pointers being saved) and at submit (for all).
   * @returns - problems by pointer (none: an empty list)
   */
  lookups?(input: {
    ownerId: string;
    data: FormData;
    saved: (pointer: string) => boolean;
  }): Promise<FieldMessage[]>;
  /** The data as it is stored at submit (a default filled in from another answer, say). */
  beforeSubmit?(data: FormData): FormData;
  /**
   * Opening the flow on a subject (`scope`: an application, an offer): throws when the owner may not (404,
   * 403), and says what the server knows there — `facts`, stored under `/$facts` and refreshed at every start,
   * which the flow's context may read; `initial` answers for a new draft; and `key`, what the draft is stored
   * under when one subject may have several drafts over time (a second fix of an application reset again).
   */
  open?(input: { ownerId: string; scope: string }): Promise<{
    key?: string;
    facts?: Record<string, Scalar>;
    initial?: FormData;
  }>;
  /**
   * What submitting does in the product (join the waitlist, send a fix), once every check of the draft passed;
   * what it throws answers the submit and the draft stays a draft. Gets the data as it will be stored, facts
   * included.
   */
  commit?(input: { ownerId: string; data: FormData }): Promise<void>;
  /**
   * The merchant moved on from a complete step (the save of its main button, `advance`; every rule of the step
   * holds): what the product does with its answers now — a wizard whose state lives elsewhere (capital's KYB:
   * change the application, send the signatory's code, check it). Autosaves never call it, so nothing happens
   * behind a merchant still typing. What it throws answers the save (a 400 with field errors, say) and nothing
   * is stored; the facts it answers are stored with the draft. Gets the data as it will be stored, facts
   * included. Pressing the button again calls it again: a hook is idempotent (a code already sent to the number
   * is not sent again).
   */
  stepCompleted?(input: {
    ownerId: string;
    stepId: string;
    data: FormData;
  }): Promise<{ facts?: Record<string, Scalar> } | void>;
  /**
   * Named things a widget may ask for while the draft is open (`resend-otp`: send the code again), by
   * `POST …/drafts/{id}/actions/{name}`; what one throws answers the call (a 429, say).
   */
  actions?: Record<string, (input: { ownerId: string; data: FormData }) => Promise<Record<string, unknown>>>;
}

export interface DraftsDeps {
  drafts: DraftRepository;
  files: Pick<FileRepository, 'file' | 'colleaguesOf'>;
  flows: FlowSource;
  clock: Clock;
  hooks?: Record<string, FlowHooks>;
  /** Where the form events of the calls go (issue 61); none: not recorded. */
  events?: FormEventSink;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function createDraftsService(deps: DraftsDeps) {
  const context = draftsContext(deps);
  return {
    ...openCalls(context),
    ...answerCalls(context),
  };
}

/** What the calls share: a flow's current version, the caller's draft found, answers checked against the step's validators, the hooks. */
function draftsContext(deps: DraftsDeps) {
  const { drafts, files, flows, clock } = deps;
  const hooksOf = (flowId: string): FlowHooks => deps.hooks?.[flowId] ?? {};

  /** The version a flow is served at now — to a subject (the owner), a staged rollout's when its share holds them. */
  async function current(flowId: string, subject?: string): Promise<FlowRuntime> {
    const version = await flows.current(flowId, subject);
    if (!version) throw notFound('flow not found');
    return flowRuntime(version);
  }

  /**
   * The version a draft in flight is answered on: while a staged rollout is under way, a draft begun on either of
   * its two versions keeps it (issue 61: a merchant's draft does not change form under them as ops widen the
   * share); otherwise the version served to its owner (the current one, carried forward as after a publish).
   */
  async function liveOf(row: DraftRow): Promise<FlowRuntime> {
    const rollout = await flows.rollout?.(row.flow);
    if (rollout && row.status === 'draft') {
      const live = row.version === rollout.version.id || row.version === (await flows.current(row.flow))?.id;
      if (live) return runtimeOf(row);
    }
    return current(row.flow, row.ownerId);
  }

  /** The runtime a draft is shown with: its own version while the source still has it, else the current one. */
  async function runtimeOf(row: DraftRow): Promise<FlowRuntime> {
    const version = (await flows.get(row.flow, row.version)) ?? (await flows.current(row.flow));
    if (!version) throw notFound('flow not found');
    return flowRuntime(version);
  }

  function view(row: DraftRow, runtime: FlowRuntime): DraftView {
    const { definition, validators } = runtime;
    const steps = resolveSteps(definition, row.data);
    return {
      id: row.id,
      flow: row.flow,
      scope: row.scope,
      version: row.version,
      status: row.status as DraftView['status'],
      data: row.data,
      steps,
      first_incomplete_step:
        row.status === 'draft' ? firstIncompleteStep(definition, validators, row.data, steps) : null,
      outcome: (row.outcome as DraftView['outcome']) ?? null,
      attention: row.attention,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      submitted_at: row.submittedAt?.toISOString() ?? null,
    };
  }

  /** The owner's draft (another owner's, or another flow's, is "not found": its existence is not ours to tell). */
  async function own(flowId: string, ownerId: string, draftId: string): Promise<DraftRow> {
    const row = await drafts.byId(draftId);
    if (!row || row.ownerId !== ownerId || row.flow !== flowId) throw notFound('draft not found');
    return row;
  }

  /** A draft of another version carried into the current one (and stored so); others as they are. */
  async function upToDate(row: DraftRow, runtime: FlowRuntime): Promise<DraftRow> {
    if (row.status !== 'draft' || row.version === runtime.version.id) return row;
    const { data, dropped } = carryForward(runtime.definition, runtime.checks, row.data);
    return drafts.update(
      row.id,
      {
        data: applyRules(runtime.definition, data),
        version: runtime.version.id,
        attention: [...row.attention, ...dropped],
      },
      clock.now(),
    );
  }

  /** Files in the data of some steps that the owner (or its merchants' users) did not upload. */
  async function foreignFiles(
    ownerId: string,
    runtime: FlowRuntime,
    data: FormData,
    steps: readonly string[],
  ) {
    const found: FieldMessage[] = [];
    let allowed: string[] | undefined;
    for (const id of steps) {
      const step = runtime.steps[id]!;
      if (!step.holdsFiles) continue;
      const own = ownData(data, step.definition.owns);
      if (Object.keys(own).length === 0) continue;
      for (const pointer of filePointers(step.schema, own, step.resolve)) {
        const fileId = fileIdOf(String(getAt(data, pointer)));
        const file = fileId ? await files.file(fileId) : undefined;
        allowed ??= await files.colleaguesOf(ownerId);
        if (!file || !allowed.includes(file.accountId))
          found.push({ pointer, key: 'validation:error.fileNotFound', params: {} });
      }
    }
    return found;
  }

  /**
   * Every problem of the answers (see module comment), by pointer: of the whole data, or with `received` of the
   * steps one save was about.
   */
  async function problemsOf(
    ownerId: string,
    runtime: FlowRuntime,
    data: FormData,
    received?: readonly string[],
  ) {
    const steps = received ?? runtime.definition.steps.map((s) => s.id);
    const owns = steps.flatMap((id) => runtime.steps[id]!.definition.owns);
    const saved = (pointer: string) => owns.some((o) => isWithin(pointer, o) || isWithin(o, pointer));
    return [
      ...answerProblems(runtime.definition, runtime.checks, data, received),
      ...(await foreignFiles(ownerId, runtime, data, steps)),
      ...((await hooksOf(runtime.definition.flow).lookups?.({ ownerId, data, saved })) ?? []),
    ];
  }

  /**
   * Records a call's form events (domain/formEvents.ts) for a draft: a refusal names its fields (list positions as
   * `*`) and the rules they broke, at most REFUSED_FIELDS_LIMIT of them, each under the step that owns it.
   */
  async function recordEvents(
    runtime: FlowRuntime,
    draftId: string,
    events: { kind: FormEventKind; step: string | null; problem?: FieldMessage }[],
    meta: CallerMeta | undefined,
  ) {
    if (!deps.events || events.length === 0) return;
    const { definition } = runtime;
    const owner = (pointer: string) =>
      definition.steps.find((s) => s.owns.some((o) => isWithin(pointer, o)))?.id ?? null;
    await deps.events.record(
      events.map(({ kind, step, problem }) => ({
        flow: definition.flow,
        version: runtime.version.id,
        draft: draftId,
        kind,
        step: step ?? (problem ? owner(problem.pointer) : null),
        field: problem ? fieldOf(problem.pointer) : null,
        rule: problem?.key ?? null,
      })),
      meta,
    );
  }

  /** A refusal's events: one per field at fault (at most REFUSED_FIELDS_LIMIT). */
  const refusal = (kind: 'save_refused' | 'submit_refused', problems: FieldMessage[], step?: string) =>
    problems.slice(0, REFUSED_FIELDS_LIMIT).map((problem) => ({ kind, step: step ?? null, problem }));

  return {
    deps,
    drafts,
    files,
    flows,
    clock,
    hooksOf,
    recordEvents,
    refusal,
    current,
    runtimeOf,
    view,
    own,
    upToDate,
    liveOf,
    foreignFiles,
    problemsOf,
  };
}
type DraftsContext = ReturnType<typeof draftsContext>;

/** A draft opened: the flow's current version, started (with what the server knows), found, read. */
function openCalls(context: DraftsContext) {
  const { drafts, clock, hooksOf, current, liveOf, runtimeOf, view, own, upToDate, recordEvents } = context;
  return {
    /** The runtime of a flow's current version (404 for an unknown flow). */
    current,

    /**
     * Starts the owner's draft of a flow, or returns the one it has (`created` tells which).
     * @param initial - answers the server knows already (a name from the account); checked like a save
     */
    async create(
      flowId: string,
      ownerId: string,
      options: { scope?: string; initial?: FormData; id?: string; meta?: CallerMeta } = {},
    ) {
      let runtime = await current(flowId, ownerId);
      const opened = (await hooksOf(flowId).open?.({ ownerId, scope: options.scope ?? '' })) ?? {};
      let scope = opened.key ?? options.scope ?? '';
      // A form that may be sent again (flow.json `submitted.again`): its entry opens the one under way, else —
      // once the first was sent — a new one (issue 56). A form sent once keeps opening what was sent.
      if (runtime.definition.submitted?.again && opened.key === undefined && options.scope === undefined) {
        const open = await drafts.openOf(flowId, ownerId);
        if (open) scope = open.scope;
        else if (((await drafts.byOwner(flowId, ownerId, ''))?.status ?? 'draft') !== 'draft')
          scope = `again-${(await drafts.countOf(flowId, ownerId)) + 1}`;
      }
      const facts = opened.facts ? { [FACTS_KEY]: opened.facts } : {};
      const existing = await drafts.byOwner(flowId, ownerId, scope);
      if (existing) {
        runtime = await liveOf(existing);
        let row = await upToDate(existing, runtime);
        // The facts as they are now (an offer's tags may have changed since the draft began).
        if (opened.facts && row.status === 'draft' && !sameJson(row.data[FACTS_KEY], opened.facts))
          row = await drafts.update(row.id, { data: { ...row.data, ...facts } }, clock.now());
        return { created: false, draft: view(row, runtime) };
      }
      // What the server fills in is judged like a save; a value the form would refuse is left for the merchant.
      let data = applyRules(runtime.definition, { ...options.initial, ...opened.initial, ...facts });
      const problems = answerProblems(runtime.definition, runtime.checks, data);
      data = withoutPointers(
        data,
        problems.map((p) => p.pointer),
      );
      const { row, created } = await drafts.insert(
        { id: options.id, flow: flowId, ownerId, scope, version: runtime.version.id, data },
        clock.now(),
      );
      if (created)
        await recordEvents(
          runtime,
          row.id,
          [{ kind: 'started', step: resolveSteps(runtime.definition, row.data)[0] ?? null }],
          options.meta,
        );
      return { created, draft: view(await upToDate(row, runtime), runtime) };
    },

    /** The owner's draft of a flow in some scope, if any (not carried forward: read it with `get`). */
    async find(flowId: string, ownerId: string, scope = '') {
      return drafts.byOwner(flowId, ownerId, scope);
    },

    /**
     * The draft a page reports form events on, and its version's runtime (the version it is shown with): by id,
     * or without one the owner's draft of the flow under way (onboarding's page knows its application, not its draft).
     */
    async reportTarget(flowId: string, ownerId: string, draftId?: string) {
      const row =
        draftId !== undefined
          ? await own(flowId, ownerId, draftId)
          : ((await drafts.openOf(flowId, ownerId)) ?? (await drafts.byOwner(flowId, ownerId, '')));
      if (!row) throw notFound('draft not found');
      return { draftId: row.id, runtime: await runtimeOf(row) };
    },

    async get(flowId: string, ownerId: string, draftId: string): Promise<DraftView> {
      const row = await own(flowId, ownerId, draftId);
      if (row.status !== 'draft') return view(row, await runtimeOf(row));
      const runtime = await liveOf(row);
      return view(await upToDate(row, runtime), runtime);
    },
  };
}

/** A draft answered: a step saved, a named action run, the whole submitted. */
function answerCalls(context: DraftsContext) {
  const { drafts, clock, hooksOf, liveOf, view, own, upToDate, problemsOf, recordEvents, refusal } = context;
  return {
    /**
     * Autosave. With `step`, the body is that step's answers: exactly the data it owns is replaced, and the
     * flow's resets clear what depended on a changed answer. Without, the body is every answer (the spec's
     * onboarding PUT). Either way all or nothing (module comment).
     */
    async save(
      flowId: string,
      ownerId: string,
      draftId: string,
      body: FormData,
      step?: string,
      options: {
        /** The merchant pressed the step's main button (Next, Submit): a complete step's hook runs. */
        advance?: boolean;
        /** The step on screen, when the body is every answer (onboarding's PUT): what `advance` moves on from. */
        from?: string;
        meta?: CallerMeta;
      } = {},
    ): Promise<DraftView> {
      let row = await own(flowId, ownerId, draftId);
      if (row.status !== 'draft') throw new HttpError(409, 'draft already submitted');
      const runtime = await liveOf(row);
      const { definition } = runtime;
      row = await upToDate(row, runtime);
      let next: FormData;
      let received: string[] | undefined;
      if (step !== undefined) {
        const stepDefinition = definition.steps.find((s) => s.id === step);
        if (!stepDefinition) throw notFound('step not found');
        const outside = unownedPointers(stepDefinition.owns, body);
        if (outside.length > 0) throw new HttpError(400, 'bad_request', toFieldErrors(outside));
        next = stepDefinition.owns.reduce<FormData>((acc, pointer) => {
          const value = getAt(body, pointer);
          return value === undefined ? removeAt(acc, pointer, false) : setAt(acc, pointer, value);
        }, row.data);
        next = applyResets(next, resetsFor(definition, row.data, next));
        received = [step];
      } else {
        // The whole answers (onboarding's PUT): the facts stay the server's.
        const { [FACTS_KEY]: _sent, ...answers } = body;
        next = row.data[FACTS_KEY] === undefined ? answers : { ...answers, [FACTS_KEY]: row.data[FACTS_KEY] };
      }
      next = applyRules(definition, next);
      // Answers of fields that no longer apply (the other branch of an `if` was chosen) are not kept.
      next = dropInapplicable(runtime.checks, next, received ?? resolveSteps(definition, next));
      const problems = await problemsOf(ownerId, runtime, next, received);
      if (problems.length > 0) {
        await recordEvents(runtime, row.id, refusal('save_refused', problems, step), options.meta);
        throw new HttpError(400, 'bad_request', toFieldErrors(problems));
      }
      const before = row.data;
      const onCompleted = hooksOf(flowId).stepCompleted;
      if (
        onCompleted &&
        step !== undefined &&
        options.advance === true &&
        isStepComplete(runtime.validators, step, next)
      ) {
        const result = await onCompleted({ ownerId, stepId: step, data: next });
        if (result?.facts) {
          const facts = (next[FACTS_KEY] ?? {}) as Record<string, Scalar>;
          next = { ...next, [FACTS_KEY]: { ...facts, ...result.facts } };
        }
      }
      const owns = (received ?? definition.steps.map((s) => s.id)).flatMap(
        (id) => runtime.steps[id]!.definition.owns,
      );
      // A field to check is done with once its step is saved; one the form no longer has, once the merchant has
      // saved anything since being told (the wizard lists both when the draft opens).
      const allOwned = definition.steps.flatMap((s) => s.owns);
      const attention = row.attention.filter(
        (m) => allOwned.some((o) => isWithin(m.pointer, o)) && !owns.some((o) => isWithin(m.pointer, o)),
      );
      const updated = await drafts.update(
        row.id,
        { data: next, version: runtime.version.id, attention },
        clock.now(),
      );
      const completed = completedSteps(runtime, before, next, step ?? options.from, options.advance === true);
      await recordEvents(
        runtime,
        row.id,
        completed.map((id) => ({ kind: 'step_completed' as const, step: id })),
        options.meta,
      );
      return view(updated, runtime);
    },

    /** A named action of the flow's hooks on an open draft (`resend-otp`); 404 for a name the flow has not. */
    async act(flowId: string, ownerId: string, draftId: string, action: string) {
      const run = hooksOf(flowId).actions?.[action];
      if (!run || !Object.hasOwn(hooksOf(flowId).actions ?? {}, action)) throw notFound('action not found');
      const row = await own(flowId, ownerId, draftId);
      if (row.status !== 'draft') throw new HttpError(409, 'draft already submitted');
      return run({ ownerId, data: row.data });
    },

    /** Submits a complete draft (module comment); 422 with what is missing and the step to go to, otherwise. */
    async submit(
      flowId: string,
      ownerId: string,
      draftId: string,
      options: { meta?: CallerMeta } = {},
    ): Promise<DraftView> {
      let row = await own(flowId, ownerId, draftId);
      if (row.status !== 'draft') throw new HttpError(409, 'draft already submitted');
      const runtime = await liveOf(row);
      const { definition, validators } = runtime;
      row = await upToDate(row, runtime);
      const data = applyRules(definition, row.data);
      const active = resolveSteps(definition, data);
      // What only hidden steps own goes (the rules put back what they require); the rest must be complete and sound.
      let final = applyRules(definition, dropInactiveData(definition, data));
      final = dropInapplicable(runtime.checks, final, active);
      const missing: FieldMessage[] = [];
      for (const id of active) {
        const step = runtime.steps[id]!.definition;
        if (step.optional) continue;
        const errors = missingErrors(validators[id]!(withOwnedParents(final, step.owns)).errors);
        missing.push(...toFieldMessages(errors));
      }
      const problems = [...missing, ...(await problemsOf(ownerId, runtime, final))];
      const last = definition.steps.find((s) => s.id === active.at(-1));
      if (problems.length > 0 || !last?.end) {
        await recordEvents(runtime, row.id, refusal('submit_refused', problems), options.meta);
        throw new HttpError(422, 'incomplete', toFieldErrors(problems), {
          step: firstIncompleteStep(definition, validators, data, active) ?? active.at(-1) ?? null,
        });
      }
      final = hooksOf(flowId).beforeSubmit?.(final) ?? final;
      await hooksOf(flowId).commit?.({ ownerId, data: final });
      const submitted = await drafts.submit(
        row.id,
        { data: final, version: runtime.version.id, outcome: last.end },
        clock.now(),
      );
      if (!submitted) throw new HttpError(409, 'draft already submitted');
      await recordEvents(runtime, row.id, [{ kind: 'submitted', step: null }], options.meta);
      return view(submitted, runtime);
    },
  };
}

/**
 * The steps a save completed (form events): those whose answers it changed and that it made complete, and the step
 * the merchant moved on from (`advance`) when it is complete — so a step with nothing required counts too.
 */
function completedSteps(
  runtime: FlowRuntime,
  before: FormData,
  after: FormData,
  onScreen: string | undefined,
  advance: boolean,
): string[] {
  const { definition, validators } = runtime;
  const changed = changedPointers(before, after);
  const done = new Set<string>();
  for (const id of resolveSteps(definition, after)) {
    const step = runtime.steps[id]!.definition;
    const touched = changed.some((p) => step.owns.some((o) => isWithin(p, o) || isWithin(o, p)));
    if (touched && isStepComplete(validators, id, after) && !isStepComplete(validators, id, before))
      done.add(id);
  }
  if (
    advance &&
    onScreen !== undefined &&
    validators[onScreen] &&
    isStepComplete(validators, onScreen, after)
  )
    done.add(onScreen);
  return [...done];
}

export type DraftsService = ReturnType<typeof createDraftsService>;
