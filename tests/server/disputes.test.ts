/**
 * Disputes (onboarding spec §4, §5, §7, §9; docs/disputes.md): a caller sees only their merchants' disputes and
 * only with the disputes flag; filters, search and keyset pages; a bad filter is 400 naming it; refund and
 * challenge only on a pending dispute, only with the refund flag, each once; challenge images are the caller's
 * own JPEG or PNG files, at most 5, each at most 5 MB; the export is CSV of every page of the filters.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { disputeRow } from '../../src/server/fixtures/disputes';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Caller, type Json } from './setup/signIn';
import { PDF, PNG, uploadTo } from './setup/upload';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app);

const BASE = '/merchant/api/v1/disputes';
const admin = await signIn(app, 'admin@demo.example', '+966501234567'); // Riyadh Style, workspace admin
const staff = await signIn(app, 'staff@demo.example', '+966501234568'); // Riyadh Style, sales manager
const viewer = await signIn(app, 'pending@demo.example', '+971501234567'); // Gulf Gadgets: disputes, no refund

let n = 0;
/** A merchant of its own with an admin and the given disputes (so tests that act change nobody else's). */
async function merchantWith(disputes: Record<string, unknown>[]): Promise<Caller & { merchant: string }> {
  n += 1;
  const merchant = `mer-dsp-${n}`;
  const account = `acc-dsp-${n}`;
  const fixture = {
    accounts: [
      { id: account, email: `dsp${n}@example.com`, phone: `+96655000${String(n).padStart(4, '0')}` },
    ],
    merchants: [{ id: merchant, name: `Dispute test ${n}`, country: 'SAU' }],
    permissions: [
      {
        account_id: account,
        merchant_id: merchant,
        role: 'workspace_admin',
        flags: { has_merchant_access: true, is_disputes_allowed: true, is_dispute_refund_allowed: true },
      },
    ],
    disputes: disputes.map((d, i) => ({
      id: `dsp-t${n}-${i}`,
      merchant_id: merchant,
      order_id: `T${n}-${i}`,
      status: 'pending',
      type: 'not_delivered',
      amount: 100 + i,
      customer_name: `Customer ${i}`,
      created_at: 'today-1d',
      ...d,
    })),
  };
  const loaded = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: fixture });
  expect(loaded.statusCode, loaded.body).toBe(200);
  const who = await signIn(app, `dsp${n}@example.com`, `+96655000${String(n).padStart(4, '0')}`);
  return Object.assign(who, { merchant });
}

const ids = (body: Json) => (body.disputes as Json[]).map((d) => d.id as string);

describe('who sees which disputes', () => {
  it('lists the caller’s merchants’ disputes newest first, each with what the caller may do', async () => {
    const res = await admin.call('GET', BASE);
    expect(res.status).toBe(200);
    expect(res.body.disputes).toHaveLength(12);
    expect(ids(res.body)[0]).toBe('dsp-rs-1001');
    expect(new Set(res.body.disputes.map((d: Json) => d.merchant_id))).toEqual(new Set(['mer-riyadh-style']));
    const first = res.body.disputes[0];
    expect(first).toMatchObject({
      status: 'pending',
      amount: '459.00',
      currency: 'SAR',
      customer_name: 'Noura Al-Qahtani',
      can_act: true,
    });
    expect(res.body.disputes.find((d: Json) => d.status === 'approved').can_act).toBe(false);
    expect(res.body.next_page_token).toBeNull();
  });

  it('refuses a member without the disputes flag (403), and sees nothing of another merchant (404)', async () => {
    expect((await staff.call('GET', BASE)).status).toBe(403);
    expect((await admin.call('GET', `${BASE}/dsp-gg-3001`)).status).toBe(404);
    expect((await admin.call('GET', `${BASE}/no-such-dispute`)).status).toBe(404);
    expect((await admin.call('POST', `${BASE}/dsp-gg-3001/approve`)).status).toBe(404);
    const theirs = await viewer.call('GET', `${BASE}/dsp-gg-3001`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.dispute.can_act).toBe(false);
    expect((await admin.call('GET', BASE + '?merchant_ids=mer-gulf-gadgets')).body).toMatchObject({
      status: 400,
      field_errors: { '/merchant_ids': { key: 'validation:error.notYourMerchant' } },
    });
  });

  it('counts the open disputes (pending or in arbitration) for the badge', async () => {
    expect((await admin.call('GET', `${BASE}/active`)).body).toEqual({
      total: 6,
      statuses: ['pending', 'arbitration'],
      pending: 4,
    });
    expect((await staff.call('GET', `${BASE}/active`)).body.total).toBe(0);
  });

  it('shows one dispute with its order, the customer’s words and its timeline', async () => {
    const res = await admin.call('GET', `${BASE}/dsp-rs-1009`);
    expect(res.body.dispute).toMatchObject({
      status: 'declined',
      order: { items: [{ name: 'Handbag', quantity: 1, amount: 540 }] },
      challenge: { reason: 'order_on_its_way', note: 'Courier confirmed delivery the next day.' },
    });
    expect(res.body.dispute.timeline.map((e: Json) => e.kind)).toEqual(['opened', 'challenged', 'declined']);
  });

  it('writes amounts with the currency’s decimals (3 for BHD)', async () => {
    const supervisor = await signIn(app, 'phonefirst@demo.example', '+97333123456');
    expect((await supervisor.call('GET', `${BASE}/dsp-pb-2001`)).body.dispute.amount).toBe('18.750');
  });
});

