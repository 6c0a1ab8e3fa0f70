/**
 * The form studio (issue 17, docs/studio.md): product ops change a flow in the running product.
 *
 * - A **working copy** per ops user and flow holds their edits (a version's content) until they publish or
 *   discard it; it survives reloads and is checked with every catalogue check as they type (`check`).
 * - **Preview** compiles the working copy exactly as a publish would and serves its files to ops alone, so the
 *   preview runs the validators that would be published.
 * - **Review** classifies the change against the current version (src/catalogue/classify.ts) and, when it is
 *   breaking, replays every draft in flight and QA's valid examples through the new validators: how many drafts
 *   lose or fail which fields.
 * - **Publish** = check → compile → store → move the pointer, in that order, refused while the content has
 *   problems, and for a breaking change without a confirmation naming the count of affected drafts. **Rollback**
 *   moves the pointer back to an earlier version, with the same review. Both are in the audit log.
 */
import { classifyChange, type Classification } from '../../catalogue/classify';
import { compileVersion, type CompiledVersion } from '../../catalogue/compile';
import { buildContent, contentFiles, contentLocales } from '../../catalogue/content';
import { judgeOffThread, patternsIn } from '../../catalogue/checks/guards';
import { flowRuntime } from '../../catalogue/runtime';
import type { FlowVersion, FlowVersionContent } from '../../catalogue/version';
import { carryForward } from '../../engine/core/drafts';
import { stepExamples } from '../../engine/core/examples';
import { isObject } from '../../engine/core/json';
import { toFieldMessages } from '../../engine/core/messages';
import { MAX_DEPTH, depthOf } from '../../catalogue/checks/guards';
import { HttpError, notFound } from '../errors';
import type { Clock } from '../clock';
import type { FlowVersionRepository } from '../repositories/flowVersions';
import { toStored, type DatabaseFlowSource } from './flowStore';
import type {
  AuditPage,
  DiffAnswer,
  Impact,
  Review,
  RollbackReview,
  StudioFlow,
  VersionEntry,
} from '../../contract/studio';

/** The biggest working copy taken, in characters of JSON (onboarding, the largest flow, is some 80,000). */
export const MAX_CONTENT_CHARS = 2_000_000;
/** Previews compiled and kept per process (a preview is compiled once per distinct content). */
const KEPT_PREVIEWS = 16;
/** How long a preview's compiled files stay in the database for other instances (an ops session's length). */
const PREVIEW_KEPT_MS = 24 * 60 * 60_000;
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

