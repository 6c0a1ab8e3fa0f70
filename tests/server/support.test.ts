/**
 * Support tickets (onboarding spec §3, §4, §5, §7; docs/support.md): a caller sees only their merchants' tickets
 * and only with merchant access; filters (opened also finds hold and escalated), limit and offset; a bad filter is
 * 400 naming it; a ticket opens with a topic, a text and the caller's own images; a resolved ticket is rated once.
 */
import { describe, expect, it } from 'vitest';
import { ticketRows } from '../../src/server/fixtures/support';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Caller, type Json } from './setup/signIn';
import { PDF, PNG, uploadTo } from './setup/upload';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app);

const BASE = '/merchant/api/v1/support';
const admin = await signIn(app, 'admin@demo.example', '+966501234567'); // Riyadh Style, workspace admin
const staff = await signIn(app, 'staff@demo.example', '+966501234568'); // Riyadh Style, sales manager
const gadgets = await signIn(app, 'pending@demo.example', '+971501234567'); // Gulf Gadgets

let n = 0;
/** A merchant of its own with one member and the given tickets (so tests that act change nobody else's). */
async function merchantWith(
  tickets: Record<string, unknown>[],
  flags: Record<string, boolean> = { has_merchant_access: true },
): Promise<Caller & { merchant: string }> {
  n += 1;
  const merchant = `mer-sup-${n}`;
  const account = `acc-sup-${n}`;
  const phone = `+96655100${String(n).padStart(4, '0')}`;
  const fixture = {
    accounts: [{ id: account, email: `sup${n}@example.com`, phone }],
    merchants: [{ id: merchant, name: `Support test ${n}`, country: 'SAU' }],
    permissions: [{ account_id: account, merchant_id: merchant, role: 'workspace_admin', flags }],
    support_tickets: tickets.map((t, i) => ({
      id: `tck-t${n}-${i}`,
      merchant_id: merchant,
      topic: 'other',
      status: 'new',
      created_at: 'today-1d',
      messages: [{ author: 'merchant', body: `Question ${i}` }],
      ...t,
    })),
  };
  const loaded = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: fixture });
  expect(loaded.statusCode, loaded.body).toBe(200);
  return Object.assign(await signIn(app, `sup${n}@example.com`, phone), { merchant });
}

const ids = (body: Json) => (body.tickets as Json[]).map((t) => t.id as string);

describe('who sees which tickets', () => {
  it('lists the merchant’s tickets newest first, to every member with merchant access', async () => {
    const res = await admin.call('GET', `${BASE}/tickets`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 10, offset: 0, limit: 20 });
    expect(ids(res.body)[0]).toBe('tck-rs-101');
    expect(res.body.tickets[0]).toMatchObject({
      status: 'new',
      filter_status: 'new',
      topic: 'tech_issue',
      topics: ['tech_issue'],
      title: 'Checkout button does not show on our product pages',
      csat: 'none',
      can_rate: false,
      opened_by: 'admin@demo.example',
    });
    // A colleague sees the same tickets; another merchant's member sees only theirs.
    expect(ids((await staff.call('GET', `${BASE}/tickets`)).body)).toEqual(ids(res.body));
    expect(ids((await gadgets.call('GET', `${BASE}/tickets`)).body)).toEqual(['tck-gg-202', 'tck-gg-201']);
  });

  it('answers 404 for another merchant’s ticket and 403 without merchant access', async () => {
    expect((await admin.call('GET', `${BASE}/tickets/tck-gg-201`)).status).toBe(404);
    expect((await admin.call('POST', `${BASE}/tickets/tck-gg-201/csat/like`, {})).status).toBe(404);
    expect((await admin.call('GET', `${BASE}/tickets/nope`)).status).toBe(404);
    const outsider = await merchantWith([{}], { has_merchant_access: false, has_store_access: true });
    expect((await outsider.call('GET', `${BASE}/tickets`)).status).toBe(403);
    expect(
      (await outsider.call('POST', `${BASE}/tickets`, { topic: 'other', text: 'Hello there, help' })).status,
    ).toBe(403);
    expect((await admin.call('GET', `${BASE}/tickets?merchant_ids=mer-gulf-gadgets`)).body).toMatchObject({
      status: 400,
      field_errors: { '/merchant_ids': { key: 'validation:error.notYourMerchant' } },
    });
  });

  it('shows a ticket with its conversation, oldest message first', async () => {
    const res = await admin.call('GET', `${BASE}/tickets/tck-rs-106`);
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ status: 'resolved', csat: 'requested', can_rate: true });
    expect(res.body.messages.map((m: Json) => m.author)).toEqual(['merchant', 'agent', 'merchant', 'agent']);
    expect(res.body.messages[1]).toMatchObject({ author_name: 'Aisha (Support)', attachments: [] });
    const times = res.body.messages.map((m: Json) => m.created_at as string);
    expect([...times].sort()).toEqual(times);
  });
});

