/**
 * The onboarding review console through HTTP (issue 58; docs/review.md): the queue, one application with the
 * reasons that concern it, and every move of the loop — each allowed one, each refused one (an application not
 * in review, a second reviewer, a second click), every move audited; reviewers only.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, drafts } from '../../src/server/db/schema';
import { createTestApp } from './setup/app';
import { signIn, type Caller } from './setup/signIn';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
/** An image the merchant uploaded: its address, as the form keeps it. */
async function upload(who: Caller, filename: string) {
  const boundary = '----mbo-review-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/merchant/api/v2/upload',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${who.token}`,
      'x-mbo-client': 'test',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { url: string }).url;
}

const { app, db } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
const APP = '/partners/application/api/v1';
const R = '/merchant/api/v1/review/applications';

let staff = 0;
/** One of the provider's onboarding reviewers (a staff role, no merchant). */
async function reviewer() {
  staff += 1;
  const email = `reviewer-${staff}@example.com`;
  const phone = `+96655910${String(staff).padStart(4, '0')}`;
  const loaded = await app.inject({
    method: 'POST',
    url: '/dev/fixtures',
    payload: { accounts: [{ id: `acc-reviewer-${staff}`, email, phone, staff_role: 'onboarding_reviewer' }] },
  });
  expect(loaded.statusCode, loaded.body).toBe(200);
  return signIn(app, email, phone);
}

let n = 0;
/**
 * A merchant whose application is submitted: started, saved and (when whole) submitted through the API; its status
 * then set as a submit leaves it, `partially_submitted` — a partial application's too, so the console's tests need not fill a whole form (the
 * merchant's submit has its own tests in application.test.ts).
 */
async function submitted(answers: (who: Caller) => Promise<Record<string, unknown>> = async () => ({})) {
  n += 1;
  const who = await signIn(app, `applicant${n}@example.com`, `+9665012400${String(n).padStart(2, '0')}`);
  const created = await who.call('POST', `${APP}/application`, {});
  expect(created.status).toBe(201);
  const id = String(created.body.id);
  const saved = await who.call('PUT', `${APP}/application/${id}`, {
    first_name: 'Sara',
    last_name: 'Ali',
    business_name: `Review Trading ${n}`,
    country_of_main_operations: 'ARE',
    annual_volume: 'from_1m_to_5m',
    ...(await answers(who)),
  });
  expect(saved.body.field_errors).toBeUndefined();
  // A whole application is submitted as the merchant would (its draft then closed); a partial one only marked.
  const sent = await who.call('POST', `${APP}/application/${id}/submit`);
  expect([200, 422]).toContain(sent.status);
  await db
    .update(applications)
    .set({ status: 'partially_submitted', submittedAt: new Date(Date.UTC(2026, 10, 1, 8, n)) })
    .where(eq(applications.id, id));
  return { who, id };
}

const moved = (res: { status: number; body: { reason?: string } }, reason: string) => {
  expect(res.status).toBe(409);
  expect(res.body.reason).toBe(reason);
};

describe('the review console', () => {
  it('is the onboarding reviewers’ only: a merchant, product ops and a visitor are refused', async () => {
    const { who } = await submitted();
    expect((await who.call('GET', R)).status).toBe(403);
    const ops = await signIn(app, 'ops-r@example.com', '+966559200001');
    expect((await ops.call('GET', R)).status).toBe(403);
    expect((await app.inject({ method: 'GET', url: R })).statusCode).toBe(401);
  });

  it('lists what waits, longest waiting first, filtered by status, country and a search', async () => {
    const me = await reviewer();
    const a = await submitted();
    const b = await submitted(async () => ({
      country_of_main_operations: 'SAU',
      business_name: 'Needle Dates',
    }));
    const queue = await me.call('GET', `${R}?q=${encodeURIComponent('Needle')}`);
    expect(queue.status).toBe(200);
    expect(queue.body.applications.map((x: { id: string }) => x.id)).toEqual([b.id]);
    expect(queue.body.applications[0]).toMatchObject({
      status: 'partially_submitted',
      business_name: 'Needle Dates',
      country: 'SAU',
      round: 0,
    });
    const all = await me.call('GET', `${R}?status=partially_submitted`);
    const ids = all.body.applications.map((x: { id: string }) => x.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(all.body).toMatchObject({ page: 1, page_size: 20 });
    const sau = await me.call('GET', `${R}?country=SAU&status=partially_submitted`);
    expect(sau.body.applications.every((x: { country: string }) => x.country === 'SAU')).toBe(true);
    // A filter the queue does not know is named, not ignored.
    const bad = await me.call('GET', `${R}?status=lost`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.field_errors)).toEqual(['/status']);
  });

  it('does not show a draft: it is the merchant’s alone', async () => {
    const me = await reviewer();
    const who = await signIn(app, 'drafter@example.com', '+966501249999');
    const created = await who.call('POST', `${APP}/application`, {});
    expect((await me.call('GET', `${R}/${created.body.id}`)).status).toBe(404);
    expect((await me.call('POST', `${R}/${created.body.id}/take`)).status).toBe(404);
  });
});

/** Answers with a website and one owner whose ID has both sides uploaded. */
const withOwner = async (who: Caller) => ({
  section_id: 1,
  category_id: 101,
  sales_channels: ['online'],
  ecommerce_types: ['shopify'],
  web_url: 'https://shop.example.com',
  legal_info: {
    company_owners: [
      {
        name: 'Sara Ali',
        national_id_url: await upload(who, 'front.png'),
        national_id_backside_url: await upload(who, 'back.png'),
        is_ultimate_beneficial_owner: true,
      },
    ],
  },
});

describe('a review', () => {
  it('is one reviewer’s at a time: a second reviewer, and a second click, are refused and nothing moves twice', async () => {
    const [first, second] = [await reviewer(), await reviewer()];
    const { id } = await submitted();
    // Two reviewers take it at once: one has it.
    const both = await Promise.all([
      first.call('POST', `${R}/${id}/take`),
      second.call('POST', `${R}/${id}/take`),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const [winner, loser] = both[0]!.status === 200 ? [first, second] : [second, first];
    moved(await loser.call('POST', `${R}/${id}/approve`), 'taken');
    const approved = await winner.call('POST', `${R}/${id}/approve`);
    expect(approved.status).toBe(200);
    // Approved is the spec's `submitted`: mapped to a business profile.
    expect(approved.body.application).toMatchObject({ status: 'submitted', decided_at: expect.any(String) });
    // The second click.
    moved(await winner.call('POST', `${R}/${id}/approve`), 'moved');
    moved(await winner.call('POST', `${R}/${id}/send-back`, { items: [] }), 'moved');
    expect(approved.body.history.map((h: { action: string }) => h.action)).toEqual(['approve', 'take']);
  });

  it('approving creates the organization (approved), its merchant, store and legal entity from the answers, the applicant its admin', async () => {
    const me = await reviewer();
    const { who, id } = await submitted(async (w) => ({
      ...(await withOwner(w)),
      business_name: 'Dune Coffee',
      bank_details: { iban: 'AE070331234567890123456', bank_name: 'Mashreq' },
    }));
    // Before: the applicant has no merchant.
    expect((await who.call('GET', '/merchant/api/v2/merchants')).body.merchants).toEqual([]);
    await me.call('POST', `${R}/${id}/take`);
    expect((await me.call('POST', `${R}/${id}/approve`)).status).toBe(200);

    const told = (await app.inject({ method: 'GET', url: '/dev/outbox' })).json() as {
      body: string;
    }[];
    expect(told.some((m) => m.body.includes('The application for Dune Coffee is approved.'))).toBe(true);
    const [merchant] = (await who.call('GET', '/merchant/api/v2/merchants')).body.merchants;
    expect(merchant).toMatchObject({ name: 'Dune Coffee' });
    const application = await who.call('GET', `/merchant/api/v1/application/merchant/${merchant.id}`);
    // As the dashboard gate expects: approved, the business profile and the contract still to do.
    expect(application.body).toMatchObject({
      business_name: 'Dune Coffee',
      country: 'ARE',
      status: 'approved',
      business_profile_completed: false,
      contract_signed: false,
    });
    const stores = await who.call('GET', '/merchant/api/v1/stores');
    // The dashboard opens for a store with products (the first store's: pay later and instalments).
    expect(JSON.stringify(stores.body.items)).toContain('installments');
    expect(stores.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Dune Coffee', merchant_id: merchant.id })]),
    );
    const legal = await who.call('GET', `/merchant/api/v1/merchant/${merchant.id}/legal_entity`);
    expect(legal.status).toBe(200);
    expect(JSON.stringify(legal.body)).toContain('AE070331234567890123456');
    const owners = await who.call(
      'GET',
      `/merchant/api/v1/legal-entities/${legal.body.legal_entity.id}/owners`,
    );
    expect(JSON.stringify(owners.body)).toContain('Sara Ali');
    expect(JSON.stringify(owners.body)).toContain('ultimate_beneficial_owner');
    // Its application is mapped to the organization: its pages close (the spec's `submitted`).
    expect((await who.call('GET', `${APP}/application`)).body).toMatchObject({
      status: 'submitted',
      organization_id: application.body.organization_id,
    });
  });

  it('refuses to approve an application whose IBAN became another business’s bank account meanwhile (409 LEGAL_BANK_DETAILS_CONFLICT), writing nothing', async () => {
    const me = await reviewer();
    const first = await submitted(async (w) => ({
      ...(await withOwner(w)),
      bank_details: { iban: 'AE900331234567890123999', bank_name: 'Mashreq' },
    }));
    const second = await submitted(withOwner);
    // The second application gave the same account, saved before the first was approved (spaced, lower case).
    const [row] = await db.select().from(applications).where(eq(applications.id, second.id));
    const [draft] = await db.select().from(drafts).where(eq(drafts.id, row!.draftId));
    await db
      .update(drafts)
      .set({
        data: {
          ...draft!.data,
          bank_details: { iban: 'ae90 0331 2345 6789 0123 999', bank_name: 'Mashreq' },
        },
      })
      .where(eq(drafts.id, row!.draftId));
    await me.call('POST', `${R}/${first.id}/take`);
    expect((await me.call('POST', `${R}/${first.id}/approve`)).status).toBe(200);
    await me.call('POST', `${R}/${second.id}/take`);
    const refused = await me.call('POST', `${R}/${second.id}/approve`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ kind: 'conflict', type: 'LEGAL_BANK_DETAILS_CONFLICT' });
    // Nothing of the approval was written: still in review, no merchant for the applicant, no history row.
    const detail = await me.call('GET', `${R}/${second.id}`);
    expect(detail.body.application.status).toBe('in_review');
    expect(detail.body.history.map((h: { action: string }) => h.action)).toEqual(['take']);
    expect((await second.who.call('GET', '/merchant/api/v2/merchants')).body.merchants).toEqual([]);
  });

  it('refuses to approve an application with no business name, naming the fix', async () => {
    const me = await reviewer();
    const { id } = await submitted();
    await me.call('POST', `${R}/${id}/take`);
    const row = await db.select().from(applications).where(eq(applications.id, id));
    await db
      .update(drafts)
      .set({ data: { first_name: 'Sara' } })
      .where(eq(drafts.id, row[0]!.draftId));
    const refused = await me.call('POST', `${R}/${id}/approve`);
    expect(refused.status).toBe(422);
    expect(refused.body.key).toBe('review:errors.incomplete');
    expect((await me.call('GET', `${R}/${id}`)).body.application.status).toBe('in_review');
  });

  it('shows a reviewer the application’s documents inline, which another merchant cannot read (404)', async () => {
    const me = await reviewer();
    const { id } = await submitted(withOwner);
    const pointer = '/legal_info/company_owners/0/national_id_backside_url';
    const doc = await app.inject({
      method: 'GET',
      url: `${R}/${id}/document?pointer=${encodeURIComponent(pointer)}`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('image/png');
    expect(String(doc.headers['content-disposition'])).toMatch(/^inline/);
    expect(doc.rawPayload.subarray(0, 4)).toEqual(PNG.subarray(0, 4));
    // Only what stands in the application's answers, and only a document.
    for (const other of ['/legal_info/company_owners/0/name', '/nothing_url'])
      expect((await me.call('GET', `${R}/${id}/document?pointer=${encodeURIComponent(other)}`)).status).toBe(
        404,
      );
    // Another merchant with the document's address: not found; a merchant at the reviewers' call: 403.
    const stranger = await submitted();
    const answers = (await me.call('GET', `${R}/${id}`)).body.application.answers;
    const url = answers.legal_info.company_owners[0].national_id_backside_url as string;
    const download = `/merchant/api/v2/download?url=${encodeURIComponent(url)}`;
    expect((await stranger.who.call('GET', download)).status).toBe(404);
    expect(
      (await stranger.who.call('GET', `${R}/${id}/document?pointer=${encodeURIComponent(pointer)}`)).status,
    ).toBe(403);
  });

  it('acts only on an application in review', async () => {
    const me = await reviewer();
    const { id } = await submitted();
    moved(await me.call('POST', `${R}/${id}/approve`), 'moved');
    moved(await me.call('POST', `${R}/${id}/reject`, { reason: 'general_reject' }), 'moved');
    moved(await me.call('POST', `${R}/${id}/release`), 'moved');
  });

  it('lets go of an application: it waits again, for anyone', async () => {
    const [me, other] = [await reviewer(), await reviewer()];
    const { id } = await submitted();
    await me.call('POST', `${R}/${id}/take`);
    const released = await me.call('POST', `${R}/${id}/release`);
    expect(released.body.application).toMatchObject({ status: 'partially_submitted', reviewer_id: null });
    expect((await other.call('POST', `${R}/${id}/take`)).status).toBe(200);
  });

  it('rejects with a reason of the catalogue and a note; a reason to send back, or none, is refused by name', async () => {
    const me = await reviewer();
    const { id } = await submitted();
    await me.call('POST', `${R}/${id}/take`);
    const wrong = await me.call('POST', `${R}/${id}/reject`, { reason: 'missing_id_backside' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.field_errors)).toEqual(['/reason']);
    const long = await me.call('POST', `${R}/${id}/reject`, {
      reason: 'general_reject',
      note: 'x'.repeat(1001),
    });
    expect(Object.keys(long.body.field_errors)).toEqual(['/note']);
    const rejected = await me.call('POST', `${R}/${id}/reject`, {
      reason: 'general_reject',
      note: 'Your activity is not one we serve yet.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.application).toMatchObject({
      status: 'rejected',
      decision_reason: 'general_reject',
      note: 'Your activity is not one we serve yet.',
    });
    expect(rejected.body.history[0]).toMatchObject({
      action: 'reject',
      from: 'in_review',
      to: 'rejected',
      by: expect.stringMatching(/^reviewer-\d+@example\.com$/),
      reasons: ['general_reject'],
    });
  });

  it('sends back reasons on the answers they concern, and refuses one on an answer it does not concern', async () => {
    const me = await reviewer();
    const { id } = await submitted(withOwner);
    await me.call('POST', `${R}/${id}/take`);
    const read = await me.call('GET', `${R}/${id}`);
    const offered = Object.fromEntries(
      read.body.reasons.map((r: { reason: string; pointers: string[] }) => [r.reason, r.pointers]),
    );
    expect(offered.missing_id_backside).toEqual(['/legal_info/company_owners/0/national_id_backside_url']);
    expect(offered.website_unreachable).toEqual(['/web_url']);
    // Nothing in this application is an IBAN certificate: not offered.
    expect(offered.iban_certificate_mismatch).toBeUndefined();

    const refused = await me.call('POST', `${R}/${id}/send-back`, {
      items: [
        { reason: 'missing_id_backside', pointer: '/web_url' },
        { reason: 'general_reject', pointer: '/web_url' },
        { reason: 'website_unreachable', pointer: '/web_url' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.field_errors).sort()).toEqual(['/items/0/pointer', '/items/1/reason']);
    expect((await me.call('POST', `${R}/${id}/send-back`, { items: [] })).body.field_errors).toHaveProperty(
      '/items',
    );

    const sent = await me.call('POST', `${R}/${id}/send-back`, {
      items: [
        { reason: 'missing_id_backside', pointer: '/legal_info/company_owners/0/national_id_backside_url' },
        { reason: 'website_unreachable', pointer: '/web_url' },
      ],
      note: 'Please check both.',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.application).toMatchObject({
      status: 'sent_back',
      round: 1,
      note: 'Please check both.',
    });
    expect(sent.body.application.sent_back).toHaveLength(2);
    expect(sent.body.history[0]).toMatchObject({ action: 'send_back', from: 'in_review', to: 'sent_back' });
    // Sent back, it is the merchant's turn: not the reviewer's.
    moved(await me.call('POST', `${R}/${id}/take`), 'moved');
  });
});

describe('the merchant’s side of a send-back', () => {
  it('shows what was sent back; only those answers change; the same file again is refused; then it waits again', async () => {
    const me = await reviewer();
    const { who, id } = await submitted(withOwner);
    await me.call('POST', `${R}/${id}/take`);
    const pointer = '/legal_info/company_owners/0/national_id_backside_url';
    await me.call('POST', `${R}/${id}/send-back`, {
      items: [{ reason: 'missing_id_backside', pointer }],
      note: 'The back of the ID is blurred.',
    });

    // The applicant is told by e-mail, with the reason, what to do and the note.
    const mail = (
      (await app.inject({ method: 'GET', url: '/dev/outbox' })).json() as {
        to: string;
        body: string;
      }[]
    ).find(
      (m) => m.body.includes('needs these changes') && m.body.includes('The back of the ID is blurred.'),
    );
    expect(mail?.body).toContain('The back of the ID is missing. Upload a photo of the back of the ID.');
    expect(mail?.body).toContain('/applications/view');

    const mine = await who.call('GET', `${APP}/application`);
    expect(mine.body).toMatchObject({
      status: 'sent_back',
      sent_back: [{ reason: 'missing_id_backside', pointer }],
      review_note: 'The back of the ID is blurred.',
      review_round: 1,
      // The wizard's attention list: the reason on its field until the merchant saves that step.
      attention: [{ pointer, key: 'review:sentBackField', params: { reason: 'missing_id_backside' } }],
    });
    const answers = Object.fromEntries(
      // What the app sends back: the whole application (the server leaves its own fields out).
      Object.entries(mine.body),
    ) as typeof mine.body;

    // A change to an answer not sent back is refused by its place, and nothing is kept.
    const elsewhere = await who.call('PUT', `${APP}/application/${id}`, {
      ...answers,
      web_url: 'https://other.example.com',
    });
    expect(elsewhere.status).toBe(400);
    expect(Object.keys(elsewhere.body.field_errors)).toEqual(['/web_url']);
    expect(elsewhere.body.field_errors['/web_url'].key).toBe('review:errors.notSentBack');

    // Sending it again unchanged (the same file again is the same answer) is refused on the answer.
    const unchanged = await who.call('POST', `${APP}/application/${id}/submit`);
    expect(unchanged.status).toBe(422);
    expect(unchanged.body.field_errors[pointer].key).toBe('review:errors.unchanged');

    // A save that leaves it as it was keeps the reason on its field (a reload still shows it)…
    const same = await who.call('PUT', `${APP}/application/${id}`, answers);
    expect(same.status).toBe(200);
    expect(same.body.attention).toEqual([
      { pointer, key: 'review:sentBackField', params: { reason: 'missing_id_backside' } },
    ]);
    const fixed = structuredClone(answers);
    fixed.legal_info.company_owners[0].national_id_backside_url = await upload(who, 'back-sharp.png');
    const saved = await who.call('PUT', `${APP}/application/${id}`, fixed);
    expect(saved.status, JSON.stringify(saved.body.field_errors)).toBe(200);
    // …and changing it takes the reason away.
    expect(saved.body.attention).toEqual([]);
    expect((await who.call('GET', `${APP}/application`)).body.attention).toEqual([]);
  });

  it('sends a changed application again: it waits as resubmitted, and the reviewer sees what changed', async () => {
    const me = await reviewer();
    // A whole application (Bahrain's high-volume path is short), its website sent back.
    const { who, id } = await submitted(async () => ({
      country_of_main_operations: 'BHR',
      annual_volume: 'above_15m',
      email: 'applicant@example.com',
      phone: '+97333123456',
      section_id: 1,
      category_id: 101,
      sales_channels: ['online'],
      ecommerce_types: ['shopify'],
      web_url: 'https://shop.example.com',
    }));
    await me.call('POST', `${R}/${id}/take`);
    await me.call('POST', `${R}/${id}/send-back`, {
      items: [{ reason: 'website_unreachable', pointer: '/web_url' }],
    });
    const mine = (await who.call('GET', `${APP}/application`)).body;
    const changed = await who.call('PUT', `${APP}/application/${id}`, {
      ...mine,
      web_url: 'https://open.example.com',
    });
    expect(changed.status, JSON.stringify(changed.body.field_errors)).toBe(200);
    const again = await who.call('POST', `${APP}/application/${id}/submit`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ status: 'resubmitted', sent_back: [], review_round: 1 });
    // Sent once: a second submit is refused.
    expect((await who.call('POST', `${APP}/application/${id}/submit`)).status).toBe(409);
    // Once sent again, nothing changes until a reviewer sends it back again: not even what was sent back.
    const late = await who.call('PUT', `${APP}/application/${id}`, {
      ...mine,
      web_url: 'https://third.example.com',
    });
    expect(late.status).toBe(409);

    const queue = await me.call('GET', `${R}?status=resubmitted`);
    expect(queue.body.applications.map((a: { id: string }) => a.id)).toContain(id);
    const read = await me.call('GET', `${R}/${id}`);
    expect(read.body.changed).toEqual(['/web_url']);
    expect(read.body.history.map((h: { action: string }) => h.action)).toEqual([
      'resubmit',
      'send_back',
      'take',
    ]);
    // A second round: taken again, and let go, it waits as resubmitted.
    await me.call('POST', `${R}/${id}/take`);
    expect((await me.call('POST', `${R}/${id}/release`)).body.application.status).toBe('resubmitted');
  });
});
