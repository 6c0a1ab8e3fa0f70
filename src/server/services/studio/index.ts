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
 *
 * A wing of rooms over one context (context.ts: versions found, content checked, impact replayed, the pointer moved):
 *
 * | Room | Holds |
 * | --- | --- |
 * | history.ts | the flows, their versions, diffs, the audit, a version's files |
 * | editing.ts | the working copy, its review and preview |
 * | publishing.ts | publish (to every new draft, or a staged rollout's start), the rollback's review and the rollback |
 * | rollout.ts | a staged rollout widened, finished or withdrawn |
 */
import { historyCalls } from './history';
import { editingCalls } from './editing';
import { publishingCalls } from './publishing';
import { rolloutCalls } from './rollout';
import { studioContext, type StudioDeps } from './context';

export * from './context';

export function createStudioService(deps: StudioDeps) {
  const context = studioContext(deps);
  return {
    ...historyCalls(context),
    ...editingCalls(context),
    ...publishingCalls(context),
    ...rolloutCalls(context),
  };
}

export type StudioService = ReturnType<typeof createStudioService>;