describe('filters and pages', () => {
  it('finds hold and escalated tickets under opened, and takes lists comma-separated or repeated', async () => {
    const opened = await admin.call('GET', `${BASE}/tickets?statuses=opened`);
    expect(opened.body.tickets.map((t: Json) => t.status).sort()).toEqual(['escalated', 'hold', 'opened']);
    expect(opened.body.tickets.every((t: Json) => t.filter_status === 'opened')).toBe(true);
    const two = await admin.call('GET', `${BASE}/tickets?statuses=new,closed`);
    expect(two.body.total).toBe(3);
    const repeated = await admin.call('GET', `${BASE}/tickets?statuses=new&statuses=closed`);
    expect(ids(repeated.body)).toEqual(ids(two.body));
  });

  it('filters by topic and by days, whole days in the caller’s time zone', async () => {
    const finances = await admin.call('GET', `${BASE}/tickets?topics=finances`);
    expect(ids(finances.body).sort()).toEqual(['tck-rs-102', 'tck-rs-105', 'tck-rs-108']);
    const who = await merchantWith([{ created_at: '2025-03-10' }, { created_at: '2025-03-11' }]);
    // Opened at 09:00 UTC: 10 hours ahead that is 19:00 the same day; 10 hours behind, 23:00 the day before.
    const day = async (date: string, offset: number) =>
      ids(
        (
          await who.call(
            'GET',
            `${BASE}/tickets?created_at_gte=${date}&created_at_lte=${date}&tz_offset=${offset}`,
          )
        ).body,
      );
    expect(await day('2025-03-11', 0)).toEqual([`tck-t${n}-1`]);
    expect(await day('2025-03-11', 600)).toEqual([`tck-t${n}-1`]);
    expect(await day('2025-03-10', -600)).toEqual([`tck-t${n}-1`]);
    expect(await day('2025-03-11', -600)).toEqual([]);
  });

  it('pages by limit and offset with the total, every ticket once', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < 10; offset += 3) {
      const page = await admin.call('GET', `${BASE}/tickets?limit=3&offset=${offset}`);
      expect(page.body.total).toBe(10);
      seen.push(...ids(page.body));
    }
    expect(seen).toEqual(ids((await admin.call('GET', `${BASE}/tickets`)).body));
    expect(new Set(seen).size).toBe(10);
  });

  it('refuses a bad filter with 400 naming it, and never answers 500', async () => {
    const bad = async (query: string, field: string) => {
      const res = await admin.call('GET', `${BASE}/tickets?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.field_errors ?? {}), query).toContain(field);
    };
    await bad('statuses=archived', '/statuses');
    await bad('topics=sales', '/topics');
    await bad('created_at_gte=2025-02-30', '/created_at_gte');
    await bad('created_at_gte=2025-03-12&created_at_lte=2025-03-11', '/created_at_lte');
    await bad('limit=0', '/limit');
    await bad('limit=101', '/limit');
    await bad('offset=-1', '/offset');
    await bad('tz_offset=900', '/tz_offset');
  });
});

describe('opening a ticket', () => {
  it('opens with a topic, a text and the caller’s own images; the first line is its title', async () => {
    const who = await merchantWith([]);
    const upload = (bytes: Buffer, type: string, field = 'asset', filename = 'screen.png') =>
      uploadTo(app, who, { url: `${BASE}/attachments/upload`, field, filename, bytes, type });
    const image = await upload(PNG, 'image/png');
    expect(image.statusCode).toBe(201);
    const url = image.json().url as string;
    const foreign = await uploadTo(app, admin, {
      url: `${BASE}/attachments/upload`,
      field: 'asset',
      filename: 'theirs.png',
      bytes: PNG,
      type: 'image/png',
    });

    const refused = await who.call('POST', `${BASE}/tickets`, {
      topic: 'weather',
      text: 'short',
      attachments: [url, foreign.json().url, 'https://example.com/x.png'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.field_errors).toMatchObject({
      '/topic': { key: 'validation:error.enum' },
      '/text': { key: 'validation:error.minLength', params: { limit: 10 } },
      '/attachments/1': { key: 'validation:error.fileNotFound' },
      '/attachments/2': { key: 'validation:error.fileNotFound' },
    });
    expect((await who.call('GET', `${BASE}/tickets`)).body.total).toBe(0);
    const tooMany = await who.call('POST', `${BASE}/tickets`, {
      topic: 'other',
      text: 'Six images is one too many',
      attachments: Array(6).fill(url),
    });
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body.field_errors)).toEqual(['/attachments']);
    const tooLong = await who.call('POST', `${BASE}/tickets`, { topic: 'other', text: 'x'.repeat(5001) });
    expect(tooLong.body.field_errors['/text']).toMatchObject({ params: { limit: 5000 } });

    const opened = await who.call('POST', `${BASE}/tickets`, {
      topic: 'tech_issue',
      text: '  The dashboard is blank\nSince this morning, on every browser.  ',
      attachments: [url],
    });
    expect(opened.status).toBe(201);
    // Without a subject the title is the text's first line.
    expect(opened.body.ticket).toMatchObject({
      merchant_id: who.merchant,
      status: 'new',
      topic: 'tech_issue',
      title: 'The dashboard is blank',
      csat: 'none',
      opened_by: `sup${n}@example.com`,
    });
    expect(opened.body.messages).toEqual([
      expect.objectContaining({
        author: 'merchant',
        author_name: `sup${n}@example.com`,
        body: 'The dashboard is blank\nSince this morning, on every browser.',
        attachments: [{ url, name: 'screen.png' }],
      }),
    ]);
    const listed = await who.call('GET', `${BASE}/tickets`);
    expect(ids(listed.body)).toEqual([opened.body.ticket.id]);
    expect(
      (
        await who.call('POST', `${BASE}/tickets`, {
          topic: 'other',
          text: 'Fine text here',
          merchant_id: 'mer-riyadh-style',
        })
      ).body.field_errors,
    ).toHaveProperty('/merchant_id');
  });

  it('titles a ticket by its subject, 3 to 120 characters, and says what is wrong with one', async () => {
    const who = await merchantWith([]);
    const text = 'The refund button answers an error for every order since Tuesday.';
    const opened = await who.call('POST', `${BASE}/tickets`, {
      topic: 'tech_issue',
      subject: '  Refunds fail  ',
      text,
    });
    expect(opened.status).toBe(201);
    expect(opened.body.ticket).toMatchObject({ title: 'Refunds fail' });
    expect(opened.body.messages).toEqual([expect.objectContaining({ body: text })]);
    for (const [subject, key, length] of [
      ['  ', 'validation:error.required', 3],
      ['Hi', 'validation:error.minLength', 3],
      ['x'.repeat(121), 'validation:error.maxLength', 120],
    ] as const) {
      const refused = await who.call('POST', `${BASE}/tickets`, { topic: 'other', subject, text });
      expect(refused.status, subject).toBe(400);
      expect(refused.body.field_errors['/subject'], subject).toMatchObject({ key, params: { length } });
    }
    expect((await who.call('GET', `${BASE}/tickets`)).body.total).toBe(1);
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
    expect((await upload(PNG, 'image/png', 'file')).statusCode).toBe(400);
  });
});

describe('rating a resolved ticket', () => {
  it('likes once with a note; a second rating is 409 and changes nothing', async () => {
    const who = await merchantWith([{ status: 'resolved', csat: 'requested' }]);
    const id = `tck-t${n}-0`;
    const liked = await who.call('POST', `${BASE}/tickets/${id}/csat/like`, { note: '  Thanks!  ' });
    expect(liked.status).toBe(200);
    expect(liked.body.ticket).toMatchObject({ csat: 'positive', csat_note: 'Thanks!', can_rate: false });
    const again = await who.call('POST', `${BASE}/tickets/${id}/csat/dislike`, { note: 'changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ reason: 'not_ratable', csat: 'positive' });
    expect((await who.call('GET', `${BASE}/tickets/${id}`)).body.ticket.csat).toBe('positive');
  });

  it('dislikes without a body; refuses tickets that do not ask for a rating and notes over 1,000 characters', async () => {
    const who = await merchantWith([
      { status: 'closed', csat: 'requested' },
      { status: 'opened' },
      { status: 'resolved', csat: 'requested' },
    ]);
    const disliked = await who.call('POST', `${BASE}/tickets/tck-t${n}-0/csat/dislike`);
    expect(disliked.status).toBe(200);
    expect(disliked.body.ticket).toMatchObject({ csat: 'negative', csat_note: null });
    const open = await who.call('POST', `${BASE}/tickets/tck-t${n}-1/csat/like`, {});
    expect(open.status).toBe(409);
    expect(open.body).toMatchObject({ ticket_status: 'opened', csat: 'none' });
    const long = await who.call('POST', `${BASE}/tickets/tck-t${n}-2/csat/like`, { note: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.field_errors)).toEqual(['/note']);
  });

  it('takes one of two ratings sent at once', async () => {
    const who = await merchantWith([{ status: 'resolved', csat: 'requested' }]);
    const id = `tck-t${n}-0`;
    const both = await Promise.all([
      who.call('POST', `${BASE}/tickets/${id}/csat/like`, {}),
      who.call('POST', `${BASE}/tickets/${id}/csat/dislike`, {}),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('fixtures', () => {
  it('refuse a rating on a ticket that is not resolved', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: {
        support_tickets: [
          {
            id: 'tck-bad',
            merchant_id: 'mer-riyadh-style',
            topic: 'other',
            status: 'opened',
            csat: 'positive',
            messages: [{ author: 'merchant', body: 'x' }],
          },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('/support_tickets/0/csat');
  });

  it('space a conversation two hours a message and title it by its first line', () => {
    const { ticket, messages } = ticketRows(
      {
        id: 't',
        merchant_id: 'm',
        topic: 'other',
        status: 'resolved',
        csat: 'positive',
        created_at: '2025-01-05',
        messages: [
          { author: 'merchant', name: 'a@example.com', body: 'Title line\nmore' },
          { author: 'agent', body: 'Answer' },
        ],
      },
      new Date('2025-02-01T00:00:00Z'),
      0,
    );
    expect(ticket.title).toBe('Title line');
    expect(messages.map((m) => m.createdAt.toISOString())).toEqual([
      '2025-01-05T09:00:00.000Z',
      '2025-01-05T11:00:00.000Z',
    ]);
    expect(messages[1]!.authorName).toBe('Support');
    expect(ticket.updatedAt.toISOString()).toBe('2025-01-05T13:00:00.000Z');
  });
});
