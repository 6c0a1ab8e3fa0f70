/**
 * The catalogue in the database: the FlowSource every route and service gets flows from (issue 17).
 *
 * - Versions are rows of `flow_versions`, never changed once written; each flow has a **current** pointer
 *   (`flow_pointers`). A version is cached in memory by id for good; so are its compiled files (stored with
 *   the row the first time it is compiled, so another server instance does not compile it again).
 * - **Pointers** are read from the database at most once a second (POINTER_TTL_MS) per process: every server
 *   instance behind a load balancer serves a publish within about a second, with one small query a second at
 *   most and no listener to keep alive (PGlite has no LISTEN across processes anyway). The instance that moved
 *   a pointer knows at once.
 * - A **staged rollout** (issue 61) is a second version on the pointer with a share: `current(flow, subject)`
 *   answers it to the subjects whose stable hash falls in the share (domain/rollout.ts), read with the pointers.
 * - **Seeding** at start: each flow's version made from `schemas/` is stored; it becomes current when the flow
 *   has no pointer yet, or when the pointer was itself set from files (a deploy with new schema files updates the
 *   form). Once ops published in the studio, their version stays current whatever the files say, and the start
 *   logs that the files differ (import them with `npm run catalogue -- import`, or publish in the studio).
 */
import { COMPILER_FINGERPRINT, compileVersion, type CompiledVersion } from '../../catalogue/compile';
import type { FlowSource } from '../../catalogue/serverFlowSource';
import type { FlowVersion, FlowVersionContent } from '../../catalogue/version';
import type { FlowManifest } from '../../engine/core/types';
import type { Clock } from '../clock';
import type { FlowVersionRepository, StoredCompiled } from '../repositories/flowVersions';
import type { Classification } from '../../catalogue/classify';
import { inRollout } from '../../domain/rollout';

/** How long a process trusts the pointers it read (the 2 s goal of issue 17 with a second to spare). */
export const POINTER_TTL_MS = 1000;
/** Versions' compiled files kept in memory (each some 100–400 KB; drafts in flight use a few versions). */
const KEPT_COMPILED = 24;

export interface StoredVersionMeta {
  origin: 'files' | 'studio' | 'import';
  authorId: string | null;
  note: string | null;
  classification: Classification | null;
}

/** A flow's pointer as read: its current version, and the rollout's when one is under way. */
interface Pointer {
  versionId: string;
  candidate?: { versionId: string; share: number };
}

export interface DatabaseFlowSource extends FlowSource {
  /** Stores a version (and its compiled files) unless it is there already. */
  store(version: FlowVersion, meta: StoredVersionMeta, compiled?: CompiledVersion): Promise<void>;
  /** Forgets the pointers read, so the next `current` reads them again (after this process moved one). */
  pointersMoved(): void;
}

/** A compiled version as its row keeps it. */
export function toStored(compiled: CompiledVersion): StoredCompiled {
  return {
    fingerprint: COMPILER_FINGERPRINT,
    manifestFile: compiled.manifestFile,
    files: Object.fromEntries(compiled.files),
  };
}

function fromStored(version: FlowVersion, stored: StoredCompiled): CompiledVersion {
  const files = new Map(Object.entries(stored.files));
  const manifest = JSON.parse(files.get(stored.manifestFile)!.body) as FlowManifest;
  return { version, manifest, manifestFile: stored.manifestFile, files };
}

