/**
 * What every room of the studio shares (index.ts lists the rooms): its dependencies, the published and working
 * versions found, content checked, the impact of a change replayed over stored drafts, and the one way a flow's
 * current version moves (publish, roll back).
 */
import { classifyChange, type Classification } from '../../../catalogue/classify';
import { type CompiledVersion } from '../../../catalogue/compile';
import { buildContent, contentFiles } from '../../../catalogue/content';
import { judgeOffThread, patternsIn } from '../../../catalogue/checks/guards';
import { flowRuntime } from '../../../catalogue/runtime';
import type { FlowVersion, FlowVersionContent } from '../../../catalogue/version';
import { carryForward } from '../../../engine/core/drafts';
import { stepExamples } from '../../../engine/core/examples';
import { isObject } from '../../../engine/core/json';
import { toFieldMessages } from '../../../engine/core/messages';
import { MAX_DEPTH, depthOf } from '../../../catalogue/checks/guards';
import { HttpError, notFound } from '../../errors';
import type { Clock } from '../../clock';
import type { FlowVersionRepository } from '../../repositories/flowVersions';
import { type DatabaseFlowSource } from '../flowStore';
import type { Impact, Review } from '../../../contract/studio';

/** The biggest working copy taken, in characters of JSON (onboarding, the largest flow, is some 80,000). */
export const MAX_CONTENT_CHARS = 2_000_000;
/** Previews compiled and kept per process (a preview is compiled once per distinct content). */
export const KEPT_PREVIEWS = 16;
/** How long a preview's compiled files stay in the database for other instances (an ops session's length). */
export const PREVIEW_KEPT_MS = 24 * 60 * 60_000;
/** How many affected drafts and failing examples a review lists by name (the counts are always whole). */
const LISTED = 50;

export type { Impact, Review };

/** The content of a working copy as sent: a flow version's content, checked for shape before anything reads it. */
export function contentShapeProblem(flowId: string, content: unknown): string | null {
  if (!isObject(content)) return 'content must be an object';
  const { flow, steps, shared, texts } = content;
  if (!isObject(flow) || flow.flow !== flowId) return `content.flow must be the flow file of "${flowId}"`;
  if (!Array.isArray(flow.steps)) return 'content.flow.steps must be a list';
  if (!isObject(steps)) return 'content.steps must be an object';
  for (const [id, step] of Object.entries(steps))
    if (
      !isObject(step) ||
      typeof step.file !== 'string' ||
      step.file !== `${flowId}/steps/${id}.schema.json` ||
      !isObject(step.schema) ||
      !isObject(step.ui)
    )
      return `content.steps.${id} must be { file: "${flowId}/steps/${id}.schema.json", schema, ui }`;
  if (!isObject(shared)) return 'content.shared must be an object';
  for (const file of Object.keys(shared))
    if (!/^_defs\/[a-z0-9-]+\.schema\.json$/.test(file))
      return `content.shared may hold _defs/<name>.schema.json files only, not "${file}"`;
  if (!isObject(texts)) return 'content.texts must be an object';
  for (const [language, bundle] of Object.entries(texts)) {
    if (!isObject(bundle)) return `content.texts.${language} must be an object`;
    for (const [key, text] of Object.entries(bundle))
      if (typeof text !== 'string' || !/^[a-z][a-zA-Z0-9-]*:[^\s]+$/.test(key))
        return `content.texts.${language}["${key}"] must be a text under a "namespace:path" key`;
  }
  const chars = JSON.stringify(content).length;
  if (chars > MAX_CONTENT_CHARS)
    return `content is ${chars} characters of JSON; at most ${MAX_CONTENT_CHARS}`;
  if (depthOf(content, MAX_DEPTH + 4) > MAX_DEPTH + 4) return `content nests deeper than ${MAX_DEPTH} levels`;
  return null;
}

/** A breaking change goes ahead only with a confirmation naming the count of drafts it affects. */
export function confirmed(input: {
  classification: Classification;
  confirmAffected?: number;
  impact: Impact | null;
}) {
  if (input.classification === 'breaking' && input.confirmAffected !== input.impact!.affected_drafts)
    throw new HttpError(409, 'a breaking change needs a confirmation naming the affected drafts', undefined, {
      reason: 'confirmation_needed',
      affected_drafts: input.impact!.affected_drafts,
    });
}

export interface StudioDeps {
  repository: FlowVersionRepository;
  source: DatabaseFlowSource;
  /** The catalogue format's meta-schemas (`_meta/…`), from the running code's schemas/. */
  meta: Record<string, unknown>;
  clock: Clock;
}

