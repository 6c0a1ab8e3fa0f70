/**
 * What the review console says when a move is refused with 409 (docs/review.md): another reviewer, a moved
 * application, or — at approval — an IBAN that is another business's bank account (§8 LEGAL_BANK_DETAILS_CONFLICT).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/web/api/client';
import { conflictOf } from '../../src/web/features/review/api';

const words = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/review.json`, import.meta.url), 'utf8')) as {
    console: { conflict: Record<string, string> };
  };

describe('a refused move, in words', () => {
  it.each([
    [{ reason: 'taken', reviewer: 'Huda' }, 'console.conflict.taken'],
    [{ reason: 'moved', application_status: 'approved' }, 'console.conflict.moved'],
    [{ kind: 'conflict', type: 'LEGAL_BANK_DETAILS_CONFLICT' }, 'console.conflict.bankDetails'],
  ])('%j → %s, worded in en and ar', (body, key) => {
    const said = conflictOf(new ApiError(409, 'conflict', {}, body));
    expect(said?.key).toBe(key);
    const name = key.split('.').pop()!;
    expect(words('en').console.conflict[name]).toBeTruthy();
    expect(words('ar').console.conflict[name]).toBeTruthy();
  });

  it('says nothing of its own for anything but a 409', () => {
    expect(conflictOf(new ApiError(422, 'application is incomplete'))).toBeNull();
    expect(conflictOf(new Error('x'))).toBeNull();
  });
});
