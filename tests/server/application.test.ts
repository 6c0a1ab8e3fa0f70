/**
 * The onboarding application through HTTP (onboarding spec §2–§5, §7): create, autosave with the step
 * schemas' rules on the server, licence rules, submit, access across accounts, uploads and downloads, and the
 * local lookups.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn, type Caller, type Json } from './setup/signIn';
import { createUrlChecker } from '../../src/server/services/urlCheck';
import { eq } from 'drizzle-orm';
import { drafts } from '../../src/server/db/schema';

const dataDir = mkdtempSync(path.join(tmpdir(), 'mbo-app-'));
const { app, db } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000', DATA_DIR: dataDir } });
const demo = JSON.parse(
  readFileSync(new URL('../../src/server/fixtures/demo.json', import.meta.url), 'utf8'),
);
await app.inject({ method: 'POST', url: '/dev/fixtures', payload: demo });

const BASE = '/partners/application/api/v1';

/** `field_errors` as pointer → message key (the values are checked where they matter). */
const keysOf = (fieldErrors: Record<string, { key: string }> | undefined) =>
  Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([pointer, error]) => [pointer, error.key]));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function multipart(bytes: Buffer, filename: string, field = 'file') {
  const boundary = '----mbo-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(who: Caller, bytes: Buffer, filename: string) {
  const { payload, headers } = multipart(bytes, filename);
  const res = await app.inject({
    method: 'POST',
    url: '/merchant/api/v2/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${who.token}`, 'x-mbo-client': 'test' },
  });
  return { status: res.statusCode, body: res.json() as Json };
}

let n = 0;
/** A brand-new merchant with a started application. */
async function newMerchant() {
  n += 1;
  const who = await signIn(app, `merchant${n}@example.com`, `+9665012300${String(n).padStart(2, '0')}`);
  const created = await who.call('POST', `${BASE}/application`, {
    advertisement: { utm_source: 'google', utm_campaign: 'launch', utm_medium: 'cpc', other: 'x' },
  });
  expect(created.status).toBe(201);
  return { who, id: String(created.body.id), email: `merchant${n}@example.com` };
}

const basic = (country: string, volume: string) => ({
  first_name: 'Mariam',
  last_name: 'Al Falasi',
  email: 'mariam@example.com',
  phone: '+971501234567',
  business_name: `Falasi Trading ${n}`,
  country_of_main_operations: country,
  annual_volume: volume,
});
const store = {
  section_id: 1,
  category_id: 101,
  sales_channels: ['online'],
  ecommerce_types: ['shopify'],
  web_url: 'https://shop.example.com',
};