describe('filters, search and pages', () => {
  it('filters by statuses, as a list or comma-separated', async () => {
    const res = await admin.call('GET', `${BASE}?statuses=pending,arbitration`);
    expect(res.body.disputes.map((d: Json) => d.status).sort()).toEqual([
      'arbitration',
      'arbitration',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    const repeated = await admin.call('GET', `${BASE}?statuses=approved&statuses=cancelled`);
    expect(ids(repeated.body)).toEqual(['dsp-rs-1007', 'dsp-rs-1008', 'dsp-rs-1011', 'dsp-rs-1012']);
  });

  it('searches the dispute id, the order id and the customer’s name, in any case and script', async () => {
    expect(ids((await admin.call('GET', `${BASE}?query=faisal`)).body)).toEqual(['dsp-rs-1002']);
    expect(ids((await admin.call('GET', `${BASE}?query=ORD-5730`)).body)).toEqual(['dsp-rs-1009']);
    expect(ids((await admin.call('GET', `${BASE}?query=${encodeURIComponent('العتيبي')}`)).body)).toEqual([
      'dsp-rs-1003',
    ]);
    // A wildcard character is a character.
    expect((await admin.call('GET', `${BASE}?query=%25`)).body.disputes).toEqual([]);
  });

  it('takes days as whole days: to the last millisecond of the end day, in the caller’s time zone', async () => {
    const who = await merchantWith([
      { created_at: '2025-03-10' }, // opened 09:00 UTC
      { created_at: '2025-03-11' },
      { created_at: '2025-03-12' },
    ]);
    const page = async (q: string) => ids((await who.call('GET', `${BASE}?${q}`)).body);
    expect(await page('created_at_gte=2025-03-11&created_at_lte=2025-03-11')).toEqual([`dsp-t${n}-1`]);
    expect(await page('created_at_gte=2025-03-10&created_at_lte=2025-03-11')).toEqual([
      `dsp-t${n}-1`,
      `dsp-t${n}-0`,
    ]);
    // At UTC−10 the 11th runs from 10:00 UTC on the 11th to 09:59:59.999 UTC on the 12th: the 12th's dispute.
    expect(await page('created_at_gte=2025-03-11&created_at_lte=2025-03-11&tz_offset=-600')).toEqual([
      `dsp-t${n}-2`,
    ]);
    expect(await page('created_at_lte=2025-03-10T09:00:00.000Z')).toEqual([`dsp-t${n}-0`]);
  });

  it('pages by token: every dispute once, in order, however the pages fall', async () => {
    const who = await merchantWith(
      Array.from({ length: 23 }, (_, i) => ({ created_at: i % 2 === 0 ? 'today-2d' : 'today-1d' })),
    );
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const res = await who.call('GET', `${BASE}?page_size=5${token ? `&page_token=${token}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...ids(res.body));
      token = res.body.next_page_token;
      pages += 1;
    } while (token);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    const all = ids((await who.call('GET', `${BASE}?page_size=100`)).body);
    expect(seen).toEqual(all);
  });

  it('refuses a bad filter with 400 naming it, and never answers 500', async () => {
    const bad = async (q: string) => (await admin.call('GET', `${BASE}?${q}`)).body;
    expect(await bad('statuses=pending,lost')).toMatchObject({
      status: 400,
      message: 'bad filter: statuses',
      field_errors: { '/statuses': { key: 'validation:error.enum', params: { value: 'lost' } } },
    });
    expect(await bad('created_at_gte=2025-02-30')).toMatchObject({
      field_errors: { '/created_at_gte': { key: 'validation:error.format.date' } },
    });
    expect(await bad('created_at_gte=yesterday&created_at_lte=2025-01-01')).toMatchObject({
      message: 'bad filter: created_at_gte',
    });
    expect(await bad('created_at_gte=2025-02-02&created_at_lte=2025-02-01')).toMatchObject({
      field_errors: { '/created_at_lte': { key: 'validation:error.dateOrder' } },
    });
    expect(await bad('page_token=not-a-token')).toMatchObject({
      status: 400,
      field_errors: { '/page_token': { key: 'validation:error.pageToken' } },
    });
    expect((await bad('page_size=0')).status).toBe(400);
    expect((await bad('page_size=101')).status).toBe(400);
    expect((await bad(`query=${'x'.repeat(101)}`)).status).toBe(400);
  });
});

describe('refund and challenge', () => {
  it('refunds a pending dispute once; the timeline says who', async () => {
    const who = await merchantWith([{}]);
    const id = `dsp-t${n}-0`;
    const res = await who.call('POST', `${BASE}/${id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body.dispute).toMatchObject({ status: 'approved', can_act: false });
    expect(res.body.dispute.timeline.at(-1)).toMatchObject({ kind: 'approved', by: `dsp${n}@example.com` });
    const again = await who.call('POST', `${BASE}/${id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: 'the dispute is not pending',
      reason: 'not_pending',
      dispute_status: 'approved',
    });
    expect((await who.call('POST', `${BASE}/${id}/challenge`, { reason: 'already_delivered' })).status).toBe(
      409,
    );
  });

  it('needs the refund flag (a viewer gets 403) and leaves the dispute as it was', async () => {
    expect((await viewer.call('POST', `${BASE}/dsp-gg-3001/approve`)).status).toBe(403);
    expect(
      (await viewer.call('POST', `${BASE}/dsp-gg-3001/challenge`, { reason: 'already_delivered' })).status,
    ).toBe(403);
    expect((await viewer.call('GET', `${BASE}/dsp-gg-3001`)).body.dispute.status).toBe('pending');
  });

  it('challenges with a reason, a note and the caller’s own images; then it is in arbitration', async () => {
    const who = await merchantWith([{}]);
    const id = `dsp-t${n}-0`;
    const upload = (bytes: Buffer, type: string, field = 'asset', filename = 'proof.png') =>
      uploadTo(app, who, { url: `${BASE}/attachments/upload`, field, filename, bytes, type });
    const image = await upload(PNG, 'image/png');
    expect(image.statusCode).toBe(201);
    const url = image.json().url as string;

    // Other needs a note; a PDF, someone else's image or a made-up address is not an attachment.
    const pdf = await uploadTo(app, who, {
      url: '/merchant/api/v2/upload',
      field: 'file',
      filename: 'x.pdf',
      bytes: PDF,
      type: 'application/pdf',
    });
    const foreign = await uploadTo(app, admin, {
      url: `${BASE}/attachments/upload`,
      field: 'asset',
      filename: 'theirs.png',
      bytes: PNG,
      type: 'image/png',
    });
    const refused = await who.call('POST', `${BASE}/${id}/challenge`, {
      reason: 'other',
      attachments: [url, pdf.json().url, foreign.json().url, 'https://example.com/x.png'],
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.field_errors).sort()).toEqual([
      '/attachments/1',
      '/attachments/2',
      '/attachments/3',
      '/note',
    ]);
    expect((await who.call('GET', `${BASE}/${id}`)).body.dispute.status).toBe('pending');
    expect((await who.call('POST', `${BASE}/${id}/challenge`, { reason: 'x', note: 'n' })).status).toBe(400);
    expect(
      (
        await who.call('POST', `${BASE}/${id}/challenge`, {
          reason: 'already_delivered',
          attachments: Array(6).fill(url),
        })
      ).status,
    ).toBe(400);

    const done = await who.call('POST', `${BASE}/${id}/challenge`, {
      reason: 'already_delivered',
      note: 'Signed for at the door.',
      attachments: [url],
    });
    expect(done.status).toBe(200);
    expect(done.body.dispute).toMatchObject({
      status: 'arbitration',
      can_act: false,
      challenge: {
        reason: 'already_delivered',
        note: 'Signed for at the door.',
        attachments: [{ url, name: 'proof.png' }],
      },
    });
    expect(done.body.dispute.timeline.map((e: Json) => e.kind)).toEqual(['opened', 'challenged']);
  });

  it('takes JPEG or PNG up to 5 MB in the field asset, and says what is wrong otherwise', async () => {
    const who = await merchantWith([]);
    const upload = (bytes: Buffer, type: string, field = 'asset') =>
      uploadTo(app, who, { url: `${BASE}/attachments/upload`, field, filename: 'f', bytes, type });
    const pdf = await upload(PDF, 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().field_errors['/asset']).toEqual({
      key: 'widgets:upload.badType',
      params: { extensions: 'jpeg, png' },
    });
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(5_000_001)]), 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json().field_errors['/asset']).toEqual({
      key: 'widgets:upload.tooLarge',
      params: { size: '5 MB' },
    });
    const fits = await upload(Buffer.concat([PNG, Buffer.alloc(5_000_000 - PNG.length)]), 'image/png');
    expect(fits.statusCode).toBe(201);
    expect((await upload(PNG, 'image/png', 'file')).statusCode).toBe(400);
  });
});