export async function databaseFlowSource(deps: {
  repository: FlowVersionRepository;
  /** The versions made from schemas/ at start (their compiled files are shared with it, when it has them). */
  seed?: FlowSource;
  clock: Clock;
  log?: { info(object: object, message: string): void };
  pointerTtlMs?: number;
}): Promise<DatabaseFlowSource> {
  const { repository, seed, clock } = deps;
  const ttl = deps.pointerTtlMs ?? POINTER_TTL_MS;
  const versions = new Map<string, FlowVersion>();
  const compiled = new Map<string, Promise<CompiledVersion>>();
  let pointers: { at: number; byFlow: Promise<Map<string, Pointer>> } | undefined;

  function readPointers(): Promise<Map<string, Pointer>> {
    const now = Date.now();
    if (!pointers || now - pointers.at >= ttl) {
      const byFlow = repository.pointers().then(
        (rows) =>
          new Map(
            rows.map((row) => [
              row.flow,
              {
                versionId: row.versionId,
                candidate:
                  row.candidateVersion && row.candidateShare
                    ? { versionId: row.candidateVersion, share: row.candidateShare }
                    : undefined,
              },
            ]),
          ),
      );
      // A failed read is not kept: the next call asks again.
      byFlow.catch(() => (pointers = undefined));
      pointers = { at: now, byFlow };
    }
    return pointers.byFlow;
  }

  async function version(id: string): Promise<FlowVersion | undefined> {
    const kept = versions.get(id);
    if (kept) return kept;
    const row = await repository.version(id);
    if (!row) return undefined;
    const found: FlowVersion = { id: row.id, flow: row.flow, content: row.content as FlowVersionContent };
    versions.set(id, found);
    return found;
  }

  /**
   * A version's compiled files: those stored with its row (any instance's earlier compile — a restart compiles
   * nothing it compiled before), else the seed's or a new compile, then stored for the next start and instance.
   */
  async function compile(id: string): Promise<CompiledVersion | undefined> {
    const found = await version(id);
    if (!found) return undefined;
    const row = await repository.version(id);
    const stored = row?.compiled as StoredCompiled | null | undefined;
    if (stored?.fingerprint === COMPILER_FINGERPRINT) return fromStored(found, stored);
    const fromSeed = seed && (await seed.get(found.flow, id)) ? await seed.compiled(id) : undefined;
    const made = fromSeed ?? (await compileVersion(found));
    await repository.storeCompiled(id, toStored(made));
    return made;
  }

  const source: DatabaseFlowSource = {
    async flows() {
      return [...(await readPointers()).keys()].sort();
    },
    async current(flowId, subject) {
      const pointer = (await readPointers()).get(flowId);
      if (!pointer) return undefined;
      const { candidate } = pointer;
      if (subject !== undefined && candidate && inRollout(candidate.versionId, candidate.share, subject))
        return version(candidate.versionId);
      return version(pointer.versionId);
    },
    async rollout(flowId) {
      const candidate = (await readPointers()).get(flowId)?.candidate;
      const found = candidate && (await version(candidate.versionId));
      return found ? { version: found, share: candidate.share } : undefined;
    },
    async get(flowId, versionId) {
      const found = await version(versionId);
      return found?.flow === flowId ? found : undefined;
    },
    compiled(versionId) {
      let promise = compiled.get(versionId);
      if (promise) {
        compiled.delete(versionId);
      } else {
        promise = compile(versionId).then((made) => {
          if (!made) compiled.delete(versionId);
          return made as CompiledVersion;
        });
        promise.catch(() => compiled.delete(versionId));
        if (compiled.size >= KEPT_COMPILED) compiled.delete(compiled.keys().next().value!);
      }
      // Most recently used last, so the oldest is the one to let go.
      compiled.set(versionId, promise);
      return promise.then((made) => made ?? undefined);
    },
    async store(made, meta, compiledVersion) {
      versions.set(made.id, made);
      await repository.insert({
        id: made.id,
        flow: made.flow,
        content: made.content,
        compiled: compiledVersion ? toStored(compiledVersion) : null,
        ...meta,
      });
      if (compiledVersion) compiled.set(made.id, Promise.resolve(compiledVersion));
    },
    pointersMoved() {
      pointers = undefined;
    },
  };

  if (seed) {
    for (const flowId of await seed.flows()) {
      const fromFiles = await seed.current(flowId);
      if (!fromFiles) continue;
      await source.store(fromFiles, { origin: 'files', authorId: null, note: null, classification: null });
      const pointer = await repository.pointer(flowId);
      if (pointer?.versionId === fromFiles.id) continue;
      if (!pointer || pointer.setBy === 'files') {
        // Two instances starting at once: the one whose move finds the pointer moved leaves it be.
        await repository.move({
          flow: flowId,
          to: fromFiles.id,
          expected: pointer?.versionId ?? null,
          setBy: 'files',
          audit: {
            action: 'seed',
            actorId: null,
            classification: null,
            affectedDrafts: null,
            note: pointer ? 'schemas/ changed' : 'first version, from schemas/',
          },
          now: clock.now(),
        });
      } else
        deps.log?.info(
          { flow: flowId, files: fromFiles.id, current: pointer.versionId },
          'schemas/ holds another version of this flow than the one ops published; the published one stays current',
        );
    }
  }
  return source;
}
