/**
 * The form studio's requests and answers (src/server/routes/studio.ts; docs/studio.md), for the server's routes
 * and service and the web app's calls alike.
 */
import type { Change, Classification as ClassificationType } from '../catalogue/classify';
import type { FlowVersionContent } from '../catalogue/version';
import type { CatalogueProblem } from '../engine/core/types';
import { FLOW_AUDIT_ACTIONS, MAX_SHARE, MIN_SHARE } from '../domain/rollout';
import {
  FlowId,
  Instant,
  Nullable,
  NullableInteger,
  NullableString,
  OneOf,
  Opaque,
  Type,
  VersionId,
  type Static,
} from './common';

/** A share of new drafts, in percent (domain/rollout.ts). */
const Share = Type.Integer({ minimum: MIN_SHARE, maximum: MAX_SHARE });

export const FLOW_PARAMS = Type.Object({ flow: FlowId });
export const VERSION_PARAMS = Type.Object({ flow: FlowId, version: VersionId });

const Classification = OneOf([
  'none',
  'cosmetic',
  'additive',
  'breaking',
] as const satisfies readonly ClassificationType[]);
const Changes = Type.Array(
  Opaque<Change>('a change: kind, code, step, pointer, params (src/catalogue/classify.ts)'),
);
const Content = Opaque<FlowVersionContent>(
  "a flow version's content: flow file, steps, shared definitions, texts",
);

/** A staged rollout under way, as the studio's list and pages show it. */
export const RolloutState = Type.Object({ version: Type.String(), share: Type.Integer() });

/** A flow in the studio's list: its current version, when it moved last, and the caller's unpublished edits. */
export const StudioFlow = Type.Object({
  flow: Type.String(),
  /** The flow's title (a text key; its texts are in `texts`). */
  title: NullableString(),
  current_version: Type.String(),
  steps: Type.Integer(),
  updated_at: Instant,
  set_by: Type.String(),
  editing: Nullable(Type.Object({ base_version: Type.String(), updated_at: Instant })),
  rollout: Nullable(RolloutState),
  texts: Type.Record(Type.String(), Type.Record(Type.String(), Type.String())),
});
export type StudioFlow = Static<typeof StudioFlow>;
export const StudioFlows = Type.Object({ flows: Type.Array(StudioFlow) });

export const VersionEntry = Type.Object({
  id: Type.String(),
  current: Type.Boolean(),
  /** The share of new drafts it is served to, in percent (the current one and a rollout's); null: none. */
  serving: NullableInteger(),
  origin: OneOf(['files', 'studio', 'import'] as const),
  author: NullableString(),
  note: NullableString(),
  classification: Nullable(Classification),
  created_at: Instant,
});
export type VersionEntry = Static<typeof VersionEntry>;
export const Versions = Type.Object({ versions: Type.Array(VersionEntry) });

export const VersionAnswer = Type.Object({ id: Type.String(), flow: Type.String(), content: Content });

/** A version as catalogue files: path → JSON. */
export const VersionFiles = Type.Object({
  flow: Type.String(),
  version: Type.String(),
  files: Type.Record(Type.String(), Type.Unknown()),
});

/** The caller's unpublished edits of a flow, or the current content when there are none (`saved: false`). */
export const WorkingCopy = Type.Object({
  flow: Type.String(),
  current_version: Type.String(),
  base_version: Type.String(),
  content: Content,
  saved: Type.Boolean(),
  updated_at: NullableString(),
});
export type WorkingCopy = Static<typeof WorkingCopy>;

export const WorkingCopyBody = Type.Object(
  { base_version: VersionId, content: Type.Object({}, { additionalProperties: true }) },
  { additionalProperties: false },
);

/** What a change would do to the drafts in flight, replayed (breaking changes only). */
export const Impact = Type.Object({
  /** Drafts in flight (not submitted) of the flow. */
  drafts_in_flight: Type.Integer(),
  /** Of those, the drafts that would lose or fail an answer. */
  affected_drafts: Type.Integer(),
  /** The fields concerned: pointer → how many drafts, and the message key of the first. */
  fields: Type.Array(Type.Object({ pointer: Type.String(), drafts: Type.Integer(), key: Type.String() })),
  /** QA's valid examples (of the current version) the new validators refuse. */
  failing_examples: Type.Array(
    Type.Object({ step: Type.String(), pointer: Type.String(), key: Type.String() }),
  ),
});
export type Impact = Static<typeof Impact>;

