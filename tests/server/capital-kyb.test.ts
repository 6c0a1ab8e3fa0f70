/**
 * capital-kyb as a catalogue flow (schemas/capital-kyb, hooks in src/server/services/capital/flowHooks.ts): opened on
 * an application of a KYB offer, each complete step does what the spec's wizard does (§7: PATCH the answers,
 * send and check the signatory's code), refusals (§8) answer the save, and submit sends the application.
 */
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, loadDemoData } from './setup/app';
import { uploadPdf } from './setup/upload';
import { signIn, type Caller, type Json } from './setup/signIn';
import { judged } from './setup/judged';

vi.mock('../../src/server/auth/codes', async (original) =>
  (await import('./setup/judged')).counting(await original()),
);

// PGlite on its own thread, as npm start runs it, so calls sent at once race as they do in the product.
const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' }, thread: true });
await loadDemoData(app);

const F = '/merchant/api/v1/flows/capital-kyb/drafts';
const CAPITAL = '/merchant/api/v1/capital';
const keysOf = (fieldErrors: Record<string, { key: string }> | undefined) =>
  Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([pointer, error]) => [pointer, error.key]));

/** The last code sent to a number. */
async function lastCode(to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
  const sent = (res.json() as { to: string; code: string }[]).filter((m) => m.to === to);
  if (sent.length === 0) throw new Error(`no code sent to ${to}`);
  return sent.at(-1)!.code;
}

const offers: Caller = await signIn(app, 'capital-offers@demo.example', '+971502220001');
const staff: Caller = await signIn(app, 'staff@demo.example', '+966501234568');
const upload = () => uploadPdf(app, offers);

async function kybApplication() {
  const existing = await offers.call('GET', `${CAPITAL}/offer/off-falcon-online/application`);
  expect(existing.status).toBe(200);
  if (existing.body) return String(existing.body.id);
  const res = await offers.call('POST', `${CAPITAL}/application`, { offer_id: 'off-falcon-online' });
  expect(res.status).toBe(201);
  return String(res.body.id);
}

