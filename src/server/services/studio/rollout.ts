/**
 * A staged rollout's steps (issue 61; docs/form-insights.md): publishing.ts begins one (a publish at a share
 * under 100 %); here ops widen or narrow it, finish it (100 %: its version becomes current) or withdraw it. Every
 * change checks the rollout is the one the caller saw, and leaves an audit row.
 */
import { HttpError, notFound } from '../../errors';
import { MAX_SHARE, shareProblem } from '../../../domain/rollout';
import { type StudioContext } from './context';

/** What publishing and the rollout calls share: the rollout read from the database, and changed with its audit. */
export function rolloutSteps(context: StudioContext) {
  const { repository, source } = context;
  /** The staged rollout under way of a flow, read from the database (not the source's second-old copy). */
  async function rolloutOf(flowId: string) {
    const pointer = await repository.pointer(flowId);
    if (!pointer) throw notFound('flow not found');
    return pointer.candidateVersion && pointer.candidateShare
      ? { current: pointer.versionId, version: pointer.candidateVersion, share: pointer.candidateShare }
      : null;
  }

  /** Publishing or rolling back while a rollout is under way would leave its merchants on a version ops lost. */
  async function noRolloutUnderWay(flowId: string) {
    const rollout = await rolloutOf(flowId);
    if (rollout)
      throw new HttpError(
        409,
        `version ${rollout.version.slice(0, 8)} is being rolled out to ${rollout.share} % of new drafts: widen it to 100 % or withdraw it first`,
        undefined,
        { reason: 'rollout_under_way', version: rollout.version, share: rollout.share },
      );
  }

  /** The rollout under way, as the caller saw it (its version named), or a 409 saying what changed. */
  async function rolloutAsSeen(flowId: string, version: string) {
    const rollout = await rolloutOf(flowId);
    if (!rollout) throw new HttpError(409, 'no rollout is under way', undefined, { reason: 'no_rollout' });
    if (rollout.version !== version)
      throw new HttpError(409, 'another version is being rolled out now; look again', undefined, {
        reason: 'moved_meanwhile',
      });
    return rollout;
  }

  /** Changes a rollout with its audit row; a 409 when someone changed it meanwhile. */
  async function setRollout(input: Parameters<typeof repository.setRollout>[0]) {
    if (!(await repository.setRollout(input)))
      throw new HttpError(409, 'the flow was published meanwhile; review again', undefined, {
        reason: 'moved_meanwhile',
      });
    source.pointersMoved();
  }

  return { rolloutOf, noRolloutUnderWay, rolloutAsSeen, setRollout };
}

export function rolloutCalls(context: StudioContext) {
  const { repository, source, clock, move } = context;
  const { rolloutAsSeen, setRollout } = rolloutSteps(context);
  return {
    /**
     * Widens or narrows a rollout (1–99 %), or finishes it (100 %: its version becomes current for every new
     * draft, and the drafts on the version before move to it when opened, as after a publish).
     */
    async changeRollout(
      accountId: string,
      flowId: string,
      input: { version: string; share: number; note?: string },
    ) {
      const problem = shareProblem(input.share);
      if (problem) throw new HttpError(400, problem);
      const rollout = await rolloutAsSeen(flowId, input.version);
      if (input.share === MAX_SHARE) {
        const to = await source.get(flowId, rollout.version);
        if (!to) throw notFound('version not found');
        await move({
          accountId,
          flowId,
          to,
          action: 'promote',
          note: input.note ?? null,
          expected: rollout.current,
          classification: (await repository.version(rollout.version))?.classification ?? 'additive',
          impact: null,
          share: MAX_SHARE,
        });
      } else if (input.share !== rollout.share)
        await setRollout({
          flow: flowId,
          expected: { current: rollout.current, candidate: rollout.version },
          to: { version: rollout.version, share: input.share },
          audit: {
            action: 'share',
            actorId: accountId,
            classification: null,
            affectedDrafts: null,
            note: input.note ?? null,
          },
          now: clock.now(),
        });
      return { flow: flowId, version: rollout.version, share: input.share };
    },

    /** Withdraws a rollout: every new draft gets the current version again; drafts begun on the rollout's move back when opened. */
    async withdrawRollout(accountId: string, flowId: string, input: { version: string; note?: string }) {
      const rollout = await rolloutAsSeen(flowId, input.version);
      await setRollout({
        flow: flowId,
        expected: { current: rollout.current, candidate: rollout.version },
        to: null,
        audit: {
          action: 'withdraw',
          actorId: accountId,
          classification: null,
          affectedDrafts: null,
          note: input.note ?? null,
        },
        now: clock.now(),
      });
      return { flow: flowId, version: rollout.current, share: 0 };
    },
  };
}
