/**
 * Staged rollout of a form version (issue 61; docs/form-insights.md): a published version goes to a share of
 * subjects first — a subject is the account whose drafts they are — chosen by a stable hash, so one merchant
 * always meets one version, and widening the share keeps everyone who had the new version on it.
 *
 * Pure: the server's catalogue source and the tests import it.
 */
import { fnv1a } from './random';

/** Buckets a subject falls in: a share is counted in hundredths of a percent, so 1 % is 100 buckets. */
export const BUCKETS = 10_000;

/** The shares ops may choose, in percent: 100 publishes to every new draft at once. */
export const MIN_SHARE = 1;
export const MAX_SHARE = 100;
/** The shares the studio offers first (any whole percent from 1 to 99 may be typed). */
export const SUGGESTED_SHARES = [5, 10, 25, 50] as const;

/**
 * FNV-1a (domain/random.ts), then murmur3's finaliser: FNV alone leaves the low bits of similar ids (uuids
 * differing in one place) correlated, and the bucket is taken from the low bits.
 */
function hash32(text: string): number {
  let h = fnv1a(text);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A subject's bucket in a rollout, 0 to BUCKETS − 1. The rollout's version id salts it, so each rollout draws
 * its own share (the same merchants are not always the first to meet a change), yet within one rollout a
 * subject's bucket never moves.
 */
export const bucketOf = (rolloutVersion: string, subject: string) =>
  hash32(`${rolloutVersion}:${subject}`) % BUCKETS;

/** Whether a subject gets the rollout's version at a share (percent): the buckets below share × 100 do. */
export const inRollout = (rolloutVersion: string, share: number, subject: string) =>
  bucketOf(rolloutVersion, subject) < Math.round(share * (BUCKETS / 100));

/** A share ops asked for, or what is wrong with it. */
export function shareProblem(share: unknown): string | null {
  if (typeof share !== 'number' || !Number.isInteger(share) || share < MIN_SHARE || share > MAX_SHARE)
    return `share must be a whole percent from ${MIN_SHARE} to ${MAX_SHARE}`;
  return null;
}

/**
 * What the studio's audit records of a flow's pointer: seed, publish, rollback and import move it; a rollout is
 * begun (`rollout`), its share changed (`share`), finished (`promote`: its version becomes current) or withdrawn.
 */
export const FLOW_AUDIT_ACTIONS = [
  'seed',
  'publish',
  'rollback',
  'import',
  'rollout',
  'share',
  'promote',
  'withdraw',
] as const;
export type FlowAuditAction = (typeof FLOW_AUDIT_ACTIONS)[number];
