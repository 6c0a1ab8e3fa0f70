/** Capital rules: loans and repayments (§2 "Loans list", "Loan detail", §4, §9), table by table in the spec's words. */
import { describe, expect, it } from 'vitest';
import {
  badgeTone,
  directDebitNotice,
  legend,
  loanAlert,
  loanBanner,
  loanGroups,
  loanTitle,
  progress,
  sortRepayments,
  weekSlots,
  weekStatus,
} from '../../src/domain/capital/loans';
import type { ApplicationRecord, Loan, Repayment } from '../../src/domain/capital/types';

let n = 0;
/** A week: `amount` taken from a settlement of `payment`. */
const week = (date: string, amount: number, payment: number, extra: Partial<Repayment> = {}): Repayment => ({
  id: `r${++n}`,
  date,
  repayment_type: 'weekly',
  amount,
  payment_amount: payment,
  ...extra,
});
const loan = (extra: Partial<Loan> = {}): Loan => ({
  id: 'l1',
  status: 'paying',
  currency: 'AED',
  amount: 100_000,
  fee_amount: 9_000,
  amount_vat: 109_000,
  paid_amount: 0,
  tenor: 8,
  repayment_rate: 22,
  minimum_repayment_amount: 2_000,
  next_repayment_date: null,
  tags: [],
  repayments: [],
  ...extra,
});
const record = (id: string, status: string, created_at = '2026-01-01'): ApplicationRecord => ({
  application: { application_id: id, status, created_at },
  offer: { amount_vat: 10_900, currency: 'AED' },
});

describe('loans list groups (§2)', () => {
  it("'active': loans paying, overdue, waiting or waiting_for_dda, plus applications submitted, approved or reset; 'inactive': loans closed, plus applications rejected or cancelled", () => {
    const loans = ['paying', 'overdue', 'waiting', 'waiting_for_dda', 'closed'].map((status, i) =>
      loan({ id: status, status, applied_at: `2026-0${i + 1}-01` }),
    );
    const applications = ['submitted', 'approved', 'reset', 'rejected', 'cancelled'].map((s) => record(s, s));
    const groups = loanGroups(loans, applications);
    const names = (items: typeof groups.active) =>
      items
        .map((i) =>
          i.kind === 'loan' ? `loan:${i.loan.id}` : `application:${i.record.application.application_id}`,
        )
        .sort();
    expect(names(groups.active)).toEqual(
      [
        'loan:paying',
        'loan:overdue',
        'loan:waiting',
        'loan:waiting_for_dda',
        'application:submitted',
        'application:approved',
        'application:reset',
      ].sort(),
    );
    expect(names(groups.inactive)).toEqual(
      ['loan:closed', 'application:rejected', 'application:cancelled'].sort(),
    );
  });

  it('lists loans and applications mixed, newest first, and never hides a loan of an unknown status', () => {
    const groups = loanGroups(
      [
        loan({ id: 'old', applied_at: '2026-01-01' }),
        loan({ id: 'odd', status: 'frozen', applied_at: '2026-05-01' }),
      ],
      [record('new', 'submitted', '2026-03-01')],
    );
    expect(
      groups.active.map((i) => (i.kind === 'loan' ? i.loan.id : i.record.application.application_id)),
    ).toEqual(['new', 'old']);
    expect(groups.inactive.map((i) => (i.kind === 'loan' ? i.loan.id : ''))).toEqual(['odd']);
  });
});

describe('badge tone (§4)', () => {
  it.each([
    ['submitted', 'warning'],
    ['reset', 'warning'],
    ['overdue', 'negative'],
    ['rejected', 'negative'],
    ['closed', 'default'],
    ['approved', 'positive'],
    ['waiting', 'positive'],
    ['paying', 'accent'],
    ['waiting_for_dda', 'accent'],
    ['cancelled', 'default'],
    ['anything else', 'default'],
  ])('%s is %s', (status, tone) => expect(badgeTone(status)).toBe(tone));
});

