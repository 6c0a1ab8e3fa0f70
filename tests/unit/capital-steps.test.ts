/**
 * Capital application steps (§2 "Offer entry page"): the steps a new application starts with, and where the offer
 * entry page sends a merchant who has started one; the call-back date window (§5); the capital texts exist in both
 * languages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  firstIncompleteStep,
  frfStepId,
  kybHandOverStep,
  initialSteps,
  isSimpleOffer,
  SIMPLE_STAGES,
  simpleStage,
  type ApplicationStep,
} from '../../src/domain/capital/steps';
import { callBackWindow } from '../../src/web/features/capital/components/Dialogs';

const kyb = (done: string[]): ApplicationStep[] =>
  [
    'your_details',
    'commercial_licence',
    'shareholders',
    'shareholder_ids',
    'iban_verification',
    'review',
  ].map((name) => ({ name, completed: done.includes(name), optional: false, group_name: 'kyb_flow' }));
const frf = (
  done: string[],
  names = ['bank_statements', 'sales_data', 'social_networks', 'location_details', 'preapproved_legal_info'],
) =>
  names.map((name): ApplicationStep => ({
    name,
    completed: done.includes(name),
    optional: name === 'social_networks' || name === 'location_details',
    group_name: 'full_revenue_flow',
  }));

describe('initial steps of an application on an offer', () => {
  it.each([
    [
      ['kyb_application'],
      false,
      [
        'your_details',
        'commercial_licence',
        'shareholders',
        'shareholder_ids',
        'iban_verification',
        'review',
      ],
    ],
    [
      ['full_revenue_flow'],
      true,
      ['bank_statements', 'sales_data', 'social_networks', 'location_details', 'preapproved_legal_info'],
    ],
    // "sales_data (only when the integration-form feature is on)"
    [
      ['full_revenue_flow'],
      false,
      ['bank_statements', 'social_networks', 'location_details', 'preapproved_legal_info'],
    ],
    // the simple form has no steps
    [[], true, []],
    [['early_payoff', 'bank_statement_required'], true, []],
  ])('tags %j, sales data %s → %j', (tags, salesData, names) => {
    const steps = initialSteps(tags, { salesData });
    expect(steps.map((s) => s.name)).toEqual(names);
    expect(steps.every((s) => !s.completed)).toBe(true);
    // "Social networks and location details: optional, skippable"
    expect(steps.filter((s) => s.optional).map((s) => s.name)).toEqual(
      names.filter((n) => n === 'social_networks' || n === 'location_details'),
    );
  });
});

describe('"redirects to the first incomplete non-optional step"', () => {
  it.each([
    ['kyb, nothing done', kyb([]), 'your_details'],
    ['kyb, details done', kyb(['your_details']), 'commercial_licence'],
    [
      'kyb, all but review',
      kyb(['your_details', 'commercial_licence', 'shareholders', 'shareholder_ids', 'iban_verification']),
      'review',
    ],
    [
      'kyb: "if all are complete go to review"',
      kyb([
        'your_details',
        'commercial_licence',
        'shareholders',
        'shareholder_ids',
        'iban_verification',
        'review',
      ]),
      'review',
    ],
    ['full revenue, nothing done', frf([]), 'bank_statements'],
    [
      'full revenue, optional steps skipped',
      frf(['bank_statements', 'sales_data']),
      'preapproved_legal_info',
    ],
    ['full revenue, out of order in the list', [...frf([])].reverse(), 'bank_statements'],
  ])('%s', (_name, steps, expected) => {
    expect(firstIncompleteStep(steps)?.name).toBe(expected);
  });

  it('"otherwise shows the customisation page": no steps, or every full-revenue step complete', () => {
    expect(firstIncompleteStep([])).toBeNull();
    expect(firstIncompleteStep(frf(['bank_statements', 'sales_data', 'preapproved_legal_info']))).toBeNull();
  });
});

describe('call-back dates (§5: "earliest is one day from today, latest one month after that")', () => {
  it.each([
    ['2026-11-23T10:00:00', '2026-11-24', '2026-12-24'],
    ['2026-01-30T23:00:00', '2026-01-31', '2026-02-28'],
    ['2028-01-30T12:00:00', '2028-01-31', '2028-02-29'],
    ['2026-12-31T08:00:00', '2027-01-01', '2027-02-01'],
  ])('on %s: %s … %s', (now, earliest, latest) => {
    const window = callBackWindow(new Date(now));
    expect(window.earliest).toBe(earliest);
    expect(window.latest).toBe(latest);
  });
});

describe('the simple form', () => {
  it.each([
    ['submitted', 'await_review'],
    ['approved', 'sign_contract'],
    ['reset', 'make_changes'],
    ['draft', 'apply'],
    ['verified', 'apply'],
    ['rejected', 'apply'],
    [null, 'apply'],
  ])('maps the status %s to the stage %s (§4)', (status, stage) => {
    expect(SIMPLE_STAGES[simpleStage(status)]).toBe(stage);
  });
  it('is the form of an offer with neither wizard tag', () => {
    expect(isSimpleOffer([])).toBe(true);
    expect(isSimpleOffer(['early_payoff', 'bank_statement_required'])).toBe(true);
    expect(isSimpleOffer(['kyb_application'])).toBe(false);
    expect(isSimpleOffer(['full_revenue_flow'])).toBe(false);
  });
});

describe('capital texts', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
      : [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  const read = (lang: string, file: string) =>
    new Set(keys(JSON.parse(readFileSync(`locales/${lang}/${file}.json`, 'utf8'))));
  // capital: the section's screens; capital-forms: its catalogue forms' texts (shipped with their versions, not
  // in the section's bundle); sandbox: the sandbox connector's consent page (server only).
  it.each(['capital', 'capital-forms', 'sandbox'])(
    '%s: say the same things in English and Arabic',
    (file) => {
      expect([...read('ar', file)].sort()).toEqual([...read('en', file)].sort());
    },
  );
});

describe("the full-revenue wizard's addresses (§2)", () => {
  it('each step of the flow by its hyphenated name; legal info as legal-info', () => {
    expect(frfStepId('bank_statements')).toBe('bank-statements');
    expect(frfStepId('sales_data')).toBe('sales-data');
    expect(frfStepId('social_networks')).toBe('social-networks');
    expect(frfStepId('location_details')).toBe('location-details');
    expect(frfStepId('preapproved_legal_info')).toBe('legal-info');
  });

  it('kyb_legal_info and unknown names have none; KYB takes over at the licence once verified', () => {
    expect(frfStepId('kyb_legal_info')).toBeNull();
    expect(frfStepId('customize_your_offer')).toBeNull();
    expect(kybHandOverStep('verified')).toBe('commercial-licence');
    expect(kybHandOverStep('draft')).toBe('initialization');
  });
});