describe('starting an application', () => {
  it('has none at first (null, not an error), then one per account, with the contact details and UTM values filled in', async () => {
    const who = await signIn(app, 'starter@example.com', '+966501239999');
    const none = await who.call('GET', `${BASE}/application`);
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
    const created = await who.call('POST', `${BASE}/application`, { advertisement: { utm_source: 'x' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'draft',
      source: 'merchant_dashboard',
      email: 'starter@example.com',
      phone: '+966501239999',
      advertisement: { utm_source: 'x' },
      steps: ['basic-info', 'result'],
      first_incomplete_step: 'basic-info',
    });
    const again = await who.call('POST', `${BASE}/application`, {});
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
    expect((await who.call('GET', `${BASE}/application`)).body.id).toBe(created.body.id);
  });

  it('is refused to a merchant user who already has merchant access', async () => {
    // Omar, Riyadh Style's sales manager, has no application of his own (Sara's is the demo's approved one).
    const member = await signIn(app, 'staff@demo.example', '+966501234568');
    expect((await member.call('POST', `${BASE}/application`, {})).status).toBe(403);
  });

  it('is refused to the provider’s staff, who are not merchants: no application, no form, no upload', async () => {
    const ops = await signIn(app, 'ops@demo.example', '+966500000999');
    const refused = await ops.call('POST', `${BASE}/application`, {});
    expect(refused).toMatchObject({ status: 403, body: { status: 403, message: 'forbidden' } });
    expect((await ops.call('GET', `${BASE}/application`)).body).toBeNull();
    expect((await ops.call('POST', '/merchant/api/v1/flows/capital-waitlist/drafts', {})).status).toBe(403);
    expect((await upload(ops, PDF, 'a.pdf')).status).toBe(403);
  });
});

describe('saving a draft (PUT)', () => {
  it('stores valid answers and recomputes the steps', async () => {
    const { who, id } = await newMerchant();
    const res = await who.call('PUT', `${BASE}/application/${id}`, {
      ...basic('ARE', 'less_than_1m'),
      ...store,
    });
    expect(res.status).toBe(200);
    expect(res.body.field_errors).toBeUndefined();
    expect(res.body.steps).toEqual([
      'basic-info',
      'product-category',
      'store-type',
      'commercial-licence-are',
      'legal-details-are',
    ]);
    expect(res.body.first_incomplete_step).toBe('commercial-licence-are');
    expect(res.body.advertisement).toEqual({
      utm_source: 'google',
      utm_campaign: 'launch',
      utm_medium: 'cpc',
    });
  });

  it('refuses a save with any broken answer, each with its message key and values, and stores none of it (§5 of both documents)', async () => {
    const { who, id } = await newMerchant();
    await who.call('PUT', `${BASE}/application/${id}`, {
      ...basic('SAU', 'less_than_1m'),
      legal_info: { business_license_type: 'commercial_registration' },
    });
    const before = (await who.call('GET', `${BASE}/application`)).body;
    const res = await who.call('PUT', `${BASE}/application/${id}`, {
      ...basic('SAU', 'less_than_1m'),
      email: 'not-an-email',
      phone: '+12',
      web_url: 'http://shop.example.com',
      sales_channels: ['online'],
      legal_info: {
        business_license_type: 'commercial_registration',
        legal_company_name: 'Falasi Trading LLC',
        commercial_registration_number: '7001234567',
        unified_number: '1010123456',
        license_expiry_date: '2001-01-01',
        has_vat: true,
        vat_registration_number: '12345',
      },
      bank_details: { iban: 'SA0380000000608010167518', bank_name: 'Al Rajhi' },
      mystery: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('bad_request');
    const keys = Object.fromEntries(
      Object.entries(res.body.field_errors as Record<string, { key: string }>).map(([p, e]) => [p, e.key]),
    );
    expect(keys).toEqual({
      '/email': 'validation:error.format.email',
      '/phone': 'validation:error.format.phone',
      '/web_url': 'validation:error.format.https-url',
      '/legal_info/commercial_registration_number': 'onboarding:errors.crLooksLikeUnified',
      '/legal_info/unified_number': 'onboarding:errors.unifiedLooksLikeCr',
      '/legal_info/license_expiry_date': 'validation:error.format.date-not-in-past',
      '/legal_info/vat_registration_number': 'onboarding:errors.vat',
      '/bank_details/iban': 'validation:error.format.iban',
      '/mystery': 'validation:error.unknownField',
    });
    // Nothing of the refused save is stored, not even its good answers (the browser saves them again on their own).
    const stored = (await who.call('GET', `${BASE}/application`)).body;
    expect({ ...stored, updated_at: null }).toEqual({ ...before, updated_at: null });
    expect(stored.legal_info).toEqual({ business_license_type: 'commercial_registration' });
  });

  it('gives a message its values: a too-long name says how long it may be', async () => {
    const { who, id } = await newMerchant();
    const res = await who.call('PUT', `${BASE}/application/${id}`, {
      ...basic('SAU', 'less_than_1m'),
      business_name: 'x'.repeat(101),
    });
    expect(res.status).toBe(400);
    expect(res.body.field_errors['/business_name']).toEqual({
      key: 'validation:error.maxLength',
      params: expect.objectContaining({ limit: 100, length: 100 }),
    });
  });

  it('refuses what an outside review could once store: a bad IBAN on a hidden step, extra keys, 500 KB of junk, another account’s file, 100,000 levels of nesting', async () => {
    const { who, id } = await newMerchant();
    const other = await newMerchant();
    const theirs = (await upload(other.who, PDF, 'licence.pdf')).body.url as string;
    const before = (await who.call('GET', `${BASE}/application`)).body;
    const attempts: [unknown, string, string][] = [
      // No country yet: the bank step is not on the path, and its rules still hold.
      [{ bank_details: { iban: '12345' } }, '/bank_details/iban', 'validation:error.minLength'],
      [{ ...basic('SAU', 'less_than_1m'), is_admin: true }, '/is_admin', 'validation:error.unknownField'],
      [
        { ...basic('SAU', 'less_than_1m'), legal_info: { legal_company_name: 'x', hidden: { a: 1 } } },
        '/legal_info/hidden',
        'validation:error.unknownField',
      ],
      [
        { ...basic('SAU', 'less_than_1m'), last_name: 'x'.repeat(500 * 1024) },
        '/last_name',
        'validation:error.maxLength',
      ],
      [
        { ...basic('ARE', 'less_than_1m'), legal_info: { license_url: theirs } },
        '/legal_info/license_url',
        'validation:error.fileNotFound',
      ],
    ];
    for (const [body, pointer, key] of attempts) {
      const res = await who.call('PUT', `${BASE}/application/${id}`, body);
      expect(res.status, pointer).toBe(400);
      expect(res.body.field_errors[pointer]?.key, pointer).toBe(key);
    }
    const deep = await app.inject({
      method: 'PUT',
      url: `${BASE}/application/${id}`,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      payload: `{"business_name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    const after = (await who.call('GET', `${BASE}/application`)).body;
    expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
  });

  it('checks the freelance certificate, national ID and birth date rules', async () => {
    const { who, id } = await newMerchant();
    const res = await who.call('PUT', `${BASE}/application/${id}`, {
      ...basic('SAU', 'above_15m'),
      legal_info: {
        business_license_type: 'freelance_license',
        freelance_certificate_number: 'AB12345678',
        national_id_number: '3012345678',
      },
    });
    expect(keysOf(res.body.field_errors)).toEqual({
      '/legal_info/freelance_certificate_number': 'onboarding:errors.freelanceNumber',
      '/legal_info/national_id_number': 'onboarding:errors.nationalId',
    });
    const owners = await who.call('PUT', `${BASE}/application/${id}`, {
      ...basic('ARE', 'less_than_1m'),
      legal_info: {
        business_type: { id: 'private_company' },
        company_owners: [
          {
            name: 'A',
            type: 'individual',
            nationality: 'ARE',
            birth_date: '2999-01-01',
            national_id_expiration_date: '2000-01-01',
          },
        ],
      },
    });
    expect(keysOf(owners.body.field_errors)).toEqual({
      '/legal_info/company_owners/0/birth_date': 'validation:error.format.date-not-in-future',
      '/legal_info/company_owners/0/national_id_expiration_date': 'validation:error.format.date-not-in-past',
    });
  });

  it('drops the answers of fields that no longer apply: a VAT number without VAT, a website for a shop only (even a wrong one)', async () => {
    const { who, id } = await newMerchant();
    const saved = await who.call('PUT', `${BASE}/application/${id}`, {
      ...basic('BHR', 'from_1m_to_5m'),
      ...store,
      sales_channels: ['offline'],
      web_url: 'not a website',
      locations_number: 2,
      location: 'Building 12, Road 34, Manama',
      legal_info: { has_vat: false, vat_registration_number: '123', legal_company_name: 'Pearl WLL' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = (await who.call('GET', `${BASE}/application`)).body;
    expect(read.web_url).toBeUndefined();
    expect(read.ecommerce_types).toBeUndefined();
    expect(read.locations_number).toBe(2);
    expect(read.legal_info).toEqual({
      has_vat: false,
      legal_company_name: 'Pearl WLL',
      business_license_type: 'commercial_registration',
    });
    // Where they apply, they are judged: a wrong VAT number is refused when the business is registered for VAT.
    const refused = await who.call('PUT', `${BASE}/application/${id}`, {
      ...read,
      legal_info: { ...read.legal_info, has_vat: true, vat_registration_number: '123' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.field_errors['/legal_info/vat_registration_number'].key).toBe(
      'onboarding:errors.vat',
    );
  });

  it('applies the licence rules: BHR, KWT, QAT force commercial registration; ARE clears one', async () => {
    const { who, id } = await newMerchant();
    const bhr = await who.call('PUT', `${BASE}/application/${id}`, {
      ...basic('BHR', 'less_than_1m'),
      legal_info: { business_license_type: 'trade_license' },
    });
    expect(bhr.body.legal_info).toEqual({ business_license_type: 'commercial_registration' });
    const are = await who.call('PUT', `${BASE}/application/${id}`, {
      ...basic('ARE', 'less_than_1m'),
      legal_info: { business_license_type: 'commercial_registration', legal_address: 'Office 1, Dubai' },
    });
    expect(are.body.legal_info).toEqual({ legal_address: 'Office 1, Dubai' });
  });

  it('refuses another account’s application as not found', async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    expect(
      (await b.who.call('PUT', `${BASE}/application/${a.id}`, basic('SAU', 'less_than_1m'))).status,
    ).toBe(404);
    expect((await b.who.call('POST', `${BASE}/application/${a.id}/submit`)).status).toBe(404);
  });

  it('answers bad bodies with 400, never 500', async () => {
    const { who, id } = await newMerchant();
    expect((await who.call('PUT', `${BASE}/application/${id}`, ['not', 'an', 'object'])).status).toBe(400);
    const res = await app.inject({
      method: 'PUT',
      url: `${BASE}/application/${id}`,
      payload: '{"broken json',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('submitting', () => {
  it('refuses an incomplete application with the missing fields and the step to go to', async () => {
    const { who, id } = await newMerchant();
    await who.call('PUT', `${BASE}/application/${id}`, { ...basic('ARE', 'less_than_1m'), ...store });
    const res = await who.call('POST', `${BASE}/application/${id}/submit`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: 'application is incomplete', step: 'commercial-licence-are' });
    expect(res.body.field_errors['/legal_info/business_type/id'].key).toBe('validation:error.required');
    expect(res.body.field_errors['/legal_info/legal_company_name'].key).toBe('validation:error.required');
  });

  it('a whole ARE private company: shares must total 100, then it is submitted and can no longer change', async () => {
    const { who, id, email } = await newMerchant();
    const file = async (name: string) => (await upload(who, PDF, name)).body.url as string;
    const person = {
      name: 'Mariam Al Falasi',
      type: 'individual',
      nationality: 'ARE',
      identity_type: 'NATIONAL_ID',
      identity_id: '784198712345678',
      birth_date: '1985-03-14',
      national_id_url: await file('id.pdf'),
      national_id_expiration_date: '2099-12-31',
      is_senior_management: true,
      role: 'ceo',
      is_authorised_signatory: true,
      is_ultimate_beneficial_owner: true,
    };
    const application = {
      ...basic('ARE', 'from_1m_to_5m'),
      email,
      ...store,
      legal_info: {
        business_type: { id: 'private_company' },
        commercial_registration_number: 'CN-1234567',
        license_url: await file('licence.pdf'),
        license_expiry_date: '2099-01-01',
        legal_company_name: 'Falasi Trading LLC',
        legal_address: 'Office 12, Sheikh Zayed Road, Dubai',
        has_vat: false,
        sanctioned_dealings_answer: false,
        company_structure_chart_url: await file('chart.pdf'),
        proof_of_address_url: await file('address.pdf'),
        company_owners: [
          { ...person, is_shareholder: true, shares_percent: 60.5 },
          { ...person, name: 'Khalid Al Falasi', is_shareholder: true, shares_percent: 40.5 },
        ],
      },
      bank_details: {
        iban: 'AE770331234567890123457',
        bank_name: 'Mashreq',
        beneficiary_name_en: 'Falasi Trading LLC',
        iban_certificate_url: await file('iban.pdf'),
      },
      declaration: true,
    };
    const saved = await who.call('PUT', `${BASE}/application/${id}`, application);
    expect(saved.body.field_errors).toBeUndefined();
    expect(saved.body.steps).toEqual([
      'basic-info',
      'product-category',
      'store-type',
      'commercial-licence-are',
      'legal-details-are',
      'legal-documents-are',
      'shareholders-are',
      'senior-management-are',
      'authorized-signatories-are',
      'ultimate-beneficial-owners-are',
      'bank-details',
      'result',
    ]);
    const over = await who.call('POST', `${BASE}/application/${id}/submit`);
    expect(over.status).toBe(422);
    expect(keysOf(over.body.field_errors)).toEqual({
      '/legal_info/company_owners': 'onboarding:errors.sharesTotal',
    });
    expect(over.body.step).toBe('shareholders-are');

    application.legal_info.company_owners[1]!.shares_percent = 39.5;
    await who.call('PUT', `${BASE}/application/${id}`, application);
    const done = await who.call('POST', `${BASE}/application/${id}/submit`);
    expect(done.status).toBe(200);
    // Waiting for a reviewer (docs/review.md).
    expect(done.body).toMatchObject({
      status: 'partially_submitted',
      requires_sales_contact: false,
      first_incomplete_step: null,
    });
    expect(done.body.bank_details.report_recipient).toBe(email);
    expect(done.body.submitted_at).toEqual(expect.any(String));
    expect((await who.call('PUT', `${BASE}/application/${id}`, application)).status).toBe(409);
    expect((await who.call('POST', `${BASE}/application/${id}/submit`)).status).toBe(409);
  });

  it('a BHR tier-1 merchant ends at the reach-out step and is flagged for sales', async () => {
    const { who, id } = await newMerchant();
    await who.call('PUT', `${BASE}/application/${id}`, { ...basic('BHR', 'above_15m'), ...store });
    const done = await who.call('POST', `${BASE}/application/${id}/submit`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'partially_submitted', requires_sales_contact: true });
    // The licence type BHR forces stays, though no visible step asks for it.
    expect(done.body.legal_info).toEqual({ business_license_type: 'commercial_registration' });
  });

  it('refuses a file that is not the merchant’s', async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const theirs = (await upload(a.who, PDF, 'licence.pdf')).body.url as string;
    const res = await b.who.call('PUT', `${BASE}/application/${b.id}`, {
      ...basic('ARE', 'less_than_1m'),
      legal_info: { license_url: theirs, business_type: { id: 'private_company' } },
    });
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toEqual({
      '/legal_info/license_url': 'validation:error.fileNotFound',
    });
    expect((await b.who.call('GET', `${BASE}/application`)).body.legal_info).toBeUndefined();
  });
});

describe('uploads and downloads', () => {
  it('stores a real PDF or PNG and gives it back only to its account and its merchant’s users', async () => {
    const { who } = await newMerchant();
    const pdf = await upload(who, PDF, 'Trade licence.pdf');
    expect(pdf.status).toBe(201);
    expect(pdf.body).toMatchObject({
      mime_type: 'application/pdf',
      name: 'Trade licence.pdf',
      size: PDF.length,
      password_protected: false,
    });
    // A PDF that asks for a password says so (its trailer names an /Encrypt dictionary); an image never does.
    const locked = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<</Root 1 0 R/Encrypt 2 0 R>>\n%%EOF\n');
    expect((await upload(who, locked, 'statement.pdf')).body.password_protected).toBe(true);
    expect(pdf.body.url).toMatch(/\/uploads\/[0-9a-f-]{36}#Trade%20licence\.pdf$/);
    const png = await upload(who, PNG, 'logo.jpg');
    expect(png.body.mime_type).toBe('image/png');
    expect(png.body.password_protected).toBe(false);

    const back = await who.call('GET', `/merchant/api/v2/download?url=${encodeURIComponent(pdf.body.url)}`);
    expect(back.status).toBe(200);
    expect(Buffer.from(back.body.data, 'base64').equals(PDF)).toBe(true);
    expect(back.body.mime_type).toBe('application/pdf');

    const stranger = (await newMerchant()).who;
    expect(
      (await stranger.call('GET', `/merchant/api/v2/download?url=${encodeURIComponent(pdf.body.url)}`))
        .status,
    ).toBe(404);
  });

  it('lets the users of one merchant read each other’s files', async () => {
    const admin = await signIn(app, 'admin@demo.example', '+966501234567');
    const staff = await signIn(app, 'staff@demo.example', '+966501234568');
    const other = await signIn(app, 'pending@demo.example', '+971501234567');
    const url = (await upload(admin, PNG, 'store.png')).body.url as string;
    expect((await staff.call('GET', `/merchant/api/v2/download?url=${encodeURIComponent(url)}`)).status).toBe(
      200,
    );
    expect((await other.call('GET', `/merchant/api/v2/download?url=${encodeURIComponent(url)}`)).status).toBe(
      404,
    );
  });

  it('refuses a disguised file by its content, an empty one, and one over 10000 KB', async () => {
    const { who } = await newMerchant();
    const disguised = await upload(who, Buffer.from('just some text, not a PDF'), 'licence.pdf');
    expect(disguised.status).toBe(415);
    expect(disguised.body).toMatchObject({
      message: 'file type not allowed',
      type: 'FILE_TYPE',
      field_errors: { '/file': { key: 'widgets:upload.badType', params: { extensions: 'jpeg, png, pdf' } } },
    });
    expect((await upload(who, Buffer.alloc(0), 'empty.pdf')).status).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(10_000 * 1000)]);
    const tooBig = await upload(who, big, 'big.pdf');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.field_errors).toEqual({
      '/file': { key: 'widgets:upload.tooLarge', params: { size: '10000 KB' } },
    });
    expect(
      (await who.call('GET', '/merchant/api/v2/download?url=https%3A%2F%2Fevil.example%2Fx')).status,
    ).toBe(404);
    expect((await who.call('GET', '/merchant/api/v2/download')).status).toBe(400);
  });

  it('needs a session', async () => {
    const { payload, headers } = multipart(PDF, 'a.pdf');
    const res = await app.inject({
      method: 'POST',
      url: '/merchant/api/v2/upload',
      payload,
      headers: { ...headers, 'x-mbo-client': 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('lookups', () => {
  it('sections and categories, in both languages', async () => {
    const { who } = await newMerchant();
    const sections = await who.call('GET', '/merchant/api/v1/application/sections?lang=ar');
    expect(sections.body.items).toHaveLength(40);
    expect(sections.body.items[0]).toEqual({
      id: 1,
      name: 'الملابس',
      name_en: 'Clothing',
      name_ar: 'الملابس',
    });
    const categories = await who.call('GET', '/merchant/api/v1/application/sections/3/categories');
    expect(categories.body.items.map((c: { name: string }) => c.name)).toContain('Mobile phones');
    expect((await who.call('GET', '/merchant/api/v1/application/sections/999/categories')).status).toBe(404);
    expect((await who.call('GET', '/merchant/api/v1/application/sections/abc/categories')).status).toBe(400);
  });

  it('commercial registration and unified numbers: format, then duplicates among submitted applications', async () => {
    const { who } = await newMerchant();
    expect((await who.call('GET', `${BASE}/commercial-registration/1010123456`)).body).toEqual({
      number: '1010123456',
      valid: true,
      reason: null,
    });
    expect((await who.call('GET', `${BASE}/commercial-registration/7010123456`)).body.reason).toBe('format');
    expect((await who.call('GET', `${BASE}/licence-unified-number/7001234567`)).body.valid).toBe(true);
    expect((await who.call('GET', `${BASE}/licence-unified-number/1001234567`)).body.reason).toBe('format');

    // Another merchant's submitted application holds the numbers now.
    const first = await newMerchant();
    await db
      .update(drafts)
      .set({
        status: 'submitted',
        data: { legal_info: { commercial_registration_number: '1010123456', unified_number: '7001234567' } },
      })
      .where(eq(drafts.id, first.id));
    expect((await who.call('GET', `${BASE}/commercial-registration/1010123456`)).body).toEqual({
      number: '1010123456',
      valid: false,
      reason: 'duplicate',
    });
    expect((await who.call('GET', `${BASE}/licence-unified-number/7001234567`)).body.reason).toBe(
      'duplicate',
    );
    // Its own submitted numbers are no duplicate for the first merchant.
    expect((await first.who.call('GET', `${BASE}/commercial-registration/1010123456`)).body.valid).toBe(true);
    const typed = await who.call(
      'PUT',
      `${BASE}/application/${(await who.call('GET', `${BASE}/application`)).body.id}`,
      {
        ...basic('SAU', 'less_than_1m'),
        legal_info: {
          business_license_type: 'commercial_registration',
          commercial_registration_number: '1010123456',
        },
      },
    );
    expect(keysOf(typed.body.field_errors)).toEqual({
      '/legal_info/commercial_registration_number': 'onboarding:errors.crTaken',
    });
  });

  it('a new application holds the account’s e-mail and phone (no placeholder is ever needed: docs/onboarding.md)', async () => {
    const { who, email } = await newMerchant();
    const account = await who.call('GET', '/merchant/api/v1/account');
    const application = await who.call('GET', `${BASE}/application`);
    expect(application.body).toMatchObject({ email, phone: account.body.phone });
    expect(String(account.body.phone)).toMatch(/^\+\d{4,15}$/);
    // Both stay required: a blank one is refused on its field, never stored as a stand-in.
    const blank = await who.call('PUT', `${BASE}/application/${application.body.id}`, {
      email: '',
      phone: '',
    });
    expect(Object.keys(blank.body.field_errors ?? {})).toEqual(expect.arrayContaining(['/email', '/phone']));
  });

  it('IBAN: checksum, and the bank when known', async () => {
    const { who } = await newMerchant();
    expect((await who.call('GET', `${BASE}/iban/SA0380000000608010167519`)).body).toEqual({
      iban: 'SA0380000000608010167519',
      valid: true,
      country: 'SA',
      bank_name: 'Al Rajhi Bank',
      reason: null,
    });
    expect((await who.call('GET', `${BASE}/iban/SA0380000000608010167518`)).body).toMatchObject({
      valid: false,
      reason: 'checksum',
    });
  });

  it('merchant group: another merchant’s business name is a BUSINESS_NAME_CONFLICT', async () => {
    const { who, id } = await newMerchant();
    const conflict = await who.call('POST', `${BASE}/check-merchant-group`, {
      business_name: '  riyadh style ',
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ kind: 'conflict', type: 'BUSINESS_NAME_CONFLICT' });
    expect(
      (await who.call('POST', `${BASE}/check-merchant-group`, { business_name: 'Brand New Shop' })).body,
    ).toEqual({
      business_name: 'Brand New Shop',
      available: true,
    });
    expect((await who.call('POST', `${BASE}/check-merchant-group`, {})).status).toBe(400);
    const saved = await who.call('PUT', `${BASE}/application/${id}`, {
      ...basic('SAU', 'less_than_1m'),
      business_name: 'Riyadh Style',
    });
    expect(keysOf(saved.body.field_errors)).toEqual({
      '/business_name': 'onboarding:errors.businessNameConflict',
    });
  });

  it('bank details: another business’s IBAN is refused on its field as a save comes (§8 LEGAL_BANK_DETAILS_CONFLICT), however it is spaced or cased', async () => {
    const { who, id } = await newMerchant();
    const save = (iban: string) =>
      who.call('PUT', `${BASE}/application/${id}`, {
        ...basic('SAU', 'less_than_1m'),
        bank_details: { iban, bank_name: 'Al Rajhi Bank' },
      });
    // A demo merchant's legal entity banks with this account.
    expect(keysOf((await save('sa03 8000 0000 6080 1016 7519')).body.field_errors)).toEqual({
      '/bank_details/iban': 'onboarding:errors.ibanTaken',
    });
    expect((await save('SA4420000001234567891234')).body.field_errors).toBeUndefined();
    // An IBAN in another account's submitted application is taken too.
    const other = await newMerchant();
    const otherAccount = await other.who.call('GET', '/merchant/api/v1/account');
    await db
      .update(drafts)
      .set({ status: 'submitted', data: { bank_details: { iban: 'AE980260001234567890123' } } })
      .where(eq(drafts.ownerId, String(otherAccount.body.id)));
    expect(keysOf((await save('AE98 0260 0012 3456 7890 123')).body.field_errors)).toEqual({
      '/bank_details/iban': 'onboarding:errors.ibanTaken',
    });
  });

  it('merchant group: a name in another account’s submitted application is taken; one’s own names are not', async () => {
    const first = await newMerchant();
    const second = await newMerchant();
    const name = `Falcon Goods ${n}`;
    const account = await first.who.call('GET', '/merchant/api/v1/account');
    await db
      .update(drafts)
      .set({ status: 'submitted', data: { business_name: name } })
      .where(eq(drafts.ownerId, String(account.body.id)));
    const check = (who: Caller, businessName: string) =>
      who.call('POST', `${BASE}/check-merchant-group`, { business_name: businessName });
    expect((await check(second.who, ` ${name.toLowerCase()} `)).status).toBe(409);
    expect((await check(first.who, name)).status).toBe(200);
    // The demo admin belongs to Riyadh Style: its own merchant's name is not a conflict.
    const admin = await signIn(app, 'admin@demo.example', '+966501234567');
    expect((await check(admin, 'riyadh style')).body).toMatchObject({ available: true });
  });

  it('authorised signatory: verified for a valid phone on record', async () => {
    const { who } = await newMerchant();
    const own = await who.call('POST', '/merchant/api/v1/verify-authorized-signatory', {
      phone: `+9665012300${String(n).padStart(2, '0')}`,
    });
    expect(own.body.verified).toBe(true);
    expect(
      (await who.call('POST', '/merchant/api/v1/verify-authorized-signatory', { phone: '+966509999999' }))
        .body,
    ).toMatchObject({ verified: false, reason: 'not_on_record' });
    expect(
      (await who.call('POST', '/merchant/api/v1/verify-authorized-signatory', { phone: '12' })).body.reason,
    ).toBe('invalid_phone');
  });

  it('URL: only https, never inside our network, and never hangs', async () => {
    const { who } = await newMerchant();
    expect(
      (await who.call('GET', `${BASE}/url/response/${encodeURIComponent('http://shop.example.com')}`)).body,
    ).toMatchObject({ result: 'unreachable', reason: 'not_https' });
    expect(
      (await who.call('GET', `${BASE}/url/response/${encodeURIComponent('https://127.0.0.1:9/')}`)).body,
    ).toMatchObject({ result: 'unverified', reason: 'private_address' });
    // A server that accepts the connection and never answers: the check gives up in time.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const started = Date.now();
    const result = await createUrlChecker({ timeoutMs: 300, allowPrivate: true }).check(
      `https://127.0.0.1:${port}/`,
    );
    expect(result).toMatchObject({ result: 'unverified', reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
    silent.close();
  });
});
