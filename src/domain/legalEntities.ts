/**
 * Legal entities (onboarding spec §2 "Other areas", §3, §4; shell spec §2.3, §8): the words the server, the
 * shell and the legal-entities screens share. Pure.
 *
 * Decisions where the spec is silent (docs/legal-entities.md):
 * - A licence is **expiring** from 30 days before its expiry date; **expired** from the day after it; the entity
 *   is suspended 30 days after expiry (shell spec §8). The expiry modal shows for expiring and expired licences.
 * - Owners carry the roles of the application's owner steps (shareholder, senior management, authorised
 *   signatory, ultimate beneficial owner) and a share in percent.
 */
import { isOneOf } from './oneOf';

export const LEGAL_ENTITY_STATUSES = ['active', 'pending_info', 'suspending', 'suspended'] as const;
export type LegalEntityStatus = (typeof LEGAL_ENTITY_STATUSES)[number];

export const isLegalEntityStatus = isOneOf(LEGAL_ENTITY_STATUSES);

/** The order the shell's alert picks an entity in (onboarding spec §4). */
export const ALERT_PRIORITY: readonly LegalEntityStatus[] = ['pending_info', 'suspending', 'suspended'];

export const OWNER_ROLES = [
  'shareholder',
  'senior_management',
  'authorized_signatory',
  'ultimate_beneficial_owner',
] as const;
export type OwnerRole = (typeof OWNER_ROLES)[number];

/** Days before the expiry date from which a licence counts as expiring. */
export const EXPIRING_DAYS = 30;
/** Days after the expiry date at which the entity is suspended (shell spec §8). */
export const SUSPENDED_AFTER_DAYS = 30;

/**
 * The entity the sidebar's alert is about: the first ARE entity in priority order pending_info, then suspending,
 * then suspended (onboarding spec §4); none when no ARE entity is in one of those.
 */
export function alertEntity<T extends { status: string; country?: string | null }>(
  entities: readonly T[],
): T | null {
  const emirati = entities.filter((e) => e.country === 'ARE');
  for (const status of ALERT_PRIORITY) {
    const found = emirati.find((e) => e.status === status);
    if (found) return found;
  }
  return null;
}

const DAY_MS = 24 * 60 * 60_000;
const dayNumber = (day: string) => Math.round(new Date(`${day}T00:00:00Z`).getTime() / DAY_MS);
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export interface LicenceState {
  state: 'none' | 'valid' | 'expiring' | 'expired';
  /** Days until the expiry date (negative once past). */
  daysLeft: number | null;
  /** The day the entity is suspended if the licence is not renewed. */
  suspendOn: string | null;
}

/** Where a licence stands on `today` (yyyy-mm-dd, the merchant's day). */
export function licenceState(expiry: string | null | undefined, today: string): LicenceState {
  if (!expiry || !/^\d{4}-\d{2}-\d{2}$/.test(expiry))
    return { state: 'none', daysLeft: null, suspendOn: null };
  const daysLeft = dayNumber(expiry) - dayNumber(today);
  const suspendOn = dayOf(dayNumber(expiry) + SUSPENDED_AFTER_DAYS);
  if (daysLeft < 0) return { state: 'expired', daysLeft, suspendOn };
  if (daysLeft <= EXPIRING_DAYS) return { state: 'expiring', daysLeft, suspendOn };
  return { state: 'valid', daysLeft, suspendOn };
}

/** Legal-entity alert (shell spec §2.3, §4): pending_info and suspending warn; suspended is negative. */
export function legalEntityAlert(status: string | undefined): 'warning' | 'negative' | null {
  if (status === 'pending_info' || status === 'suspending') return 'warning';
  if (status === 'suspended') return 'negative';
  return null;
}