describe('per-week repayment status, from the percent of the settlement deducted (§4)', () => {
  it.each([
    ['direct-debit loans are always paid', week('2026-01-05', 900, 1000), { tags: ['direct_debit'] }, 'paid'],
    [
      'a direct debit the bank reports pending',
      week('2026-01-05', 900, 1000, { status: 'pending' }),
      { tags: ['direct_debit'] },
      'pending',
    ],
    [
      'a direct debit the bank reports failed',
      week('2026-01-05', 900, 1000, { status: 'failed' }),
      { tags: ['direct_debit'] },
      'failed',
    ],
    [
      'an early pay-off entry is early payoff',
      week('2026-01-05', 50_000, 0, { repayment_type: 'early_pay_off' }),
      {},
      'early_payoff',
    ],
    ['at the repayment rate is paid (22 of 100)', week('2026-01-05', 22, 100), {}, 'paid'],
    ['below the repayment rate is paid', week('2026-01-05', 10, 100), {}, 'paid'],
    ['above the rate is overdue warning (23 of 100)', week('2026-01-05', 23, 100), {}, 'overdue_warning'],
    ['up to 60 is overdue warning', week('2026-01-05', 60, 100), {}, 'overdue_warning'],
    ['above 60 is overdue critical', week('2026-01-05', 61, 100), {}, 'overdue_critical'],
    ['up to 100 is overdue critical', week('2026-01-05', 100, 100), {}, 'overdue_critical'],
    ['anything else is paid: above 100', week('2026-01-05', 150, 100), {}, 'paid'],
    ['anything else is paid: nothing to deduct from', week('2026-01-05', 0, 0), {}, 'paid'],
  ] as const)('%s', (_, repayment, extra, status) => {
    expect(weekStatus(repayment, loan(extra as Partial<Loan>))).toBe(status);
  });

  it('uses the loan’s own rate', () => {
    expect(weekStatus(week('2026-01-05', 30, 100), loan({ repayment_rate: 30 }))).toBe('paid');
  });
});

describe('week bar (§4): padded to the tenor with empty future slots; after an early payoff the slots repeat it', () => {
  it('pads to the tenor with future weeks, oldest first', () => {
    const slots = weekSlots(
      loan({ tenor: 4, repayments: [week('2026-01-12', 70, 100), week('2026-01-05', 20, 100)] }),
    );
    expect(slots.map((s) => s.status)).toEqual(['paid', 'overdue_critical', 'paying', 'paying']);
    expect(slots.map((s) => s.week)).toEqual([1, 2, 3, 4]);
  });

  it('repeats the early-payoff entry in the remaining slots', () => {
    const early = week('2026-01-12', 50_000, 0, { repayment_type: 'early_pay_off' });
    const slots = weekSlots(loan({ tenor: 4, repayments: [week('2026-01-05', 20, 100), early] }));
    expect(slots.map((s) => s.status)).toEqual(['paid', 'early_payoff', 'early_payoff', 'early_payoff']);
    expect(slots[3]!.repayment).toBe(early);
  });

  it('keeps every repayment when there are more than the tenor', () => {
    const repayments = ['01', '02', '03'].map((d) => week(`2026-02-${d}`, 20, 100));
    expect(weekSlots(loan({ tenor: 2, repayments }))).toHaveLength(3);
  });
});

describe('legend (§4): always to pay and repaid, plus overdue when any week is critical, plus early payoff when any repayment is early', () => {
  it.each([
    [[week('2026-01-05', 20, 100)], ['to_pay', 'repaid']],
    [[week('2026-01-05', 50, 100)], ['to_pay', 'repaid']],
    [[week('2026-01-05', 70, 100)], ['to_pay', 'repaid', 'overdue']],
    [
      [week('2026-01-05', 70, 100), week('2026-01-12', 1, 0, { repayment_type: 'early_pay_off' })],
      ['to_pay', 'repaid', 'overdue', 'early_payoff'],
    ],
  ])('%#', (repayments, entries) => {
    expect(legend(weekSlots(loan({ repayments })))).toEqual(entries);
  });
});

describe('progress (§4): floor(paid / total owed * 100), 0 if not a number', () => {
  it.each([
    [0, 109_000, 0],
    [54_499, 109_000, 49],
    [109_000, 109_000, 100],
    [0, 0, 0],
    [5, 0, 0],
    [200_000, 109_000, 100],
  ])('%d of %d is %d', (paid, owed, value) => {
    expect(progress({ paid_amount: paid, amount_vat: owed })).toBe(value);
  });
});

