/**
 * Legal entities' pure rules (src/domain/legalEntities.ts): the shell's alert picks the first ARE entity by the
 * priority pending_info, suspending, suspended; a licence is expiring 30 days before its date, expired after it,
 * and the entity is suspended 30 days after.
 */
import { describe, expect, it } from 'vitest';
import { alertEntity, licenceState } from '../../src/domain/legalEntities';

describe('the alert’s entity', () => {
  const e = (id: string, status: string, country = 'ARE') => ({ id, status, country });
  it('takes pending_info before suspending before suspended, whatever the order', () => {
    expect(alertEntity([e('a', 'suspended'), e('b', 'suspending'), e('c', 'pending_info')])?.id).toBe('c');
    expect(alertEntity([e('a', 'suspended'), e('b', 'suspending')])?.id).toBe('b');
    expect(alertEntity([e('a', 'active'), e('b', 'suspended')])?.id).toBe('b');
  });
  it('looks at ARE entities only, and at none that is active', () => {
    expect(alertEntity([e('a', 'pending_info', 'SAU'), e('b', 'suspended')])?.id).toBe('b');
    expect(alertEntity([e('a', 'pending_info', 'SAU')])).toBeNull();
    expect(alertEntity([e('a', 'active')])).toBeNull();
    expect(alertEntity([])).toBeNull();
  });
});

describe('a licence', () => {
  it.each([
    ['2026-12-31', 'valid', 36],
    ['2026-12-25', 'expiring', 30],
    ['2026-11-25', 'expiring', 0],
    ['2026-11-24', 'expired', -1],
  ])('expiring on %s is %s on 2026-11-25 (%i days left)', (expiry, state, daysLeft) => {
    expect(licenceState(expiry, '2026-11-25')).toMatchObject({ state, daysLeft });
  });
  it('is suspended 30 days after it expires; no date, no state', () => {
    expect(licenceState('2026-11-24', '2026-11-25').suspendOn).toBe('2026-12-24');
    expect(licenceState(null, '2026-11-25')).toEqual({ state: 'none', daysLeft: null, suspendOn: null });
    expect(licenceState('soon', '2026-11-25').state).toBe('none');
  });
});
