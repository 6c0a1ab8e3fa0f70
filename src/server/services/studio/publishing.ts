/**
 * Making a version current: publishing the working copy (to every new draft, or first to a share of them: a
 * staged rollout, widened to 100 % or withdrawn later), and rolling back to an earlier version.
 */
import { classifyChange } from '../../../catalogue/classify';
import { compileVersion } from '../../../catalogue/compile';
import { HttpError } from '../../errors';
import { MAX_SHARE, shareProblem } from '../../../domain/rollout';
import { rolloutSteps } from './rollout';
import type { RollbackReview } from '../../../contract/studio';
import { confirmed, type StudioContext } from './context';

export function publishingCalls(context: StudioContext) {
  const { repository, source, clock, currentOf, versionOf, workingCopy, replay, reviewOf, move } = context;
  const { noRolloutUnderWay, setRollout } = rolloutSteps(context);

  return {
    async publish(
      accountId: string,
      flowId: string,
      input: { note?: string; confirm_affected_drafts?: number; replace_newer?: boolean; share?: number },
      /** Where the edits came from: the studio's editor, or files imported by `npm run catalogue -- import`. */
      origin: 'studio' | 'import' = 'studio',
    ) {
      const share = input.share ?? MAX_SHARE;
      const problem = shareProblem(share);
      if (problem) throw new HttpError(400, problem);
      await noRolloutUnderWay(flowId);
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
      confirmed({ ...review, confirmAffected: input.confirm_affected_drafts });
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
      if (share < MAX_SHARE)
        await setRollout({
          flow: flowId,
          expected: { current: review.current_version, candidate: null },
          to: { version: review.built.id, share },
          audit: {
            action: 'rollout',
            actorId: accountId,
            classification: review.classification,
            affectedDrafts: review.impact?.affected_drafts ?? null,
            note: input.note ?? null,
          },
          now: clock.now(),
        });
      else
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
        share,
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
      await noRolloutUnderWay(flowId);
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
  };
}