export function createStudioService(deps: {
  repository: FlowVersionRepository;
  source: DatabaseFlowSource;
  /** The catalogue format's meta-schemas (`_meta/…`), from the running code's schemas/. */
  meta: Record<string, unknown>;
  clock: Clock;
}) {
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
    action: 'publish' | 'import' | 'rollback';
    note: string | null;
    confirmAffected?: number;
    expected: string;
    classification: Classification;
    impact: Impact | null;
  }) {
    if (input.classification === 'breaking' && input.confirmAffected !== input.impact!.affected_drafts)
      throw new HttpError(
        409,
        'a breaking change needs a confirmation naming the affected drafts',
        undefined,
        {
          reason: 'confirmation_needed',
          affected_drafts: input.impact!.affected_drafts,
        },
      );
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
    /** Every flow: its current version, when it moved last, and whether the user has unpublished edits. */
    async flows(accountId: string): Promise<StudioFlow[]> {
      const pointers = await repository.pointers();
      const copies = await repository.workingCopies(accountId);
      return Promise.all(
        pointers.map(async (p) => {
          const version = await source.get(p.flow, p.versionId);
          const copy = copies.find((c) => c.flow === p.flow);
          return {
            flow: p.flow,
            title: version?.content.flow.title ?? null,
            current_version: p.versionId,
            steps: version?.content.flow.steps.length ?? 0,
            updated_at: p.updatedAt.toISOString(),
            set_by: p.setBy,
            editing: copy
              ? { base_version: copy.baseVersion, updated_at: copy.updatedAt.toISOString() }
              : null,
            texts: version?.content.texts ?? {},
          };
        }),
      );
    },

    async versions(flowId: string): Promise<VersionEntry[]> {
      const current = await currentOf(flowId);
      const rows = await repository.list(flowId);
      const names = await repository.names(rows.flatMap((r) => (r.authorId ? [r.authorId] : [])));
      return rows.map((r) => ({
        id: r.id,
        current: r.id === current.id,
        origin: r.origin,
        author: r.authorId ? (names[r.authorId] ?? r.authorId) : null,
        note: r.note,
        classification: r.classification,
        created_at: r.createdAt.toISOString(),
      }));
    },

    async version(flowId: string, id: string) {
      const version = await versionOf(flowId, id);
      return { id: version.id, flow: version.flow, content: version.content };
    },

    workingCopy,

    /** Stores the user's edits and says what the checks find in them (the lint as they type). */
    async saveWorkingCopy(
      accountId: string,
      flowId: string,
      input: { base_version: string; content: unknown },
    ) {
      await versionOf(flowId, input.base_version);
      const problem = contentShapeProblem(flowId, input.content);
      if (problem) throw new HttpError(400, problem);
      const content = input.content as FlowVersionContent;
      await repository.saveWorkingCopy(
        { accountId, flow: flowId, baseVersion: input.base_version, content },
        clock.now(),
      );
      const review = await reviewOf(flowId, content, input.base_version);
      const { built: _built, ...answer } = review;
      return answer;
    },

    async discardWorkingCopy(accountId: string, flowId: string) {
      await currentOf(flowId);
      await repository.discardWorkingCopy(accountId, flowId);
    },

    /** The working copy reviewed: problems, classification, and the replay when breaking. */
    async review(accountId: string, flowId: string): Promise<Review> {
      const copy = await workingCopy(accountId, flowId);
      const { built: _built, ...review } = await reviewOf(flowId, copy.content, copy.base_version);
      return review;
    },

    /**
     * The working copy compiled as a publish would compile it, for the preview: its version id and manifest
     * address (below the studio's preview path, for ops only). Refused while the content has problems.
     */
    async preview(accountId: string, flowId: string) {
      const copy = await workingCopy(accountId, flowId);
      const built = await checkedContent(copy.content);
      if (!built.version)
        throw new HttpError(400, 'the working copy has problems; fix them to preview', undefined, {
          problems: built.problems,
        });
      const id = built.version.id;
      let promise = previews.get(id);
      if (!promise) {
        promise = (async () => {
          const made = (await source.compiled(id)) ?? (await compileVersion(built.version!));
          // Kept for every instance: the browser's next requests may reach another one.
          const now = clock.now();
          await repository.storePreview(id, toStored(made), now, new Date(now.getTime() - PREVIEW_KEPT_MS));
          return made;
        })();
        promise.catch(() => previews.delete(id));
        if (previews.size >= KEPT_PREVIEWS) previews.delete(previews.keys().next().value!);
        previews.set(id, promise);
      }
      const compiled = await promise;
      return {
        flow: flowId,
        version: id,
        manifest: `/merchant/api/v1/studio/preview/${id}/${compiled.manifestFile}`,
      };
    },

    /** A file of a compiled preview, whichever instance compiled it (undefined for no such preview or file). */
    async previewFile(id: string, file: string) {
      const here = previews.get(id);
      if (here) return (await here).files.get(file);
      const files = (await repository.preview(id))?.files;
      // Its own files only (a name like `constructor` is no file of it).
      return files && Object.hasOwn(files, file) ? files[file] : undefined;
    },

    async publish(
      accountId: string,
      flowId: string,
      input: { note?: string; confirm_affected_drafts?: number; replace_newer?: boolean },
      /** Where the edits came from: the studio's editor, or files imported by `npm run catalogue -- import`. */
      origin: 'studio' | 'import' = 'studio',
    ) {
      const copy = await workingCopy(accountId, flowId);
      if (!copy.saved)
        throw new HttpError(409, 'nothing to publish: no edits', undefined, { reason: 'no_edits' });
      if (copy.base_version !== copy.current_version && input.replace_newer !== true)
        throw new HttpError(
          409,
          'the flow was published by someone else since these edits began; publishing would replace that version',
          undefined,
          { reason: 'newer_version', current_version: copy.current_version },
        );
      const review = await reviewOf(flowId, copy.content, copy.base_version);
      if (!review.built)
        throw new HttpError(400, 'the working copy has problems', undefined, { problems: review.problems });
      if (review.classification === 'none')
        throw new HttpError(409, 'nothing to publish: the content is the current version', undefined, {
          reason: 'no_change',
        });
      const started = Date.now();
      const compiled = await compileVersion(review.built);
      await source.store(
        review.built,
        {
          origin,
          authorId: accountId,
          note: input.note ?? null,
          classification: review.classification,
        },
        compiled,
      );
      await move({
        accountId,
        flowId,
        to: review.built,
        action: origin === 'import' ? 'import' : 'publish',
        note: input.note ?? null,
        confirmAffected: input.confirm_affected_drafts,
        expected: review.current_version,
        classification: review.classification,
        impact: review.impact,
      });
      await repository.discardWorkingCopy(accountId, flowId);
      return {
        flow: flowId,
        version: review.built.id,
        classification: review.classification,
        affected_drafts: review.impact?.affected_drafts ?? 0,
        compile_ms: Date.now() - started,
      };
    },

    /** What moving the pointer back to an earlier version would do (the rollback's review). */
    async rollbackReview(flowId: string, to: string): Promise<RollbackReview> {
      const current = await currentOf(flowId);
      const target = await versionOf(flowId, to);
      const { classification, changes } = classifyChange(current.content, target.content);
      const impact = classification === 'breaking' ? await replay(current, target) : null;
      return { flow: flowId, current_version: current.id, version: to, classification, changes, impact };
    },

    async rollback(
      accountId: string,
      flowId: string,
      input: { to: string; note?: string; confirm_affected_drafts?: number },
    ) {
      const review = await this.rollbackReview(flowId, input.to);
      if (review.classification === 'none')
        throw new HttpError(409, 'that version is the current one', undefined, { reason: 'no_change' });
      await move({
        accountId,
        flowId,
        to: await versionOf(flowId, input.to),
        action: 'rollback',
        note: input.note ?? null,
        confirmAffected: input.confirm_affected_drafts,
        expected: review.current_version,
        classification: review.classification,
        impact: review.impact,
      });
      return { flow: flowId, version: input.to, classification: review.classification };
    },

    /** The changes from one version to another, classified, with both contents (the studio's diff). */
    async diff(flowId: string, from: string, to: string): Promise<DiffAnswer> {
      const a = await versionOf(flowId, from);
      const b = await versionOf(flowId, to);
      return {
        flow: flowId,
        from,
        to,
        ...classifyChange(a.content, b.content),
        before: a.content,
        after: b.content,
      };
    },

    async audit(options: { flow?: string; limit: number; offset: number }): Promise<AuditPage> {
      const { rows, more } = await repository.audit(options);
      const names = await repository.names(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])));
      return {
        entries: rows.map((r) => ({
          id: r.id,
          flow: r.flow,
          action: r.action,
          from_version: r.fromVersion,
          to_version: r.toVersion,
          actor: r.actorId ? (names[r.actorId] ?? r.actorId) : null,
          classification: r.classification,
          affected_drafts: r.affectedDrafts,
          note: r.note,
          at: r.at.toISOString(),
        })),
        next_offset: more ? options.offset + options.limit : null,
      };
    },

    /** A version as `schemas/` and `locales/` files (the export; its locale files hold this flow's texts only). */
    async exportFiles(flowId: string, id: string) {
      const version = await versionOf(flowId, id);
      const files: Record<string, unknown> = {};
      for (const [file, value] of Object.entries(contentFiles(version.content)))
        files[`schemas/${file}`] = value;
      for (const [language, namespaces] of Object.entries(contentLocales(version.content)))
        for (const [namespace, texts] of Object.entries(namespaces))
          files[`locales/${language}/${namespace}.json`] = texts;
      return { flow: flowId, version: id, files };
    },
  };
}

export type StudioService = ReturnType<typeof createStudioService>;
