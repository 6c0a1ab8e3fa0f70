/**
 * Capital's forms as catalogue flows on the one drafts API (schemas/capital-*, src/server/services/capital/flowHooks.ts):
 * who may open them on which subject, the server's facts that route them (a reset's reason), the flow's step
 * schemas judging every save, and submit doing what the product does (joining the waitlist, sending a fix) with
 * the capital service's own refusals (§8, `details.reason`) — the draft staying a draft when refused.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { capitalApplications } from '../../src/server/db/schema';
import { createTestApp, loadDemoData } from './setup/app';
import { uploadPdf } from './setup/upload';
import { signIn, type Caller, type Json } from './setup/signIn';

const { app, db } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app);

/** More applications on hold for the applications persona, one per reason of §4 (and one §4 does not name). */
const REASONS = [
  'business_license_expired',
  'irrelevant_license',
  'beneficiary_name_mismatch',
  'company_name_mismatch',
  'documents_unreadable',
];
const extra = await app.inject({
  method: 'POST',
  url: '/dev/fixtures',
  payload: {
    capital_applications: REASONS.map((reason) => ({
      id: `capp-reset-${reason.replace(/_/g, '-')}`,
      merchant_id: 'mer-mirage-perfumes',
      status: 'reset',
      amount: 50000,
      tenor: 12,
      created_at: 'today-1w',
      reasons: [`reason_${reason}`],
      answers: {
        legal_info: {
          company_name: 'Mirage Perfumes LLC',
          cr_number: 'CN-2045871',
          cr_file_url: '/demo/licence-mirage.pdf',
          company_address: 'Shop 12, Gold Souk, Deira, Dubai',
        },
      },
    })),
  },
});
if (extra.statusCode !== 200) throw new Error(`reset fixture: ${extra.body}`);

const F = '/merchant/api/v1/flows';
const keysOf = (fieldErrors: Record<string, { key: string }> | undefined) =>
  Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([pointer, error]) => [pointer, error.key]));

let applications: Caller, waitlist: Caller, offers: Caller, staff: Caller;
beforeAll(async () => {
  [applications, waitlist, offers, staff] = await Promise.all([
    signIn(app, 'capital-applications@demo.example', '+971502220006'),
    signIn(app, 'capital-waitlist@demo.example', '+971502220007'),
    signIn(app, 'capital-offers@demo.example', '+971502220001'),
    signIn(app, 'staff@demo.example', '+966501234568'),
  ]);
});

const upload = (who: Caller) => uploadPdf(app, who);

