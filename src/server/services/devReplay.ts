/**
 * The development sink of session replay (SESSION_REPLAY_URL=dev; src/domain/sessionReplay.ts): keeps the chunks the
 * browser sends, the newest REPLAY_KEEP_SESSIONS sessions only, for /dev/replay to list and play.
 */
import type { Clock } from '../clock';
import type { DevReplayRepository } from '../repositories/devReplay';
import type { ReplayChunk } from '../../contract/sessionReplay';
import { REPLAY_KEEP_SESSIONS } from '../../domain/sessionReplay';
import { HttpError } from '../errors';

export function createDevReplayService(deps: { repository: DevReplayRepository; clock: Clock }) {
  return {
    async receive(chunk: ReplayChunk, bytes: number) {
      await deps.repository.insert({
        sessionId: chunk.session_id,
        seq: chunk.seq,
        area: chunk.area,
        events: chunk.events,
        bytes,
        receivedAt: deps.clock.now(),
      });
      // A new session's first chunk may push the oldest out; a later chunk never pushes its own session out.
      if (chunk.seq === 0) await deps.repository.keepNewest(REPLAY_KEEP_SESSIONS);
    },
    sessions: () => deps.repository.sessions(),
    async session(sessionId: string) {
      const events = await deps.repository.events(sessionId);
      if (!events)
        throw new HttpError(
          404,
          `no replay session ${sessionId} is kept (the sink keeps the newest ${REPLAY_KEEP_SESSIONS})`,
        );
      return { session_id: sessionId, events };
    },
  };
}

export type DevReplayService = ReturnType<typeof createDevReplayService>;
