/**
 * Editing a flow: the working copy (read, save, discard), its review and its preview.
 */
import { compileVersion } from '../../../catalogue/compile';
import type { FlowVersionContent } from '../../../catalogue/version';
import { HttpError } from '../../errors';
import { toStored } from '../flowStore';
import type { Review } from '../../../contract/studio';
import { contentShapeProblem, KEPT_PREVIEWS, PREVIEW_KEPT_MS, type StudioContext } from './context';

export function editingCalls(context: StudioContext) {
  const { repository, source, clock, previews, currentOf, versionOf, workingCopy, checkedContent, reviewOf } =
    context;
  return {
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
  };
}