describe('capital-waitlist', () => {
  it('is only for an account that sees capital (403 otherwise)', async () => {
    const res = await staff.call('POST', `${F}/capital-waitlist/drafts`, {});
    expect(res.status).toBe(403);
  });

  it('is closed to an account that sees capital without the capital_waitlist experiment (§6: flags gate the waitlist)', async () => {
    // capital-offers sees capital (the `capital` experiment) but has no `capital_waitlist`.
    const form = await offers.call('POST', `${F}/capital-waitlist/drafts`, {});
    expect(form).toMatchObject({
      status: 403,
      body: { message: 'the capital waitlist is not open for this account' },
    });
    const stores = (await offers.call('GET', '/merchant/api/v1/stores')).body.items.map((s: Json) => s.id);
    const joined = await offers.call('POST', '/merchant/api/v1/capital/waitlist', {
      stores,
      capitalUse: 'manage_cash_flows',
    });
    expect(joined.status).toBe(403);
    expect((await offers.call('GET', '/merchant/api/v1/capital/waitlist')).body.joined).toBe(false);
  });

  it('judges answers by the step schema, refuses a foreign store at submit, then joins', async () => {
    const stores = (await waitlist.call('GET', '/merchant/api/v1/stores')).body.items.map((s: Json) => s.id);
    expect(stores.length).toBeGreaterThan(0);
    let res = await waitlist.call('POST', `${F}/capital-waitlist/drafts`, {});
    expect(res.status).toBe(201);
    const draft = `${F}/capital-waitlist/drafts/${res.body.id}`;
    expect(res.body.steps).toEqual(['join']);

    res = await waitlist.call('PUT', `${draft}/steps/join`, { stores, capitalUse: 'buy_a_yacht' });
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toEqual({ '/capitalUse': 'validation:error.enum' });

    res = await waitlist.call('PUT', `${draft}/steps/join`, { stores, capitalUse: 'other' });
    expect(res.status).toBe(200);
    res = await waitlist.call('POST', `${draft}/submit`);
    expect(res.status).toBe(422); // "other" needs its text
    expect(res.body.field_errors).toHaveProperty(['/otherUse']);

    res = await waitlist.call('PUT', `${draft}/steps/join`, {
      stores: ['sto-falcon-electronics'], // another merchant's store
      capitalUse: 'manage_cash_flows',
    });
    expect(res.status).toBe(200);
    res = await waitlist.call('POST', `${draft}/submit`);
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toEqual({ '/stores/0': 'capital:error.unknownStore' });
    expect((await waitlist.call('GET', draft)).body.status).toBe('draft');
    expect((await waitlist.call('GET', '/merchant/api/v1/capital/waitlist')).body.joined).toBe(false);

    res = await waitlist.call('PUT', `${draft}/steps/join`, {
      stores,
      capitalUse: 'other',
      otherUse: 'A second warehouse',
    });
    expect(res.status).toBe(200);
    res = await waitlist.call('POST', `${draft}/submit`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('submitted');
    expect((await waitlist.call('GET', '/merchant/api/v1/capital/waitlist')).body).toEqual({
      joined: true,
      stores,
      capitalUse: 'other',
      otherUse: 'A second warehouse',
    });
  });
});

describe('capital-reset', () => {
  const start = (id: string, who = applications) =>
    who.call('POST', `${F}/capital-reset/drafts`, { scope: id });

  it("opens only on the caller's own application on hold (404 otherwise)", async () => {
    expect((await start('capp-mirage-reset', offers)).status).toBe(404); // another merchant's
    expect((await start('capp-mirage-submitted')).status).toBe(404); // not on hold
    expect((await start('capp-nobody')).status).toBe(404);
    expect((await applications.call('POST', `${F}/capital-reset/drafts`, {})).status).toBe(404);
  });

  it("routes by the application's reason (§4), the server's fact, with its details filled in", async () => {
    const expected: Record<string, string> = {
      business_license_expired: 'licence-expired',
      irrelevant_license: 'irrelevant-licence',
      beneficiary_name_mismatch: 'beneficiary-name-mismatch',
      company_name_mismatch: 'company-name-mismatch',
      documents_unreadable: 'other-reason',
    };
    for (const reason of REASONS) {
      const res = await start(`capp-reset-${reason.replace(/_/g, '-')}`);
      expect(res.status).toBe(201);
      expect(res.body.steps).toEqual([expected[reason]]);
      expect(res.body.data.$facts).toEqual({
        reason: reason === 'documents_unreadable' ? 'other' : reason,
        application_id: `capp-reset-${reason.replace(/_/g, '-')}`,
        stage: 1, // an application without wizard steps is the simple form's: "make changes" (§4)
      });
      // What the licence says now, to change (not its file: every reason asks for a new one).
      expect(res.body.data).toMatchObject({
        cr_number: 'CN-2045871',
        company_name_or_legal_name: 'Mirage Perfumes LLC',
      });
      expect(res.body.data).not.toHaveProperty('cr_file');
    }
  });

  it('never takes the facts from the merchant', async () => {
    const { body } = await start('capp-reset-company-name-mismatch');
    const draft = `${F}/capital-reset/drafts/${body.id}`;
    const res = await applications.call('PUT', `${draft}/steps/company-name-mismatch`, {
      company_name_or_legal_name: 'Mirage Perfumes Trading LLC',
      $facts: { reason: 'irrelevant_license' },
    });
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toEqual({ '/$facts': 'validation:error.unknownField' });
    expect((await applications.call('GET', draft)).body.data.$facts.reason).toBe('company_name_mismatch');
  });

  it("sends the fix: the step's rules, the service's refusals by details.reason (§8), then a new fix next time", async () => {
    let res = await start('capp-reset-company-name-mismatch');
    const draft = `${F}/capital-reset/drafts/${res.body.id}`;
    res = await applications.call('PUT', `${draft}/steps/company-name-mismatch`, {
      company_name_or_legal_name: 'M'.repeat(201),
    });
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toEqual({
      '/company_name_or_legal_name': 'validation:error.maxLength',
    });
    // Unchanged: the service's refusal, with its reason and the field to change.
    res = await applications.call('PUT', `${draft}/steps/company-name-mismatch`, {
      company_name_or_legal_name: 'Mirage Perfumes LLC',
    });
    expect(res.status).toBe(200);
    res = await applications.call('POST', `${draft}/submit`);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ reason: 'params_for_update_not_diff' });
    expect(keysOf(res.body.field_errors)).toEqual({
      '/company_name_or_legal_name': 'capital:error.unchanged',
    });
    expect((await applications.call('GET', draft)).body.status).toBe('draft');

    res = await applications.call('PUT', `${draft}/steps/company-name-mismatch`, {
      company_name_or_legal_name: 'Mirage Perfumes Trading LLC',
    });
    expect(res.status).toBe(200);
    res = await applications.call('POST', `${draft}/submit`);
    expect(res.status).toBe(200);
    // Only what this reason asks for went (the number and address the draft began with stayed as they were).
    res = await applications.call(
      'GET',
      '/merchant/api/v1/capital/application/capp-reset-company-name-mismatch',
    );
    expect(res.body).toMatchObject({
      status: 'submitted',
      reasons: [],
      legal_info: { company_name: 'Mirage Perfumes Trading LLC', cr_number: 'CN-2045871' },
    });
    expect((await start('capp-reset-company-name-mismatch')).status).toBe(404); // no longer on hold
  });

  it('sends a new licence file decoded, and a second reset of the same application is a new fix', async () => {
    const id = 'capp-reset-business-license-expired';
    let res = await start(id);
    const first = res.body.id;
    const draft = `${F}/capital-reset/drafts/${first}`;
    res = await applications.call('POST', `${draft}/submit`);
    expect(res.status).toBe(422);
    expect(res.body.field_errors).toHaveProperty(['/cr_file']);
    const url = await upload(applications);
    res = await applications.call('PUT', `${draft}/steps/licence-expired`, { cr_file: url });
    expect(res.status).toBe(200);
    res = await applications.call('POST', `${draft}/submit`);
    expect(res.status).toBe(200);
    res = await applications.call('GET', `/merchant/api/v1/capital/application/${id}`);
    expect(res.body.legal_info.cr_file_url).toBe(decodeURI(url));

    // Ops put it on hold again: the merchant gets a fresh form, not the one already sent.
    await db.update(capitalApplications).set({ status: 'reset' }).where(eq(capitalApplications.id, id));
    res = await start(id);
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(first);
    expect(res.body.status).toBe('draft');
    expect(res.body.scope).toBe(`${id}-fix-2`);
  });
});

