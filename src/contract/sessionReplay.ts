/**
 * Session replay (shell spec §1; src/domain/sessionReplay.ts): where the browser sends its recordings, the chunk it
 * sends, and what the development sink (/dev/replay) answers about the sessions it keeps.
 */
import { Type, type Static, Instant, OneOf } from './common';
import { REPLAY_AREAS, REPLAY_CHUNK_MAX_EVENTS } from '../domain/sessionReplay';

export const ReplayConfig = Type.Object(
  {
    endpoint: Type.Union([Type.String(), Type.Null()], {
      description:
        'where chunks are posted (an https address, or this server’s development sink); null: nothing is recorded',
    }),
  },
  { additionalProperties: false },
);
export type ReplayConfig = Static<typeof ReplayConfig>;

const Area = OneOf(REPLAY_AREAS, { description: 'the recorded area the events were recorded in' });

/** One recorder event (rrweb's): its type, time and data, kept as the recorder wrote them. */
const RecordedEvent = Type.Object(
  { type: Type.Integer({ minimum: 0, maximum: 10 }), timestamp: Type.Number() },
  { additionalProperties: true },
);

export const ReplayChunk = Type.Object(
  {
    session_id: Type.String({ format: 'uuid', description: 'one page load’s recording' }),
    seq: Type.Integer({
      minimum: 0,
      maximum: 100_000,
      description: 'the chunk’s place in its session, from 0',
    }),
    area: Area,
    events: Type.Array(RecordedEvent, { minItems: 1, maxItems: REPLAY_CHUNK_MAX_EVENTS }),
  },
  { additionalProperties: false },
);
export type ReplayChunk = Static<typeof ReplayChunk>;

export const ReplaySessionSummary = Type.Object(
  {
    session_id: Type.String(),
    areas: Type.Array(Type.String(), { description: 'the recorded areas, in the order first met' }),
    chunks: Type.Integer(),
    events: Type.Integer(),
    bytes: Type.Integer({ description: 'the events’ JSON, as received' }),
    started_at: Instant,
    last_at: Instant,
  },
  { additionalProperties: false },
);
export type ReplaySessionSummary = Static<typeof ReplaySessionSummary>;

export const ReplaySessions = Type.Array(ReplaySessionSummary);
export type ReplaySessions = Static<typeof ReplaySessions>;

export const ReplaySession = Type.Object(
  {
    session_id: Type.String(),
    events: Type.Array(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: false },
);
export type ReplaySession = Static<typeof ReplaySession>;
