/**
 * Capital from approval to money (issue 59; docs/capital.md "From approval to money", docs/contracts.md): the
 * contract of an approved application drawn as a PDF, signed with a typed name, a drawn signature and a code, stamped
 * and kept; the loan its signature makes; the direct-debit mandate and the signatory's phone changed with a code; the
 * provider's run that pays the advance out — and every refusal on the way.
 */
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, loadDemoData } from './setup/app';
import { payouts, walletMovements, wallets } from '../../src/server/db/schema';
import { pdfText } from './setup/pdfText';
import { signIn, type Caller, type Json } from './setup/signIn';

const { app, db } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app);

const C = '/merchant/api/v1/capital';
const K = '/merchant/api/v1/contracts';
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A 1×1 PNG: a drawn signature as the canvas sends it. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const signatoryPhone = '+971502220006';

let merchant: Caller, stranger: Caller, staff: Caller;
beforeAll(async () => {
  [merchant, stranger, staff] = await Promise.all([
    signIn(app, 'capital-applications@demo.example', signatoryPhone),
    signIn(app, 'capital-paying@demo.example', '+971502220002'),
    signIn(app, 'reviewer@demo.example', '+966500000997'),
  ]);
});

const lastCode = async (to: string, words: string) => {
  const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
  return (res.json() as { to: string; code?: string; body: string }[]).find(
    (m) => m.to === to && m.body.includes(words),
  );
};
const bytesOf = async (who: Caller, url: string) => {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${who.token}`, 'x-mbo-client': 'test' },
  });
  return { status: res.statusCode, bytes: res.rawPayload, type: res.headers['content-type'] };
};

describe('the contract of an approved application', () => {
  let contract: Json;

  it('is drawn as a PDF in the merchant’s language, and the hash names the bytes read', async () => {
    const res = await merchant.call('POST', `${C}/application/capp-mirage-approved-steps/contract`, {
      language: 'ar',
    });
    expect(res.status).toBe(200);
    contract = res.body;
    expect(contract).toMatchObject({
      kind: 'capital_loan',
      status: 'prepared',
      language: 'ar',
      document: { direction: 'rtl', title: 'اتفاقية سلفة رأس المال العامل' },
      phone: '+971502****06',
      signed: null,
    });
    // The terms are the approved summary's, the IBAN the bank details', the repayment the direct debit.
    const values = contract.document.terms.map((t: Json) => t.value);
    expect(values).toEqual(expect.arrayContaining(['Mirage Perfumes LLC', 'AED 90,000.00']));
    expect(values.some((v: string) => v.startsWith('AE790330001234567890128'))).toBe(true);
    const pdf = await bytesOf(merchant, `${K}/${contract.id}/document.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(sha(pdf.bytes)).toBe(contract.document_sha256);
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBeGreaterThanOrEqual(1);
    // Asked again in the same language: the same document, not a new one.
    const again = await merchant.call('POST', `${C}/application/capp-mirage-approved-steps/contract`, {
      language: 'ar',
    });
    expect(again.body.document_sha256).toBe(contract.document_sha256);
    // In English it is drawn again (while unsigned).
    const english = await merchant.call('POST', `${C}/application/capp-mirage-approved-steps/contract`, {
      language: 'en',
    });
    expect(english.body).toMatchObject({ id: contract.id, language: 'en', document: { direction: 'ltr' } });
    expect(english.body.document_sha256).not.toBe(contract.document_sha256);
    contract = english.body;
  });

  it('is not another merchant’s to read, draw or sign', async () => {
    expect((await stranger.call('GET', `${K}/${contract.id}`)).status).toBe(404);
    expect((await bytesOf(stranger, `${K}/${contract.id}/document.pdf`)).status).toBe(404);
    expect((await stranger.call('POST', `${K}/${contract.id}/code`, {})).status).toBe(404);
    const signing = await stranger.call('POST', `${K}/${contract.id}/sign`, {
      name: 'Someone Else',
      signature: PNG,
      code: '1234',
      document_sha256: contract.document_sha256,
    });
    expect(signing.status).toBe(404);
    expect(
      (await stranger.call('POST', `${C}/application/capp-mirage-approved-steps/contract`, {})).status,
    ).toBe(404);
  });

  it('is not taken before it is signed', async () => {
    const res = await merchant.call('POST', `${C}/loans`, { application_id: 'capp-mirage-approved-steps' });
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('capital-money:take.signFirst');
  });

  it('refuses a signature without its code, with a wrong one, without a drawing or against another document', async () => {
    const body = {
      name: 'Noura Saeed',
      signature: PNG,
      code: '0000',
      document_sha256: contract.document_sha256,
    };
    let res = await merchant.call('POST', `${K}/${contract.id}/sign`, body);
    expect(res.status).toBe(400); // no code was sent yet
    expect(res.body.field_errors).toHaveProperty(['/code']);
    res = await merchant.call('POST', `${K}/${contract.id}/code`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sent: true, phone: '+971502****06', resend_after: 30 });
    // A resend within 30 seconds waits.
    expect((await merchant.call('POST', `${K}/${contract.id}/code`, {})).status).toBe(429);
    const sms = await lastCode(signatoryPhone, 'sign the contract');
    expect(sms?.code).toMatch(/^\d{4}$/);
    const wrong = sms!.code === '0000' ? '1111' : '0000';
    res = await merchant.call('POST', `${K}/${contract.id}/sign`, { ...body, code: wrong });
    expect(res.status).toBe(400);
    expect(res.body.field_errors['/code'].key).toBe('capital:error.codeInvalid');
    res = await merchant.call('POST', `${K}/${contract.id}/sign`, {
      ...body,
      code: sms!.code,
      signature: 'data:image/png;base64,AAAA',
    });
    expect(res.status).toBe(400);
    expect(res.body.field_errors).toHaveProperty(['/signature']);
    res = await merchant.call('POST', `${K}/${contract.id}/sign`, {
      ...body,
      code: sms!.code,
      document_sha256: 'a'.repeat(64),
    });
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('contracts:signing.changed');
    res = await merchant.call('POST', `${K}/${contract.id}/sign`, { ...body, code: '12' });
    expect(res.status).toBe(400);
    expect(res.body.field_errors).toHaveProperty(['/code']);
  });

  it('is signed once: the stamped PDF names the document read, and the loan waits for its mandate', async () => {
    const sms = await lastCode(signatoryPhone, 'sign the contract');
    const body = {
      name: '  Noura   Saeed ',
      signature: PNG,
      code: sms!.code!,
      document_sha256: contract.document_sha256,
    };
    // Two signatures at once with the one code: one is kept.
    const [a, b] = await Promise.all([
      merchant.call('POST', `${K}/${contract.id}/sign`, body),
      merchant.call('POST', `${K}/${contract.id}/sign`, body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const signed = a.status === 200 ? a.body : b.body;
    expect(signed).toMatchObject({
      status: 'signed',
      signed: {
        name: 'Noura Saeed',
        at: expect.any(String),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
      loan_id: expect.any(String),
    });
    const file = await bytesOf(merchant, `${K}/${contract.id}/signed.pdf?download=1`);
    expect(file.status).toBe(200);
    expect(sha(file.bytes)).toBe(signed.signed.sha256);
    const text = pdfText(file.bytes);
    expect(text).toContain(contract.document_sha256);
    expect(text).toContain('Noura');
    const original = await bytesOf(merchant, `${K}/${contract.id}/document.pdf`);
    expect(sha(original.bytes)).toBe(contract.document_sha256);
    expect((await PDFDocument.load(file.bytes)).getPageCount()).toBe(
      (await PDFDocument.load(original.bytes)).getPageCount() + 1,
    );
    // The provider's copy: staff only.
    expect(
      (await bytesOf(staff, `/merchant/api/v1/provider/contracts/${contract.id}/signed.pdf`)).bytes,
    ).toEqual(file.bytes);
    expect(
      (await bytesOf(merchant, `/merchant/api/v1/provider/contracts/${contract.id}/signed.pdf`)).status,
    ).toBe(403);
    // …listed for the staff, latest signed first, found by the signer's name; a merchant may not list them.
    const listed = await staff.call('GET', '/merchant/api/v1/provider/contracts?q=noura');
    expect(listed.status).toBe(200);
    expect(listed.body.contracts[0]).toMatchObject({
      id: contract.id,
      kind: 'capital_loan',
      signer_name: 'Noura Saeed',
      signed_at: signed.signed.at,
    });
    expect(listed.body).toMatchObject({ page: 1, page_size: 20 });
    expect(
      (await staff.call('GET', '/merchant/api/v1/provider/contracts?q=nobody-signed-this')).body,
    ).toMatchObject({ contracts: [], total: 0 });
    expect((await merchant.call('GET', '/merchant/api/v1/provider/contracts')).status).toBe(403);
    // A second signature, a new code or a new drawing of it: refused; drawing again answers it as signed.
    expect((await merchant.call('POST', `${K}/${contract.id}/sign`, body)).status).toBe(409);
    expect((await merchant.call('POST', `${K}/${contract.id}/code`, {})).status).toBe(409);

    const loan = await merchant.call('GET', `${C}/loans/${signed.loan_id}`);
    expect(loan.body).toMatchObject({
      status: 'waiting_for_dda',
      tags: ['direct_debit'],
      direct_debit: { status: 'pending' },
      authorized_signatory: { phone: signatoryPhone },
      amount: 90000,
      contract_id: contract.id,
    });
    expect(loan.body).not.toHaveProperty('_otp');
    expect(await lastCode(signatoryPhone, 'authorise the weekly direct debit')).toBeDefined();
    // The application moves on: its page leads to the loan; the list shows the loan, not both.
    const application = await merchant.call('GET', `${C}/application/capp-mirage-approved-steps`);
    expect(application.body.loan_id).toBe(signed.loan_id);
    // The offer it was taken on is offered no more.
    const offers = await merchant.call('GET', `${C}/offers`);
    expect(offers.body.items.map((o: Json) => o.id)).not.toContain('off-mirage-approved-steps');
    const records = await merchant.call('GET', '/merchant/api/v1/loan/application');
    expect(records.body.items.map((r: Json) => r.id)).not.toContain('capp-mirage-approved-steps');
    // A second take: refused, by the call and by a second contract.
    expect(
      (await merchant.call('POST', `${C}/loans`, { application_id: 'capp-mirage-approved-steps' })).status,
    ).toBe(409);
  });
});

describe('the direct debit and the payout', () => {
  let loanId: string;
  beforeAll(async () => {
    loanId = (await merchant.call('GET', `${C}/application/capp-mirage-approved-steps`)).body.loan_id;
  });
  const mandate = (status: string) =>
    app.inject({ method: 'POST', url: `/dev/capital/loans/${loanId}/mandate`, payload: { status } });
  const run = async () => (await app.inject({ method: 'POST', url: '/dev/capital/run' })).json().disbursed;

  it('is not paid out while the mandate is not active', async () => {
    expect(await run()).not.toContain(loanId);
    expect((await mandate('rejected')).statusCode).toBe(200);
    expect((await merchant.call('GET', `${C}/loans/${loanId}`)).body).toMatchObject({
      status: 'waiting_for_dda',
      direct_debit: { status: 'rejected' },
    });
    expect(await run()).not.toContain(loanId);
  });

  it('changes the signatory’s phone only with the code sent to it, and asks the bank again', async () => {
    const phone = '+971509998811';
    let res = await merchant.call('PATCH', `${C}/loans/${loanId}`, { authorized_signatory: { phone } });
    expect(res.status).toBe(400);
    expect(res.body.field_errors['/code'].key).toBe('capital:error.codeRequired');
    res = await merchant.call('POST', `${C}/loans/${loanId}/signatory-code`, { phone });
    expect(res.status).toBe(200);
    const sms = await lastCode(phone, 'capital signatory code');
    res = await merchant.call('PATCH', `${C}/loans/${loanId}`, {
      authorized_signatory: { phone: '+971509998812' },
      code: sms!.code,
    });
    expect(res.status).toBe(400); // the code is for another phone
    res = await stranger.call('PATCH', `${C}/loans/${loanId}`, {
      authorized_signatory: { phone },
      code: sms!.code,
    });
    expect(res.status).toBe(404);
    res = await merchant.call('PATCH', `${C}/loans/${loanId}`, {
      authorized_signatory: { phone },
      code: sms!.code,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ authorized_signatory: { phone }, direct_debit: { status: 'pending' } });
    // The code is spent.
    res = await merchant.call('PATCH', `${C}/loans/${loanId}`, {
      authorized_signatory: { phone },
      code: sms!.code,
    });
    expect(res.status).toBe(400);
    expect(await lastCode(phone, 'authorise the weekly direct debit')).toBeDefined();
  });

  it('pays out once the mandate is active: paying, with a capital disbursement on the payouts', async () => {
    expect((await mandate('active')).statusCode).toBe(200);
    expect((await merchant.call('GET', `${C}/loans/${loanId}`)).body).toMatchObject({
      status: 'waiting',
      direct_debit: { status: 'active' },
    });
    expect((await mandate('active')).statusCode).toBe(409);
    expect(await run()).toContain(loanId);
    const loan = (await merchant.call('GET', `${C}/loans/${loanId}`)).body;
    expect(loan).toMatchObject({
      status: 'paying',
      next_repayment_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      disbursement: { destination: 'bank', iban: 'AE790330001234567890128', at: expect.any(String) },
    });
    // Twice: the run finds nothing, and the database holds one disbursement.
    expect(await run()).not.toContain(loanId);
    const payouts = await merchant.call('GET', '/merchant/api/v1/payouts');
    expect(payouts.status, JSON.stringify(payouts.body).slice(0, 300)).toBe(200);
    const disbursements = payouts.body.payouts.filter((p: Json) => p.kind === 'capital_disbursement');
    expect(disbursements).toHaveLength(1);
    expect(disbursements[0]).toMatchObject({
      kind: 'capital_disbursement',
      gross: '90000.00',
      net: '90000.00',
      currency: 'AED',
      destination: 'bank',
    });
    // Its transactions: one line, the advance, whose net is the payout's.
    const csv = await app.inject({
      method: 'GET',
      url: `/merchant/api/v1/payouts/${disbursements[0].id}/transactions.csv`,
      headers: { authorization: `Bearer ${merchant.token}`, 'x-mbo-client': 'test' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"capital_disbursement"');
    expect(lines[1]).toContain('"90000.00"');
  });
});

describe('a sales-share advance, paid to the wallet', () => {
  it('waits for no mandate, is paid into the merchant wallet on the run, and only once', async () => {
    // The merchant sends its payouts to its wallet: the contract names the wallet, the money goes there.
    await db
      .insert(wallets)
      .values({ merchantId: 'mer-mirage-perfumes', currency: 'AED', payoutDestination: 'wallet' })
      .onConflictDoUpdate({ target: wallets.merchantId, set: { payoutDestination: 'wallet' } });
    const contract = (
      await merchant.call('POST', `${C}/application/capp-mirage-approved-contract/contract`, {
        language: 'en',
      })
    ).body;
    expect(contract.document.terms.find((t: Json) => t.label === 'Paid out to').value).toBe(
      'the merchant wallet',
    );
    expect(contract.document.terms.find((t: Json) => t.label === 'Repayment').value).toContain('22%');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await app.inject({ method: 'POST', url: '/dev/clock', payload: { advance_ms: 31_000 } }); // the resend wait
    expect((await merchant.call('POST', `${K}/${contract.id}/code`, {})).status).toBe(200);
    const sms = await lastCode(signatoryPhone, 'sign the contract');
    const signed = await merchant.call('POST', `${K}/${contract.id}/sign`, {
      name: 'Noura Saeed',
      signature: PNG,
      code: sms!.code,
      document_sha256: contract.document_sha256,
    });
    expect(signed.status).toBe(200);
    const loanId = signed.body.loan_id;
    expect((await merchant.call('GET', `${C}/loans/${loanId}`)).body).toMatchObject({
      status: 'waiting',
      tags: [],
      disbursement: { destination: 'wallet' },
    });
    const run = await app.inject({ method: 'POST', url: '/dev/capital/run' });
    expect(run.json().disbursed, run.body).toContain(loanId);
    expect((await merchant.call('GET', `${C}/loans/${loanId}`)).body.status).toBe('paying');
    const [payout] = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.loanId, loanId), eq(payouts.kind, 'capital_disbursement')));
    expect(payout).toMatchObject({ destination: 'wallet', netMinor: 3_500_000, iban: null });
    const credits = await db.select().from(walletMovements).where(eq(walletMovements.payoutId, payout!.id));
    expect(credits.map((c) => c.amountMinor)).toEqual([3_500_000]);
    // The database itself refuses a second payout of the advance, whatever would write one.
    await expect(
      db.insert(payouts).values({ ...payout!, id: 'a-second-one', payoutDay: '2030-01-01' }),
    ).rejects.toThrow();
  });
});

describe('a store’s contract, signed inside the product', () => {
  it('is drawn, signed with the admin’s own phone, and signs the store', async () => {
    const admin = await signIn(app, 'admin@demo.example', '+966501234567');
    const staffMember = await signIn(app, 'staff@demo.example', '+966501234568');
    const S = '/merchant/api/v1/stores/sto-riyadh-style-outlet';
    expect((await staffMember.call('POST', `${S}/contract/document`, {})).status).toBe(403);
    const prepared = await admin.call('POST', `${S}/contract/document`, {});
    expect(prepared.status).toBe(200);
    expect(prepared.body).toMatchObject({ kind: 'store', status: 'prepared', phone: '+966501****67' });
    await admin.call('POST', `${K}/${prepared.body.id}/code`, {});
    const sms = await lastCode('+966501234567', 'sign the contract');
    const signed = await admin.call('POST', `${K}/${prepared.body.id}/sign`, {
      name: 'Riyadh Admin',
      signature: PNG,
      code: sms!.code,
      document_sha256: prepared.body.document_sha256,
    });
    expect(signed.status).toBe(200);
    expect((await admin.call('GET', `${S}/contract`)).body).toMatchObject({ signed: true });
    // Signed already: a new drawing is refused with the words the page shows.
    const again = await admin.call('POST', `${S}/contract/document`, {});
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('signed');
  });
});