describe('loan alert (§4)', () => {
  it.each([
    [
      "status paying, latest repayment's deducted percent above the rate and its amount equal to the minimum: paying warning",
      loan({
        status: 'paying',
        repayments: [week('2026-01-05', 500, 100_000), week('2026-01-12', 2_000, 5_000)],
      }),
      { kind: 'paying_warning' },
    ],
    [
      'paying, above the rate but more than the minimum: none',
      loan({ status: 'paying', repayments: [week('2026-01-12', 3_000, 5_000)] }),
      null,
    ],
    [
      "status overdue and latest repayment 0: overdue critical ('this week payout was {amount}')",
      loan({
        status: 'overdue',
        repayments: [week('2026-01-05', 2_000, 9_000), week('2026-01-12', 0, 1_250)],
      }),
      { kind: 'overdue_critical', amount: 1_250 },
    ],
    [
      'status overdue and latest repayment above 0 but below the minimum: overdue weekly minimum',
      loan({ status: 'overdue', repayments: [week('2026-01-12', 1_500, 4_000)] }),
      { kind: 'overdue_weekly_minimum' },
    ],
    [
      'No alert for closed loans',
      loan({ status: 'closed', repayments: [week('2026-01-12', 0, 4_000)] }),
      null,
    ],
    [
      'No alert for direct-debit loans',
      loan({ status: 'overdue', tags: ['direct_debit'], repayments: [week('2026-01-12', 0, 4_000)] }),
      null,
    ],
    ['overdue without any repayment yet (our decision): none', loan({ status: 'overdue' }), null],
  ])('%s', (_, subject, alert) => expect(loanAlert(subject)).toEqual(alert));
});

describe('banners (§4)', () => {
  it.each([
    [
      'loan waiting with a next repayment date: the advance arrives with the next payout on that date',
      loan({ status: 'waiting', next_repayment_date: '2026-12-01' }),
      { kind: 'arrives_with_payout', date: '2026-12-01' },
    ],
    [
      'direct-debit loans say capital will reach the bank account soon',
      loan({ status: 'waiting_for_dda', tags: ['direct_debit'], next_repayment_date: '2026-12-01' }),
      { kind: 'direct_debit_soon' },
    ],
    [
      "Closed loans show 'you've fully repaid your capital advance'",
      loan({ status: 'closed' }),
      { kind: 'fully_repaid' },
    ],
    ['a paying loan: none', loan({ status: 'paying' }), null],
    ['waiting without a date: none', loan({ status: 'waiting' }), null],
  ])('%s', (_, subject, banner) => expect(loanBanner(subject)).toEqual(banner));
});

describe('direct-debit notices on a loan card (§4)', () => {
  const dd = (status: string, loanStatus = 'paying') =>
    loan({ status: loanStatus, tags: ['direct_debit'], direct_debit: { status } });
  it.each([
    ['created: SMS sent with instructions', dd('created'), 'sms_sent'],
    ['pending: SMS sent with instructions', dd('pending'), 'sms_sent'],
    [
      'waiting_for_bank_approval: funds after bank approval',
      dd('waiting_for_bank_approval', 'waiting_for_dda'),
      'bank_approval',
    ],
    ['rejected: a problem notice', dd('rejected'), 'problem'],
    ['error: a problem notice', dd('error'), 'problem'],
    ['canceled: support will reach out', dd('canceled'), 'support_will_reach_out'],
    ['closed: unable to charge repayments', dd('closed'), 'unable_to_charge'],
    [
      'loan waiting with direct debit active: funds arrive in 1 business day',
      dd('active', 'waiting'),
      'funds_next_business_day',
    ],
    ['loan closed: no notice', dd('pending', 'closed'), null],
    ['no direct debit: no notice', loan(), null],
  ])('%s', (_, subject, notice) => expect(directDebitNotice(subject)).toBe(notice));
});

describe("loan detail breadcrumb (§2): company legal name, or 'early payoff' when the loan has an early pay-off", () => {
  it('names', () => {
    expect(
      loanTitle(loan({ legal_info: { legal_name: 'Falcon Trading LLC', company_name: 'Falcon' } })),
    ).toEqual({
      kind: 'name',
      name: 'Falcon Trading LLC',
    });
    expect(loanTitle(loan({ early_pay_off: { repayment_amount: 1, capital_amount: 1 } }))).toEqual({
      kind: 'early_payoff',
    });
  });
});

describe('repayment table (§9): date (default, descending), repaymentAmount, directDebitStatus, resultingPayout, settlementPayout', () => {
  const a = week('2026-01-05', 300, 1_000, { status: 'paid' });
  const b = week('2026-01-12', 100, 5_000, { status: 'failed' });
  const c = week('2026-01-19', 200, 400);
  const rows = [a, b, c];
  it.each([
    [undefined, undefined, [c, b, a]],
    ['date', 'asc', [a, b, c]],
    ['repaymentAmount', 'desc', [a, c, b]],
    ['resultingPayout', 'desc', [b, a, c]],
    ['settlementPayout', 'asc', [c, a, b]],
    ['directDebitStatus', 'asc', [b, a, c]],
  ] as const)('%s %s', (column, direction, expected) => {
    expect(sortRepayments(rows, column, direction)).toEqual(expected);
  });
});
