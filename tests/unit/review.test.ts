/**
 * The onboarding review loop's rules (src/domain/review.ts; issue 58): where each move takes an application, the
 * reason catalogue (every spec reason worded in both languages, naming the answers it concerns), and what a
 * resubmission must have changed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isOpenWhileSentBack,
  reasonPointers,
  reasonsFor,
  REVIEW_ACTIONS,
  REVIEW_REASON_KEYS,
  REVIEW_REASONS,
  REVIEW_STATUSES,
  reviewMove,
  unchangedSentBack,
  type ReviewReasonKey,
} from '../../src/domain/review';

const words = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/reasons.json`, import.meta.url), 'utf8')) as Record<
    string,
    { title: string; fix: string }
  >;

describe('the review loop', () => {
  it('moves an application only where the loop goes', () => {
    // Every (status, move) pair: the allowed ones, and nothing else.
    const allowed = REVIEW_STATUSES.flatMap((status) =>
      REVIEW_ACTIONS.map((action) => [status, action, reviewMove(status, action)] as const),
    ).filter(([, , next]) => next !== undefined);
    expect(allowed).toEqual([
      ['partially_submitted', 'take', 'in_review'],
      ['in_review', 'release', 'partially_submitted'],
      // Approved is the spec's `submitted` (mapped to a business profile).
      ['in_review', 'approve', 'submitted'],
      ['in_review', 'reject', 'rejected'],
      ['in_review', 'send_back', 'sent_back'],
      ['sent_back', 'resubmit', 'resubmitted'],
      ['resubmitted', 'take', 'in_review'],
    ]);
    // A draft is nobody's to review; a decision is final.
    expect(reviewMove('draft', 'take')).toBeUndefined();
    expect(reviewMove('submitted', 'send_back')).toBeUndefined();
    expect(reviewMove('rejected', 'take')).toBeUndefined();
    // Let go after a round, it waits as resubmitted.
    expect(reviewMove('in_review', 'release', 1)).toBe('resubmitted');
  });
});

describe('the reason catalogue', () => {
  // The spec's list (onboarding spec §8), one key each, and capital's three keys.
  const SPEC_REASONS = 31;

  it('holds every reason the spec names, worded in English and Arabic, each with what to do', () => {
    expect(REVIEW_REASON_KEYS).toHaveLength(SPEC_REASONS + 3);
    const en = words('en');
    const ar = words('ar');
    expect(Object.keys(en).sort()).toEqual([...REVIEW_REASON_KEYS].sort());
    expect(Object.keys(ar).sort()).toEqual([...REVIEW_REASON_KEYS].sort());
    for (const key of REVIEW_REASON_KEYS)
      for (const text of [en[key]!.title, en[key]!.fix, ar[key]!.title, ar[key]!.fix])
        expect(text).toMatch(/\S{2}/);
    // Arabic is Arabic, not English left in place.
    for (const key of REVIEW_REASON_KEYS) expect(ar[key]!.title).toMatch(/[\u0600-\u06ff]/);
  });

  it('names the fields each reason a merchant can fix concerns; a decision alone names none', () => {
    for (const key of REVIEW_REASON_KEYS) {
      const reason = REVIEW_REASONS[key];
      if (reason.use === 'decision') expect(reason.fields).toEqual([]);
      else expect(reason.fields.length).toBeGreaterThan(0);
    }
  });

  const owner = (flags: Record<string, boolean>, extra: Record<string, unknown> = {}) => ({
    name: 'Sara Ali',
    national_id_url: `/files/${Object.keys(flags).join('-')}-front.jpg`,
    national_id_backside_url: `/files/${Object.keys(flags).join('-')}-back.jpg`,
    ...flags,
    ...extra,
  });
  const answers = {
    business_name: 'Falcon',
    web_url: 'falcon.example',
    legal_info: {
      license_url: '/files/licence.pdf',
      company_owners: [
        owner({ is_ultimate_beneficial_owner: true }),
        owner({ is_senior_management: true }),
        owner({ is_shareholder: true }, { national_id_backside_url: null }),
      ],
    },
    bank_details: { iban: 'AE070331234567890123456', iban_certificate_url: '/files/iban.pdf' },
  };

  it('finds the answers a reason concerns wherever the form put them, and an owner’s only in owners of its kind', () => {
    expect(reasonPointers('missing_id_backside', answers)).toEqual([
      '/legal_info/company_owners/0/national_id_backside_url',
      '/legal_info/company_owners/1/national_id_backside_url',
    ]);
    expect(reasonPointers('irrelevant_manager_id', answers)).toEqual([
      '/legal_info/company_owners/1/national_id_url',
      '/legal_info/company_owners/1/national_id_backside_url',
    ]);
    expect(reasonPointers('iban_certificate_mismatch', answers)).toEqual([
      '/bank_details/iban_certificate_url',
    ]);
    expect(reasonPointers('general_reject', answers)).toEqual([]);
  });

  it('offers only the reasons whose fields the application has (no articles of association asked, none sent back)', () => {
    const offered = reasonsFor(answers);
    expect(offered).toContain('missing_id_backside');
    expect(offered).toContain('website_unreachable');
    expect(offered).not.toContain('irrelevant_articles_of_association' satisfies ReviewReasonKey);
    expect(offered).not.toContain('irrelevant_signatory_id');
    expect(offered).not.toContain('general_reject');
  });
});

describe('a resubmission', () => {
  const items = [
    {
      reason: 'missing_id_backside' as const,
      pointer: '/legal_info/company_owners/0/national_id_backside_url',
    },
    { reason: 'iban_certificate_mismatch' as const, pointer: '/bank_details/iban_certificate_url' },
  ];
  const before = {
    legal_info: { company_owners: [{ national_id_backside_url: '/files/a.jpg' }] },
    bank_details: { iban_certificate_url: '/files/iban.pdf' },
  };

  it('names each answer sent back that did not change (the same file uploaded again is the same answer)', () => {
    const after = structuredClone(before);
    after.legal_info.company_owners[0]!.national_id_backside_url = '/files/b.jpg';
    expect(unchangedSentBack(items, before, after)).toEqual(['/bank_details/iban_certificate_url']);
    after.bank_details.iban_certificate_url = '/files/iban-2.pdf';
    expect(unchangedSentBack(items, before, after)).toEqual([]);
  });

  it('opens to the merchant only what was sent back', () => {
    expect(isOpenWhileSentBack(items, '/bank_details/iban_certificate_url')).toBe(true);
    expect(isOpenWhileSentBack(items, '/bank_details/iban')).toBe(false);
    expect(isOpenWhileSentBack(items, '/legal_info/company_owners/0/national_id_url')).toBe(false);
  });
});
