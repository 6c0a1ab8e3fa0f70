/**
 * FlowSource: the one way the server (and through it the browser) obtains a flow. `current(flow)` is the
 * version merchants get now; `get(flow, version)` a given one. Today's source holds the versions made from
 * `schemas/` when the server starts; a database-backed one (publishing) implements the same interface, and
 * its versions, like these, never change — so anything derived from one (its runtime, its compiled files) is
 * cached by version id.
 */
import { compileVersion, type CompiledVersion } from './compile';
import { checkedVersions } from './pipeline';
import type { FlowVersion } from './version';

export interface FlowSource {
  /** The ids of the flows merchants can open. */
  flows(): Promise<string[]>;
  /**
   * The version a flow is served at now (undefined for an unknown flow). With a subject (the account whose draft
   * it is), a staged rollout under way may answer its version instead (`rollout`).
   */
  current(flowId: string, subject?: string): Promise<FlowVersion | undefined>;
  /** The staged rollout under way of a flow (issue 61), if any: its version and share in percent. */
  rollout?(flowId: string): Promise<{ version: FlowVersion; share: number } | undefined>;
  /** A given version of a flow (undefined when this source does not have it). */
  get(flowId: string, versionId: string): Promise<FlowVersion | undefined>;
  /** A version compiled for the browser (compiled on first use, then kept). */
  compiled(versionId: string): Promise<CompiledVersion | undefined>;
}

/** A source holding fixed versions (the files read at start; tests). */
export function staticFlowSource(versions: Record<string, FlowVersion>): FlowSource {
  const byId = new Map(Object.values(versions).map((v) => [v.id, v]));
  const compiled = new Map<string, Promise<CompiledVersion>>();
  return {
    flows: async () => Object.keys(versions).sort(),
    current: async (flowId) => (Object.hasOwn(versions, flowId) ? versions[flowId] : undefined),
    get: async (flowId, versionId) => {
      const version = byId.get(versionId);
      return version?.flow === flowId ? version : undefined;
    },
    compiled(versionId) {
      const version = byId.get(versionId);
      if (!version) return Promise.resolve(undefined);
      let promise = compiled.get(versionId);
      if (!promise) {
        promise = compileVersion(version);
        // A failed compile (it should not, after the checks) is tried again next time rather than kept.
        promise.catch(() => compiled.delete(versionId));
        compiled.set(versionId, promise);
      }
      return promise;
    },
  };
}

/**
 * The versions of the catalogue in a folder, read and checked once (a catalogue with problems throws,
 * every problem listed, and the server does not start).
 */
export function filesFlowSource(options: { schemasDir: string; localesDir: string }): FlowSource {
  return staticFlowSource(checkedVersions(options.schemasDir, options.localesDir));
}

/** Compiles every flow's current version now, so no merchant's first request waits for it (server start). */
export async function warm(source: FlowSource): Promise<void> {
  await Promise.all(
    (await source.flows()).map(async (flowId) => {
      const version = await source.current(flowId);
      if (version) await source.compiled(version.id);
    }),
  );
}