/** Edits reviewed: the checks' problems, the classification of the change, the replay when it is breaking. */
export const Review = Type.Object({
  flow: Type.String(),
  base_version: Type.String(),
  current_version: Type.String(),
  /** The version the content makes (null while it has problems). */
  version: NullableString(),
  problems: Type.Array(Opaque<CatalogueProblem>('a problem the checks found: file, pointer, message, check')),
  classification: Classification,
  changes: Changes,
  /** Replayed for breaking changes only. */
  impact: Nullable(Impact),
});
export type Review = Static<typeof Review>;

export const PreviewAnswer = Type.Object({
  flow: Type.String(),
  version: Type.String(),
  manifest: Type.String(),
});

const Note = Type.String({ maxLength: 500 });
const Confirm = Type.Integer({
  minimum: 0,
  description: 'the affected drafts the publisher saw and accepts',
});

export const PublishBody = Type.Object(
  {
    note: Type.Optional(Note),
    confirm_affected_drafts: Type.Optional(Confirm),
    replace_newer: Type.Optional(Type.Boolean()),
    /** Publish to this share of new drafts first, in percent (a staged rollout); 100 or none: to every new draft. */
    share: Type.Optional(Share),
  },
  { additionalProperties: false },
);
export type PublishBody = Static<typeof PublishBody>;
export const PublishAnswer = Type.Object({
  flow: Type.String(),
  version: Type.String(),
  /** The share of new drafts the version is served to (100: it is current). */
  share: Type.Integer(),
  classification: Classification,
  affected_drafts: Type.Integer(),
  /** How long compiling the version took. */
  compile_ms: Type.Integer(),
});

/** What moving the pointer back to a version would do. */
export const RollbackReview = Type.Object({
  flow: Type.String(),
  current_version: Type.String(),
  version: Type.String(),
  classification: Classification,
  changes: Changes,
  impact: Nullable(Impact),
});
export type RollbackReview = Static<typeof RollbackReview>;
export const RollbackQuery = Type.Object({ to: VersionId });
export const RollbackBody = Type.Object(
  { to: VersionId, note: Type.Optional(Note), confirm_affected_drafts: Type.Optional(Confirm) },
  { additionalProperties: false },
);
export type RollbackBody = Static<typeof RollbackBody>;
export const RollbackAnswer = Type.Object({
  flow: Type.String(),
  version: Type.String(),
  classification: Classification,
});

/** A rollout's share changed (100: finished, its version current) — naming the rollout's version as seen. */
export const RolloutBody = Type.Object(
  { version: VersionId, share: Share, note: Type.Optional(Note) },
  { additionalProperties: false },
);
export type RolloutBody = Static<typeof RolloutBody>;
export const WithdrawBody = Type.Object(
  { version: VersionId, note: Type.Optional(Note) },
  { additionalProperties: false },
);
export type WithdrawBody = Static<typeof WithdrawBody>;
/** A rollout after the change: the version new drafts of the share get, and the share (0: withdrawn). */
export const RolloutAnswer = Type.Object({
  flow: Type.String(),
  version: Type.String(),
  share: Type.Integer(),
});

export const DiffQuery = Type.Object({ from: VersionId, to: VersionId });
/** Two versions' changes, each classified, and both contents. */
export const DiffAnswer = Type.Object({
  flow: Type.String(),
  from: Type.String(),
  to: Type.String(),
  classification: Classification,
  changes: Changes,
  before: Content,
  after: Content,
});
export type DiffAnswer = Static<typeof DiffAnswer>;

export const AuditQuery = Type.Object({
  flow: Type.Optional(FlowId),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, default: 0 })),
});
/** Who moved which pointer when. */
export const AuditEntry = Type.Object({
  id: Type.String(),
  flow: Type.String(),
  action: OneOf(FLOW_AUDIT_ACTIONS),
  from_version: NullableString(),
  to_version: Type.String(),
  actor: NullableString(),
  classification: Nullable(Classification),
  affected_drafts: NullableInteger(),
  /** A rollout's share after the change, in percent (rollout actions; 0 when withdrawn). */
  share: NullableInteger(),
  note: NullableString(),
  at: Instant,
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditPage = Type.Object({ entries: Type.Array(AuditEntry), next_offset: NullableInteger() });
export type AuditPage = Static<typeof AuditPage>;