describe('export', () => {
  const csv = async (who: Caller, body: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: `${BASE}/export`,
      payload: body,
      headers: { authorization: `Bearer ${who.token}`, 'x-mbo-client': 'test' },
    });
    return res;
  };

  it('writes every dispute of the filters as CSV, with a header, newest first', async () => {
    const res = await csv(admin, { statuses: ['approved', 'cancelled'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="disputes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parse(res.body) as string[][];
    expect(header!.join(',')).toBe(
      'id,created_at,status,type,order_id,merchant_id,store_id,amount,currency,customer_name,challenge_reason,updated_at',
    );
    expect(rows.map((r) => r[0])).toEqual(['dsp-rs-1007', 'dsp-rs-1008', 'dsp-rs-1011', 'dsp-rs-1012']);
    expect(rows[0]!.slice(2, 11)).toEqual([
      'approved',
      'product_issue',
      'ORD-57512',
      'mer-riyadh-style',
      'sto-riyadh-style-online',
      '310.00',
      'SAR',
      'Lama Al-Zahrani',
      '',
    ]);
    // Every cell quoted, so no list separator (`,` or `;`) splits one.
    for (const line of res.body.trim().split('\n'))
      expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
  });

  it('streams past one batch, keeps the end day to its last millisecond, and defuses formulas', async () => {
    const who = await merchantWith([
      ...Array.from({ length: 1202 }, () => ({ created_at: '2025-05-01' })),
      {
        created_at: '2025-05-02',
        customer_name: '=HYPERLINK("http://evil.example","click")',
        order_id: '+1',
      },
      { created_at: '2025-05-02', customer_name: 'x;=HYPERLINK("http://evil.example","x")' },
      { created_at: '2025-05-03' },
    ]);
    const res = await csv(who, { created_at_gte: '2025-05-01', created_at_lte: '2025-05-02' });
    const rows = (parse(res.body) as string[][]).slice(1);
    expect(rows).toHaveLength(1204);
    const evil = rows.find((r) => r[9]!.startsWith(`'=`))!;
    expect(evil[4]).toBe(`'+1`);
    expect(evil[9]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    // Read with `;` as the list separator (most of Europe), the name is still one cell of text.
    const semi = rows.find((r) => r[9]!.startsWith('x;'))!;
    expect(semi[9]).toBe('x;=HYPERLINK("http://evil.example","x")');
    const line = res.body.split('\n').find((l) => l.includes('x;=HYPERLINK'))!;
    expect(line).toContain('"x;=HYPERLINK(""http://evil.example"",""x"")"');
    // Every `;` of the line is inside a quoted cell (a `""` inside a cell toggles twice).
    let quoted = false;
    let outside = 0;
    for (const ch of line) {
      if (ch === '"') quoted = !quoted;
      else if (ch === ';' && !quoted) outside += 1;
    }
    expect(outside).toBe(0);
    expect(new Set(rows.map((r) => r[0])).size).toBe(1204);
    expect((await csv(who, { statuses: ['nope'] })).json()).toMatchObject({
      status: 400,
      message: 'bad filter: statuses',
    });
    expect((await csv(staff, {})).statusCode).toBe(403);
  });
});

describe('fixtures', () => {
  it('make a timeline from the status and keep minor units exact', () => {
    const row = disputeRow(
      {
        id: 'd',
        merchant_id: 'm',
        order_id: 'o',
        status: 'cancelled',
        type: 'product_issue',
        amount: 0.1 + 0.2,
        currency: 'KWD',
        customer_name: 'c',
        created_at: '2025-01-01',
      },
      new Date('2025-06-01T00:00:00Z'),
      0,
    );
    expect(row.amountMinor).toBe(300);
    expect((row.data.timeline as Json[]).map((e) => e.kind)).toEqual(['opened', 'cancelled']);
    expect(row.createdAt.toISOString()).toBe('2025-01-01T09:00:00.000Z');
  });
});