describe('capital-simple', () => {
  const start = (offerId: string, who = offers) =>
    who.call('POST', `${F}/capital-simple/drafts`, { scope: offerId });
  const licence = async () => ({
    cr_file: await upload(offers),
    cr_number: 'CN-7781234',
    company_name_or_legal_name: 'Falcon Electronics LLC',
    registered_company_address: 'Unit 4, Al Quoz 3, Dubai',
    fixed_payout_agreement: true,
  });

  it("opens only on the caller's own offer of the simple form (404 otherwise)", async () => {
    expect((await start('off-nobody')).status).toBe(404);
    expect((await start('off-palm-renewal')).status).toBe(404); // another merchant's
    expect((await start('off-falcon-online')).status).toBe(404); // a KYB offer: its wizard asks
    expect((await start('off-falcon-full-revenue')).status).toBe(404); // a full-revenue one
    expect((await start('off-falcon-mall-a', staff)).status).toBe(403);
  });

  it('starts at "apply" with the signatory as the account knows it, the statement as the offer says', async () => {
    let res = await start('off-falcon-mall-a');
    expect(res.status).toBe(201);
    expect(res.body.steps).toEqual(['apply']);
    expect(res.body.data).toEqual({
      $facts: { offer_id: 'off-falcon-mall-a', bank_statement_required: false, stage: 0 },
      sign: { name: 'Faisal Rahman', email: 'capital-offers@demo.example', phone: '+971502220001' },
    });
    res = await start('off-falcon-abu-dhabi');
    expect(res.body.steps).toEqual(['apply-statement']);
    expect(res.body.data.$facts.bank_statement_required).toBe(true);
  });

  it('asks for the bank statement when the offer says so, and both finance contacts when one is given', async () => {
    let res = await start('off-falcon-abu-dhabi');
    const draft = `${F}/capital-simple/drafts/${res.body.id}`;
    res = await offers.call('PUT', `${draft}/steps/apply-statement`, {
      sign: { name: 'Faisal Rahman', email: 'faisal@falcon.example', phone: '+971502220001' },
      is_finance: true,
      finance: { name: 'Layla Haddad', phone: '+971501112233' },
      ...(await licence()),
    });
    expect(res.status).toBe(200);
    res = await offers.call('POST', `${draft}/submit`);
    expect(res.status).toBe(422);
    expect(keysOf(res.body.field_errors)).toEqual({
      '/application': 'validation:error.required',
      '/finance/email': 'capital-forms:person.emailWithPhone',
    });
    res = await offers.call('PUT', `${draft}/steps/apply-statement`, {
      sign: { name: 'Faisal Rahman', email: 'faisal@falcon.example', phone: '+97150' },
      fixed_payout_agreement: false,
    });
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toEqual({
      '/sign/phone': 'capital:error.phoneInvalid',
      '/fixed_payout_agreement': 'validation:error.required',
    });
  });

  it('applies: creates the application, sends its answers and submits it; then it is sent for good', async () => {
    let res = await start('off-falcon-abu-dhabi');
    const draft = `${F}/capital-simple/drafts/${res.body.id}`;
    const statement = await uploadPdf(app, offers, 'statement 2026.pdf');
    res = await offers.call('PUT', `${draft}/steps/apply-statement`, {
      sign: { name: 'Faisal Rahman', email: 'Faisal@Falcon.example', phone: '+971502220001' },
      is_finance: true,
      finance: { name: 'Layla Haddad', phone: '+971501112233', email: 'layla@falcon.example' },
      application: { bank_statement_url: statement },
      ...(await licence()),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    res = await offers.call('POST', `${draft}/submit`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('submitted');

    res = await offers.call('GET', '/merchant/api/v1/capital/offer/off-falcon-abu-dhabi/application');
    expect(res.body).toMatchObject({
      status: 'submitted',
      steps: [],
      authorized_signatory: { name: 'Faisal Rahman', email: 'faisal@falcon.example', phone: '+971502220001' },
      finance_signatory: { name: 'Layla Haddad', phone: '+971501112233', email: 'layla@falcon.example' },
      legal_info: { company_name: 'Falcon Electronics LLC', cr_number: 'CN-7781234' },
      bank_statements: [{ url: decodeURI(statement) }],
    });
    res = await start('off-falcon-abu-dhabi');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ reason: 'already_applied' });
  });
});
