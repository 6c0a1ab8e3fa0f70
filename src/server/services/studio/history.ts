/**
 * Reading the catalogue's history: the flows, their versions, a diff between two, the audit, a version's files.
 */
import { classifyChange } from '../../../catalogue/classify';
import { contentFiles, contentLocales } from '../../../catalogue/content';
import type { AuditPage, DiffAnswer, StudioFlow, VersionEntry } from '../../../contract/studio';
import { type StudioContext } from './context';
import { rolloutSteps } from './rollout';

export function historyCalls(context: StudioContext) {
  const { repository, source, currentOf, versionOf } = context;
  const { rolloutOf } = rolloutSteps(context);
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
            rollout:
              p.candidateVersion && p.candidateShare
                ? { version: p.candidateVersion, share: p.candidateShare }
                : null,
            texts: version?.content.texts ?? {},
          };
        }),
      );
    },

    async versions(flowId: string): Promise<VersionEntry[]> {
      const current = await currentOf(flowId);
      const rollout = await rolloutOf(flowId);
      const rows = await repository.list(flowId);
      const names = await repository.names(rows.flatMap((r) => (r.authorId ? [r.authorId] : [])));
      return rows.map((r) => ({
        id: r.id,
        current: r.id === current.id,
        serving:
          r.id === rollout?.version
            ? rollout.share
            : r.id === current.id
              ? 100 - (rollout?.share ?? 0)
              : null,
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
          share: r.share,
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
