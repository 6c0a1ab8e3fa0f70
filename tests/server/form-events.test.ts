/**
 * Form events (issue 61; domain/formEvents.ts): what the server writes as it answers a draft's calls — a draft
 * started, a save refused (field and rule), a step completed, a submit refused, the form submitted — and what the
 * page reports (a step shown, a field's message shown), each with the flow version, the step, the language and the
 * device's class, and never an answer's value. On the generic drafts API (a flow added as files only) and on
 * onboarding's own calls; then the retention.
 */
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn, type Caller, type Json } from './setup/signIn';
import { catalogueCopy, DEMO_REQUEST } from '../support/catalogueCopy';
import { filesFlowSource } from '../../src/catalogue/serverFlowSource';
import { formEvents } from '../../src/server/db/schema';

let now = new Date('2026-11-20T09:00:00Z');
const { app, db } = await createTestApp({
  env: { AUTH_RATE_LIMIT: '100000', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mbo-form-events-')) },
  flows: filesFlowSource(catalogueCopy([DEMO_REQUEST])),
  clock: { now: () => now },
});

const FLOWS = '/merchant/api/v1/flows';
const DRAFTS = `${FLOWS}/demo-request/drafts`;
const APPLICATION = '/partners/application/api/v1/application';
const PHONE_AR = {
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1',
  cookie: 'mbo_lang=ar',
};

let n = 0;
const newAccount = (): Promise<Caller> => {
  n += 1;
  return signIn(app, `form-events${n}@example.com`, `+9665024000${String(n).padStart(2, '0')}`);
};

/** A call as `who` from a browser with these headers (the caller helper sends none of a browser's). */
async function call(who: Caller, method: 'POST' | 'PUT', url: string, payload: unknown, headers = {}) {
  const res = await app.inject({
    method,
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${who.token}`, 'x-mbo-client': 'test', ...headers },
  });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Json };
}

/** The events of one draft, oldest first, as stored. */
async function eventsOf(draft: string) {
  const rows = await db.select().from(formEvents).orderBy(asc(formEvents.id));
  return rows.filter((r) => r.draftId === draft);
}
const kinds = (rows: { kind: string; step: string | null }[]) => rows.map((r) => `${r.kind}:${r.step ?? ''}`);

const contact = { full_name: 'Noor Al-Saud', email: 'noor@example.com', business_type: 'online' };

describe('form events the server writes', () => {
  it('a draft started, a save refused by field and rule, a step completed, a submit refused, then submitted', async () => {
    const who = await newAccount();
    const started = await call(who, 'POST', DRAFTS, {}, PHONE_AR);
    expect(started.status).toBe(201);
    const { id, version } = started.body as { id: string; version: string };
    // Asking again opens the same draft: not a second start.
    await call(who, 'POST', DRAFTS, {}, PHONE_AR);

    const refused = await call(
      who,
      'PUT',
      `${DRAFTS}/${id}/steps/contact`,
      { ...contact, email: 'noor-at-example' },
      PHONE_AR,
    );
    expect(refused.status).toBe(400);
    const early = await call(who, 'POST', `${DRAFTS}/${id}/submit`, {});
    expect(early.status).toBe(422);
    expect((await call(who, 'PUT', `${DRAFTS}/${id}/steps/contact?advance=true`, contact)).status).toBe(200);

    const rows = await eventsOf(id);
    expect(kinds(rows)).toEqual([
      'started:contact',
      'save_refused:contact',
      ...rows.filter((r) => r.kind === 'submit_refused').map((r) => `submit_refused:${r.step}`),
      'step_completed:contact',
    ]);
    const refusal = rows.find((r) => r.kind === 'save_refused')!;
    expect(refusal).toMatchObject({
      flow: 'demo-request',
      version,
      field: '/email',
      rule: expect.stringMatching(/^validation:/),
      lang: 'ar',
      device: 'phone',
      demo: false,
    });
    // The submit's refusal names the fields still missing, each under its step.
    expect(rows.filter((r) => r.kind === 'submit_refused').map((r) => `${r.step}${r.field}`)).toEqual(
      expect.arrayContaining(['contact/full_name', 'documents/licence_url']),
    );
    // No answer's value anywhere in what was stored.
    expect(JSON.stringify(rows)).not.toMatch(/noor|Al-Saud/i);
    // A browser that says nothing of itself: a desktop, in English.
    expect(rows.at(-1)).toMatchObject({ lang: 'en', device: 'desktop' });
  });

  it('counts a step completed once when a later save leaves it complete, and at every press of its button', async () => {
    const who = await newAccount();
    const { id } = (await call(who, 'POST', DRAFTS, {})).body as { id: string };
    await call(who, 'PUT', `${DRAFTS}/${id}/steps/contact`, contact);
    await call(who, 'PUT', `${DRAFTS}/${id}/steps/contact`, { ...contact, full_name: 'Noor Saud' });
    expect(kinds(await eventsOf(id))).toEqual(['started:contact', 'step_completed:contact']);
    await call(who, 'PUT', `${DRAFTS}/${id}/steps/contact?advance=true`, contact);
    expect(kinds(await eventsOf(id)).at(-1)).toBe('step_completed:contact');
  });
});

describe('what the page reports (POST /flows/:flow/events)', () => {
  it('stores steps shown and messages shown under the draft’s version, list positions as *', async () => {
    const who = await newAccount();
    const { id, version } = (await call(who, 'POST', DRAFTS, {})).body as { id: string; version: string };
    const res = await call(
      who,
      'POST',
      `${FLOWS}/demo-request/events`,
      {
        draft: id,
        events: [
          { kind: 'step_shown', step: 'contact' },
          { kind: 'message_shown', step: 'contact', field: '/email', rule: 'validation:error.format' },
          {
            kind: 'message_shown',
            step: 'shop',
            field: '/shop/branches/2/city',
            rule: 'validation:error.required',
          },
        ],
      },
      PHONE_AR,
    );
    expect(res.status).toBe(204);
    const rows = (await eventsOf(id)).filter((r) => r.kind !== 'started');
    expect(rows.map((r) => [r.kind, r.step, r.field, r.rule, r.version, r.lang, r.device])).toEqual([
      ['step_shown', 'contact', null, null, version, 'ar', 'phone'],
      ['message_shown', 'contact', '/email', 'validation:error.format', version, 'ar', 'phone'],
      ['message_shown', 'shop', '/shop/branches/*/city', 'validation:error.required', version, 'ar', 'phone'],
    ]);
  });

  it('refuses a report naming what the form has not, or carrying anything but a key, and stores none of it', async () => {
    const who = await newAccount();
    const { id } = (await call(who, 'POST', DRAFTS, {})).body as { id: string };
    const report = (events: unknown[]) =>
      call(who, 'POST', `${FLOWS}/demo-request/events`, { draft: id, events });
    const shown = { kind: 'step_shown', step: 'contact' };
    const wrong = [
      [{ kind: 'step_shown', step: 'payment' }, 'events/1: the form has no step "payment"'],
      [
        { kind: 'message_shown', step: 'contact', field: '/shop/city', rule: 'validation:error.required' },
        'events/1: a message shown names a field of step "contact" (a JSON pointer it owns)',
      ],
      [
        { kind: 'message_shown', step: 'contact', field: '/email', rule: 'noor@example.com' },
        'events/1: a message shown names its rule by its message key (namespace:key)',
      ],
      [
        {
          kind: 'message_shown',
          step: 'contact',
          field: '/email',
          rule: 'validation:SA0380000000608010167519',
        },
        'events/1: a message shown names its rule by its message key (namespace:key)',
      ],
      [
        { kind: 'step_shown', step: 'contact', field: '/email' },
        'events/1: a step shown names no field or rule',
      ],
    ] as const;
    for (const [event, message] of wrong) {
      const res = await report([shown, event]);
      expect(res, JSON.stringify(event)).toMatchObject({ status: 400, body: { message } });
    }
    // The shape itself: an unknown kind, a value where none belongs, too many at once.
    expect((await report([{ kind: 'answer', step: 'contact' }])).status).toBe(400);
    expect((await report([{ ...shown, value: 'Noor' }])).status).toBe(400);
    expect((await report(Array.from({ length: 51 }, () => shown))).status).toBe(400);
    expect((await eventsOf(id)).map((r) => r.kind)).toEqual(['started']);

    // Another account's draft is not found; so is a report with no session.
    const other = await newAccount();
    const foreign = await call(other, 'POST', `${FLOWS}/demo-request/events`, { draft: id, events: [shown] });
    expect(foreign.status).toBe(404);
    const anonymous = await app.inject({
      method: 'POST',
      url: `${FLOWS}/demo-request/events`,
      payload: { draft: id, events: [shown] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('onboarding, through the spec’s application calls', () => {
  it('its start, a step moved on from (?from=), and a report with no draft id, all on the application’s draft', async () => {
    const who = await newAccount();
    const created = await call(who, 'POST', APPLICATION, {}, PHONE_AR);
    expect(created.status).toBe(201);
    const body = {
      first_name: 'Mariam',
      last_name: 'Al Falasi',
      email: 'mariam@example.com',
      phone: '+971501234567',
      business_name: 'Falasi Trading',
      country_of_main_operations: 'ARE',
      annual_volume: 'less_than_1m',
    };
    const saved = await call(who, 'PUT', `${APPLICATION}/${created.body.id}?from=basic-info`, body);
    expect(saved.status).toBe(200);
    const report = await call(who, 'POST', `${FLOWS}/onboarding/events`, {
      events: [{ kind: 'step_shown', step: 'product-category' }],
    });
    expect(report.status).toBe(204);
    const rows = (await db.select().from(formEvents)).filter((r) => r.flow === 'onboarding');
    const draft = rows[0]!.draftId;
    expect(rows.every((r) => r.draftId === draft && r.version === created.body.flow_version)).toBe(true);
    expect(kinds(rows)).toEqual([
      'started:basic-info',
      'step_completed:basic-info',
      'step_shown:product-category',
    ]);
    expect(rows[0]).toMatchObject({ lang: 'ar', device: 'phone' });
    expect(JSON.stringify(rows)).not.toMatch(/Mariam|Falasi|971501234567/);
    // A step the form does not have is refused by the spec's call's own check.
    expect((await call(who, 'PUT', `${APPLICATION}/${created.body.id}?from=Basic_Info`, body)).status).toBe(
      400,
    );
  });
});

describe('reports per account', () => {
  it('takes 30 at once, then says when to try again (429); another account is not held up', async () => {
    const busy = await newAccount();
    const { id } = (await call(busy, 'POST', DRAFTS, {})).body as { id: string };
    const report = (who: Caller, draft: string) =>
      call(who, 'POST', `${FLOWS}/demo-request/events`, {
        draft,
        events: [{ kind: 'step_shown', step: 'contact' }],
      });
    for (let i = 0; i < 30; i += 1) expect((await report(busy, id)).status).toBe(204);
    const refused = await report(busy, id);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: 'too many reports', retry_after: 1 });
    expect((await eventsOf(id)).filter((r) => r.kind === 'step_shown')).toHaveLength(30);
    const other = await newAccount();
    const theirs = (await call(other, 'POST', DRAFTS, {})).body as { id: string };
    expect((await report(other, theirs.id)).status).toBe(204);
  });
});

describe('retention', () => {
  it('the hourly sweep removes events older than FORM_EVENTS_RETENTION_DAYS (400 by default)', async () => {
    const who = await newAccount();
    const { id } = (await call(who, 'POST', DRAFTS, {})).body as { id: string };
    expect(await eventsOf(id)).toHaveLength(1);
    now = new Date(now.getTime() + 399 * 24 * 3600_000);
    await app.services.formEvents.sweep();
    // Still there (and, untouched this long, said to be left).
    expect(kinds(await eventsOf(id))).toEqual(['started:contact', 'left:contact']);
    now = new Date(now.getTime() + 2 * 24 * 3600_000);
    expect((await app.services.formEvents.sweep()).removed).toBeGreaterThanOrEqual(1);
    expect(kinds(await eventsOf(id))).toEqual(['left:contact']);
  });
});

describe('a draft left untouched', () => {
  it('gets one `left` event after FORM_LEFT_DAYS (14 by default), at the step it was last seen on', async () => {
    const DAY = 24 * 3600_000;
    const left = await newAccount();
    const { id } = (await call(left, 'POST', DRAFTS, {}, PHONE_AR)).body as { id: string };
    expect((await call(left, 'PUT', `${DRAFTS}/${id}/steps/contact?advance=true`, contact)).status).toBe(200);
    expect(
      (
        await call(
          left,
          'POST',
          `${FLOWS}/demo-request/events`,
          {
            draft: id,
            events: [{ kind: 'step_shown', step: 'documents' }],
          },
          PHONE_AR,
        )
      ).status,
    ).toBe(204);
    const sent = await newAccount();
    const other = (await call(sent, 'POST', DRAFTS, {})).body as { id: string };

    now = new Date(now.getTime() + 13 * DAY);
    const touched = await newAccount();
    const recent = (await call(touched, 'POST', DRAFTS, {})).body as { id: string };
    await app.services.formEvents.sweep();
    expect(kinds(await eventsOf(id)).filter((k) => k.startsWith('left'))).toEqual([]);

    now = new Date(now.getTime() + 2 * DAY);
    // Submitted meanwhile: a form sent is not left (its draft is no longer a draft).
    await db.execute(sql`update drafts set status = 'submitted' where id = ${other.id}`);
    const swept = await app.services.formEvents.sweep();
    expect(swept.left).toBeGreaterThanOrEqual(1);
    const rows = await eventsOf(id);
    expect(rows.at(-1)).toMatchObject({ kind: 'left', step: 'documents', lang: 'ar', device: 'phone' });
    expect(kinds(await eventsOf(other.id)).filter((k) => k.startsWith('left'))).toEqual([]);
    expect(kinds(await eventsOf(recent.id)).filter((k) => k.startsWith('left'))).toEqual([]);
    // Once per draft: the next sweep says nothing new of it.
    await app.services.formEvents.sweep();
    expect((await eventsOf(id)).filter((r) => r.kind === 'left')).toHaveLength(1);
  });
});

describe('written behind the call (FORM_EVENTS_FLUSH_MS)', () => {
  it('answers the save before its events are written, writes them together on the flush, and at close', async () => {
    const behind = await createTestApp({
      env: { AUTH_RATE_LIMIT: '100000', FORM_EVENTS_FLUSH_MS: '5000' },
      flows: filesFlowSource(catalogueCopy([DEMO_REQUEST])),
      clock: { now: () => now },
    });
    const who = await signIn(behind.app, 'behind@example.com', '+966502409999');
    const stored = async (draft: string) =>
      (await behind.db.select().from(formEvents)).filter((r) => r.draftId === draft).map((r) => r.kind);
    const started = await who.call('POST', DRAFTS, {});
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    expect((await who.call('PUT', `${DRAFTS}/${id}/steps/contact?advance=true`, contact)).status).toBe(200);
    // Answered, and nothing written yet: the five seconds have not passed.
    expect(await stored(id)).toEqual([]);
    await behind.app.services.formEvents.flush();
    expect(await stored(id)).toEqual(['started', 'step_completed']);
    // What waits when the server closes is written before its database goes.
    expect((await who.call('POST', `${DRAFTS}/${id}/submit`, {})).status).toBe(422);
    await behind.app.close();
    expect((await stored(id)).filter((k) => k === 'submit_refused').length).toBeGreaterThan(0);
  });
});