export function studioContext(deps: StudioDeps) {
  const { repository, source, meta, clock } = deps;
  const previews = new Map<string, Promise<CompiledVersion>>();

  async function currentOf(flowId: string): Promise<FlowVersion> {
    const version = await source.current(flowId);
    if (!version) throw notFound('flow not found');
    return version;
  }

  async function versionOf(flowId: string, id: string): Promise<FlowVersion> {
    const version = await source.get(flowId, id);
    if (!version) throw notFound('version not found');
    return version;
  }

  /** The user's working copy, or the current version's content when they have none. */
  async function workingCopy(accountId: string, flowId: string) {
    const current = await currentOf(flowId);
    const row = await repository.workingCopy(accountId, flowId);
    return {
      flow: flowId,
      current_version: current.id,
      base_version: row?.baseVersion ?? current.id,
      content: (row?.content as FlowVersionContent | undefined) ?? current.content,
      saved: row !== undefined,
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  }

  /**
   * The content through the catalogue's checks. Its new patterns are judged on a worker thread first
   * (judgeOffThread): the checks are synchronous, and one crafted pattern could otherwise hold the server's
   * thread — every merchant's request — for a minute.
   */
  async function checkedContent(content: FlowVersionContent) {
    await judgeOffThread(patternsIn(contentFiles(content)));
    return buildContent(content, meta);
  }

  /** What a breaking change does to the drafts in flight and to QA's examples. */
  async function replay(before: FlowVersion, after: FlowVersion): Promise<Impact> {
    const runtime = flowRuntime(after);
    const old = flowRuntime(before);
    const rows = await repository.draftsInFlight(before.flow);
    const fields = new Map<string, { drafts: number; key: string }>();
    let affected = 0;
    for (const row of rows) {
      const { dropped } = carryForward(runtime.definition, runtime.checks, row.data);
      if (dropped.length === 0) continue;
      affected += 1;
      for (const pointer of new Set(dropped.map((d) => d.pointer))) {
        const entry = fields.get(pointer) ?? {
          drafts: 0,
          key: dropped.find((d) => d.pointer === pointer)!.key,
        };
        entry.drafts += 1;
        fields.set(pointer, entry);
      }
    }
    const failing: Impact['failing_examples'] = [];
    for (const [id, step] of Object.entries(old.steps)) {
      const now = runtime.steps[id];
      if (!now) continue;
      const { valid } = stepExamples(step.schema, step.resolve, (data) => step.validate(data).errors);
      for (const problem of toFieldMessages(now.validate(valid).errors))
        failing.push({ step: id, pointer: problem.pointer, key: problem.key });
    }
    return {
      drafts_in_flight: rows.length,
      affected_drafts: affected,
      fields: [...fields]
        .map(([pointer, f]) => ({ pointer, ...f }))
        .sort((a, b) => b.drafts - a.drafts || a.pointer.localeCompare(b.pointer))
        .slice(0, LISTED),
      failing_examples: failing.slice(0, LISTED),
    };
  }

  async function reviewOf(
    flowId: string,
    content: FlowVersionContent,
    baseVersion: string,
  ): Promise<Review & { built?: FlowVersion }> {
    const current = await currentOf(flowId);
    const built = await checkedContent(content);
    const base = {
      flow: flowId,
      base_version: baseVersion,
      current_version: current.id,
      problems: built.problems,
    };
    if (!built.version) return { ...base, version: null, classification: 'none', changes: [], impact: null };
    const { classification, changes } = classifyChange(current.content, built.version.content);
    const impact = classification === 'breaking' ? await replay(current, built.version) : null;
    return { ...base, version: built.version.id, classification, changes, impact, built: built.version };
  }

  /** Moves a flow's pointer after the review rules (publish and rollback share them). */
  async function move(input: {
    accountId: string;
    flowId: string;
    to: FlowVersion;
    action: 'publish' | 'import' | 'rollback' | 'promote';
    note: string | null;
    /** A rollout finished: its share (100). */
    share?: number;
    confirmAffected?: number;
    expected: string;
    classification: Classification;
    impact: Impact | null;
  }) {
    confirmed(input);
    const moved = await repository.move({
      flow: input.flowId,
      to: input.to.id,
      expected: input.expected,
      setBy: 'studio',
      audit: {
        action: input.action,
        actorId: input.accountId,
        classification: input.classification,
        affectedDrafts: input.impact?.affected_drafts ?? null,
        share: input.share ?? null,
        note: input.note,
      },
      now: clock.now(),
    });
    if (!moved)
      throw new HttpError(409, 'the flow was published meanwhile; review again', undefined, {
        reason: 'moved_meanwhile',
      });
    source.pointersMoved();
  }

  return {
    deps,
    repository,
    source,
    meta,
    clock,
    previews,
    currentOf,
    versionOf,
    workingCopy,
    checkedContent,
    replay,
    reviewOf,
    move,
  };
}

export type StudioContext = ReturnType<typeof studioContext>;