describe('capital-kyb', () => {
  it('opens only on an application of the caller with KYB steps', async () => {
    expect((await offers.call('POST', F, { scope: 'capp-nobody' })).status).toBe(404);
    const id = await kybApplication();
    expect((await staff.call('POST', F, { scope: id })).status).toBe(403);
    const res = await offers.call('POST', F, { scope: id });
    expect(res.status).toBe(201);
    // Falcon's legal entity has an IBAN: the IBAN step asks to confirm it.
    expect(res.body.data.$facts).toMatchObject({
      application_id: id,
      iban_known: true,
      known_iban: 'AE200330001234567890123',
    });
    expect(res.body.steps).toContain('iban-confirm');
    expect(res.body.steps).not.toContain('iban-edit');
  });

  it('walks every step to a submitted application, with the §8 refusals on the way', async () => {
    const id = await kybApplication();
    const open = await offers.call('POST', F, { scope: id });
    const draft = `${F}/${open.body.id}`;
    // The merchant's Next: the step's save with `advance` (the hooks act on it).
    const save = (step: string, body: Json) =>
      offers.call('PUT', `${draft}/steps/${step}?advance=true`, body);
    const autosave = (step: string, body: Json) => offers.call('PUT', `${draft}/steps/${step}`, body);
    const phone = '+971501112233';
    const signatory = {
      name: 'Khalid Al Falasi',
      email: 'Khalid@Falcon.Example',
      phone,
      national_id_number: '784198712345671',
      national_id_url: await upload(),
    };

    expect((await save('initialization', { documents_ready: true })).status).toBe(200);

    // §5: 15 digits (a save with a wrong answer is refused, naming it).
    let res = await save('your-details', {
      authorized_signatory: { ...signatory, national_id_number: '78419871234' },
    });
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toEqual({
      '/authorized_signatory/national_id_number': 'capital-forms:kyb.details.idNumberInvalid',
    });
    // Without the authority box: saved, but not complete, so no code yet.
    res = await save('your-details', { authorized_signatory: signatory });
    expect(res.status).toBe(200);
    expect(res.body.data.$facts.code_sent).toBeUndefined();

    // Complete but only autosaved (the merchant still typing): no code yet.
    res = await autosave('your-details', { authorized_signatory: signatory, authority_confirmed: true });
    expect(res.status).toBe(200);
    expect(res.body.data.$facts.code_sent).toBeUndefined();

    // Next: the signatory is saved (e-mail lowercased) and a code goes to the phone.
    res = await save('your-details', { authorized_signatory: signatory, authority_confirmed: true });
    expect(res.status).toBe(200);
    expect(res.body.data.$facts.code_sent).toBe(true);
    let application = (await offers.call('GET', `${CAPITAL}/application/${id}`)).body;
    expect(application.authorized_signatory).toMatchObject({ email: 'khalid@falcon.example', phone });
    const first = await lastCode(phone);
    // Next again with the same number (back, then forward): no second code.
    res = await save('your-details', { authorized_signatory: signatory, authority_confirmed: true });
    expect(res.status).toBe(200);
    expect(await lastCode(phone)).toBe(first);
    // A wrong code typed and autosaved is no attempt: only Confirm checks it.
    res = await autosave('confirm-code', { code: first === '0000' ? '1111' : '0000' });
    expect(res.status).toBe(200);

    // A resend within 30 seconds: 429 (the widget's 5-minute lock).
    res = await offers.call('POST', `${draft}/actions/resend-otp`, {});
    expect(res.status).toBe(429);

    // A wrong code: the save is refused with the §8 message, nothing stored.
    const wrong = first === '0000' ? '1111' : '0000';
    res = await save('confirm-code', { code: wrong });
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toEqual({ '/code': 'capital:error.codeInvalid' });
    expect((await offers.call('GET', `${CAPITAL}/application/${id}`)).body.status).toBe('draft');

    res = await save('confirm-code', { code: first });
    expect(res.status).toBe(200);
    application = (await offers.call('GET', `${CAPITAL}/application/${id}`)).body;
    expect(application.status).toBe('verified');

    // The licence, then its details: expiry before issue is refused (§5).
    const file = await upload();
    res = await save('commercial-licence', { legal_info: { cr_file_url: file } });
    expect(res.status).toBe(200);
    const legal = {
      company_name: 'Falcon Electronics LLC',
      cr_number: 'CN-7781234',
      company_address: 'Unit 4, Al Quoz 3, Dubai',
      license_metadata: {
        activities: 'Electronics trading',
        issue_date: '2099-01-01',
        expiry_date: '2098-06-01',
      },
    };
    res = await save('licence-details', { legal_info: legal });
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toMatchObject({
      '/legal_info/license_metadata/expiry_date': 'capital-forms:kyb.licenceDetails.expiryBeforeIssue',
    });
    legal.license_metadata = {
      activities: 'Electronics trading',
      issue_date: '2024-01-01',
      expiry_date: '2099-06-01',
    };
    res = await save('licence-details', { legal_info: legal });
    expect(res.status).toBe(200);
    application = (await offers.call('GET', `${CAPITAL}/application/${id}`)).body;
    expect(application.legal_info).toMatchObject({
      company_name: 'Falcon Electronics LLC',
      cr_file_url: file,
    });
    expect(application.steps.find((s: Json) => s.name === 'commercial_licence').completed).toBe(true);

    // Shareholders: 20 percent is refused by the step's schema (§5 message).
    res = await save('shareholders', { shareholders: [{ name: 'Khalid', type: 'individual', value: 20 }] });
    expect(keysOf(res.body.field_errors)).toEqual({ '/shareholders/0/value': 'capital:error.sharesMin' });
    const holders = [
      { name: 'Khalid Al Falasi', type: 'individual', value: 60 },
      { name: 'Maria Lopez', type: 'individual', value: 40 },
    ];
    res = await save('shareholders', { shareholders: holders });
    expect(res.status).toBe(200);
    expect(res.body.field_errors ?? {}).toEqual({});

    // IDs: a resident needs an Emirates ID; a non-resident sends none (§7).
    const passport = await upload();
    const emiratesId = await upload();
    res = await save('shareholder-ids', {
      shareholders: [
        { ...holders[0], documents: { passport: { file: passport } } },
        { ...holders[1], documents: { passport: { file: passport }, non_resident: true } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.first_incomplete_step).toBe('shareholder-ids'); // the resident's Emirates ID is missing
    application = (await offers.call('GET', `${CAPITAL}/application/${id}`)).body;
    expect(application.shareholders[0]).not.toHaveProperty('documents');
    res = await save('shareholder-ids', {
      shareholders: [
        { ...holders[0], documents: { passport: { file: passport }, national_id: { file: emiratesId } } },
        { ...holders[1], documents: { passport: { file: passport }, non_resident: true } },
      ],
    });
    expect(res.status).toBe(200);
    application = (await offers.call('GET', `${CAPITAL}/application/${id}`)).body;
    expect(application.shareholders).toEqual([
      {
        name: 'Khalid Al Falasi',
        type: 'individual',
        value: 60,
        uae_resident: true,
        documents: { passport: { file: passport }, national_id: { file: emiratesId } },
      },
      {
        name: 'Maria Lopez',
        type: 'individual',
        value: 40,
        uae_resident: false,
        documents: { passport: { file: passport } },
      },
    ]);

    // Back on the shareholders step, its form holds the IDs step's files too: taken, and kept.
    res = await save('shareholders', {
      shareholders: [
        {
          ...holders[0],
          value: 55,
          documents: { passport: { file: passport }, national_id: { file: emiratesId } },
        },
        { ...holders[1], value: 45, documents: { passport: { file: passport }, non_resident: true } },
      ],
    });
    expect(res.status).toBe(200);
    application = (await offers.call('GET', `${CAPITAL}/application/${id}`)).body;
    expect(application.shareholders.map((s: Json) => [s.value, s.documents])).toEqual([
      [55, { passport: { file: passport }, national_id: { file: emiratesId } }],
      [45, { passport: { file: passport } }],
    ]);

    // §4 IBAN flow. Another account than the one we know: not saved, the negative step asks.
    const other = 'AE070331234567890123456';
    res = await save('iban-confirm', { use_other_account: true });
    expect(res.status).toBe(200);
    expect(res.body.steps).toContain('iban-edit');
    res = await save('iban-edit', { bank_details: { iban: other, confirmed: true } });
    expect(res.status).toBe(200);
    expect(res.body.data.$facts.iban_negative).toBe(true);
    expect(res.body.steps).toContain('iban-negative');
    expect(res.body.first_incomplete_step).toBe('iban-negative');
    expect((await offers.call('GET', `${CAPITAL}/application/${id}`)).body.bank_details ?? null).toBeNull();
    // "Give another IBAN": judged the same way — another one we do not know is refused with the same words.
    res = await save('iban-negative', {
      iban_decision: 'another',
      replacement_iban: 'AE900330001234567890124',
    });
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toEqual({
      '/replacement_iban': 'capital-forms:kyb.iban.negativeTitle',
    });
    // "This IBAN belongs to my business": saved, marked as the merchant's word.
    res = await save('iban-negative', { iban_decision: 'confirm' });
    expect(res.status).toBe(200);
    expect((await offers.call('GET', `${CAPITAL}/application/${id}`)).body.bank_details).toMatchObject({
      iban: other,
      owner_confirmed: true,
    });
    // A changed IBAN drops the decision about the one before.
    res = await autosave('iban-edit', { bank_details: { iban: 'AE900330001234567890124', confirmed: true } });
    expect(res.body.data.iban_decision).toBeUndefined();
    // Another IBAN given instead, the one we know: taken.
    res = await save('iban-negative', {
      iban_decision: 'another',
      replacement_iban: 'AE200330001234567890123',
    });
    expect(res.status).toBe(200);
    expect((await offers.call('GET', `${CAPITAL}/application/${id}`)).body.bank_details).toMatchObject({
      iban: 'AE200330001234567890123',
    });
    // Back to the one we know after all: confirmed by its hidden characters, the negative step goes away.
    res = await save('iban-confirm', { iban_on_file: 'AE200330001234567890123' });
    expect(res.status).toBe(200);
    expect(res.body.data.$facts.iban_negative).toBe(false);
    expect(res.body.steps).not.toContain('iban-negative');
    expect(res.body.steps).not.toContain('iban-edit');
    res = await offers.call('POST', `${draft}/submit`);
    expect(res.status).toBe(200);
    application = (await offers.call('GET', `${CAPITAL}/application/${id}`)).body;
    expect(application.status).toBe('submitted');
    expect(application.bank_details).toMatchObject({ iban: 'AE200330001234567890123' });

    // Sent: the wizard no longer opens (the page shows the application).
    res = await offers.call('POST', F, { scope: id });
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('already_applied');
  });
});

/** A KYB offer of Falcon's (for a test that needs an application of its own). */
const falconKybOffer = (id: string) => ({
  id,
  merchant_id: 'mer-falcon-electronics',
  store_id: 'sto-falcon-electronics',
  amount: 50000,
  tenor: 12,
  tags: ['kyb_application'],
});

async function loadFixtures(payload: Record<string, unknown>) {
  const fixtures = await app.inject({ method: 'POST', url: '/dev/fixtures', payload });
  expect(fixtures.statusCode, fixtures.body).toBeLessThan(300);
}

/** A new application on an offer: its id. */
async function applicationOn(offerId: string) {
  const made = await offers.call('POST', `${CAPITAL}/application`, { offer_id: offerId });
  expect(made.status).toBe(201);
  return String(made.body.id);
}

/** Saves the application's signatory with this phone, then asks for a code to it. */
async function sendCodeTo(id: string, phone: string) {
  await setSignatoryPhone(id, phone);
  return offers.call('POST', `${CAPITAL}/application/${id}/resend-otp`);
}

/** How many messages the product has sent. */
const outboxCount = async () =>
  ((await app.inject({ method: 'GET', url: '/dev/outbox' })).json() as unknown[]).length;

/** Saves the application's signatory with this phone. */
async function setSignatoryPhone(id: string, phone: string) {
  const patched = await offers.call('PATCH', `${CAPITAL}/application/${id}`, {
    authorized_signatory: {
      name: 'Khalid',
      email: 'k@falcon.example',
      phone,
      national_id_number: '784198712345671',
    },
  });
  expect(patched.status).toBe(200);
}

describe("the signatory's code is guarded like sign-in's (codeLocks.ts)", () => {
  it("five wrong codes for a number lock it for 30 minutes, whichever application's code it was", async () => {
    // Two KYB applications of Falcon's whose signatory has the same number.
    await loadFixtures({ capital_offers: ['off-lock-a', 'off-lock-b'].map(falconKybOffer) });
    const phone = '+971501239876';
    const ids: string[] = [];
    for (const offer of ['off-lock-a', 'off-lock-b']) {
      const id = await applicationOn(offer);
      await setSignatoryPhone(id, phone);
      ids.push(id);
    }
    const [a, b] = ids as [string, string];
    expect((await offers.call('POST', `${CAPITAL}/application/${a}/resend-otp`)).status).toBe(200);
    const codeA = await lastCode(phone);
    const wrong = codeA === '0000' ? '1111' : '0000';
    for (let i = 1; i <= 4; i++) {
      const res = await offers.call('POST', `${CAPITAL}/application/${a}/verify`, { code: wrong });
      expect(keysOf(res.body.field_errors)).toEqual({ '/code': 'capital:error.codeInvalid' });
    }
    let res = await offers.call('POST', `${CAPITAL}/application/${a}/verify`, { code: wrong });
    expect(keysOf(res.body.field_errors)).toEqual({ '/code': 'capital:error.tooManyAttempts' });

    // Another application's code to the same number: even the right one waits out the lock.
    expect((await offers.call('POST', `${CAPITAL}/application/${b}/resend-otp`)).status).toBe(200);
    res = await offers.call('POST', `${CAPITAL}/application/${b}/verify`, { code: await lastCode(phone) });
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toEqual({ '/code': 'capital:error.tooManyAttempts' });
  });
});

describe("the signatory's code, tried many times at once (issue 53)", () => {
  it('a burst of wrong codes is judged at most five times, and the right code is then refused', async () => {
    await loadFixtures({ capital_offers: [falconKybOffer('off-burst')] });
    const id = await applicationOn('off-burst');
    const phone = '+971501239877';
    expect((await sendCodeTo(id, phone)).status).toBe(200);
    const code = await lastCode(phone);
    const guesses = Array.from({ length: 60 }, (_, i) =>
      String((Number(code) + 1 + i) % 10000).padStart(4, '0'),
    );
    const before = judged.count;
    const answers = await Promise.all(
      guesses.map((guess) => offers.call('POST', `${CAPITAL}/application/${id}/verify`, { code: guess })),
    );
    expect(judged.count - before).toBeLessThanOrEqual(5);
    const invalid = answers.filter(
      (a) => keysOf(a.body.field_errors)['/code'] === 'capital:error.codeInvalid',
    );
    // The fifth judged guess locks the number and says so; so at most four say "invalid".
    expect(invalid.length).toBeLessThanOrEqual(4);
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const right = await offers.call('POST', `${CAPITAL}/application/${id}/verify`, { code });
    expect(keysOf(right.body.field_errors)).toEqual({ '/code': 'capital:error.tooManyAttempts' });
  });

  it('one right code verifies the application once, whatever number of calls bring it at once', async () => {
    await loadFixtures({ capital_offers: [falconKybOffer('off-once')] });
    const id = await applicationOn('off-once');
    const phone = '+971501239878';
    expect((await sendCodeTo(id, phone)).status).toBe(200);
    const code = await lastCode(phone);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => offers.call('POST', `${CAPITAL}/application/${id}/verify`, { code })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // The others: the code is gone, or (counted past the limit before it was compared) too many tries.
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(['capital:error.codeFailed', 'capital:error.tooManyAttempts']).toContain(
        keysOf(refused.body.field_errors)['/code'],
      );
  });
});

describe('codes to at most 3 different numbers per application in an hour (SMS pumping)', () => {
  it('refuses a fourth new number with nothing sent; resends to the three go on; an hour later a new one goes', async () => {
    await loadFixtures({ capital_offers: [falconKybOffer('off-pumping')] });
    const id = await applicationOn('off-pumping');
    const sendTo = (phone: string) => sendCodeTo(id, phone);
    for (const phone of ['+971501230001', '+971501230002', '+971501230003'])
      expect((await sendTo(phone)).status).toBe(200);

    const before = await outboxCount();
    const fourth = await sendTo('+971501230004');
    expect(fourth.status).toBe(400);
    expect(keysOf(fourth.body.field_errors)).toEqual({
      '/authorized_signatory/phone': 'capital:error.tooManyAttempts',
    });
    expect(await outboxCount()).toBe(before);
    // Back to a number already sent to: a resend (after its 30 seconds), not a new number.
    await app.inject({ method: 'POST', url: '/dev/clock', payload: { advance_ms: 31_000 } });
    expect((await sendTo('+971501230001')).status).toBe(200);

    await app.inject({ method: 'POST', url: '/dev/clock', payload: { advance_ms: 60 * 60_000 } });
    expect((await sendTo('+971501230004')).status).toBe(200);
    expect(await lastCode('+971501230004')).toMatch(/^\d{4}$/);
  });
});

describe('§8 "phone number already registered"', () => {
  it("refuses another business's user as signatory; the caller's own number and a colleague's are fine", async () => {
    await loadFixtures({
      accounts: [{ id: 'acc-falcon-colleague', email: 'colleague@falcon.example', phone: '+971502229901' }],
      permissions: [
        { account_id: 'acc-falcon-colleague', merchant_id: 'mer-falcon-electronics', role: 'sales_manager' },
      ],
      capital_offers: [falconKybOffer('off-phone-taken')],
    });
    const id = await applicationOn('off-phone-taken');
    const sendTo = (phone: string) => sendCodeTo(id, phone);

    // Saffron Kitchen's user signs in with this number: not Falcon's signatory, and no code goes to it.
    const before = await outboxCount();
    const taken = await sendTo('+971502220002');
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('phone number not unique');
    expect(keysOf(taken.body.field_errors)).toEqual({
      '/authorized_signatory/phone': 'capital:error.phoneTaken',
    });
    expect(await outboxCount()).toBe(before);

    // The caller's own number, then a colleague's at the same business (a changed number is sent at once).
    expect((await sendTo('+971502220001')).status).toBe(200);
    expect((await sendTo('+971502229901')).status).toBe(200);
    expect(await lastCode('+971502229901')).toMatch(/^\d{4}$/);
  });
});
