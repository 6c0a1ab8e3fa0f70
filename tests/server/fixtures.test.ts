import { describe, expect, it } from 'vitest';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { count, eq } from 'drizzle-orm';
import demo from '../../src/server/fixtures/demo.json';
import {
  accounts,
  applications,
  drafts,
  experiments,
  formEvents,
  legalEntities,
  memberships,
  merchants,
  stores,
} from '../../src/server/db/schema';
import { seedDemoFormEventsOnce, seedDemoOnce } from '../../src/server/fixtures/demo';
import { createTestApp } from './setup/app';
import { signIn, type Json } from './setup/signIn';

const { app, db } = await createTestApp();

const rows = async () => ({
  accounts: (await db.select({ n: count() }).from(accounts))[0]?.n,
  merchants: (await db.select({ n: count() }).from(merchants))[0]?.n,
  stores: (await db.select({ n: count() }).from(stores))[0]?.n,
  memberships: (await db.select({ n: count() }).from(memberships))[0]?.n,
});

describe('POST /dev/fixtures', () => {
  it('loads the demo fixture and reports what it holds', async () => {
    const res = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: demo });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      loaded: {
        accounts: demo.accounts.length,
        organizations: demo.organizations.length,
        merchants: demo.merchants.length,
        stores: demo.stores.length,
        legal_entities: demo.legal_entities.length,
        permissions: demo.permissions.length,
        experiments: demo.experiments.length,
        capital_offers: demo.capital_offers.length,
        capital_loans: demo.capital_loans.length,
        capital_applications: demo.capital_applications.length,
        disputes: demo.disputes.length,
        support_tickets: demo.support_tickets.length,
        applications: demo.applications.length,
        payments: demo.payments.length + demo.order_generators.reduce((sum, g) => sum + g.count, 0),
      },
    });
    const [admin] = await db.select().from(accounts).where(eq(accounts.id, 'acc-admin'));
    expect(admin?.email).toBe('admin@demo.example');
    const [entity] = await db.select().from(legalEntities).where(eq(legalEntities.id, 'le-gulf-gadgets'));
    expect(entity?.status).toBe('pending_info');
  });

  it('loading the same fixture again updates instead of duplicating', async () => {
    const before = await rows();
    const changed = structuredClone(demo);
    changed.accounts[1]!.first_name = 'Sarah';
    const res = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: changed });
    expect(res.statusCode).toBe(200);
    expect(await rows()).toEqual(before);
    const [admin] = await db.select().from(accounts).where(eq(accounts.id, 'acc-admin'));
    expect(admin?.firstName).toBe('Sarah');
  });

  it('lists every problem of a bad file by JSON pointer and writes nothing', async () => {
    const before = await rows();
    const res = await app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: {
        accounts: [
          { id: 'acc-ok', email: 'ok@demo.example' },
          { id: 'Bad Id', email: 'not-an-email' },
          { id: 'acc-nothing' },
        ],
        merchants: [{ id: 'm-x', name: 'X', country: 'FRA' }],
        permissions: [{ account_id: 'acc-ok', merchant_id: 'm-x', role: 'owner', flags: { can_fly: true } }],
        surprises: [],
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as {
      status: number;
      message: string;
      problems: { pointer: string; message: string }[];
    };
    expect(body.status).toBe(400);
    const pointers = body.problems.map((p) => p.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/',
        '/accounts/1/id',
        '/accounts/1/email',
        '/accounts/2',
        '/merchants/0/country',
        '/permissions/0/role',
        '/permissions/0/flags',
      ]),
    );
    expect(body.problems.find((p) => p.pointer === '/')?.message).toBe('unknown property "surprises"');
    expect(body.problems.find((p) => p.pointer === '/accounts/2')?.message).toBe(
      'an account needs an email or a phone',
    );
    expect(await rows()).toEqual(before);
    const [ok] = await db.select().from(accounts).where(eq(accounts.id, 'acc-ok'));
    expect(ok).toBeUndefined();
  });

  it('checks references, duplicates and unique e-mails against the file and the database', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: {
        accounts: [
          { id: 'acc-copy', email: 'admin@demo.example' },
          { id: 'acc-twice', phone: '+966500000001' },
          { id: 'acc-twice', phone: '+966500000001' },
        ],
        stores: [{ id: 'sto-orphan', merchant_id: 'mer-nowhere', name: 'Orphan', country: 'SAU' }],
        experiments: [
          { account_id: 'acc-admin', name: 'ads', value: 'enabled' },
          { account_id: 'acc-admin', name: 'ads', value: 'disabled' },
          { account_id: 'acc-ghost', name: 'ads', value: 'enabled' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    const problems = (res.json() as { problems: { pointer: string; message: string }[] }).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        {
          pointer: '/accounts/0/email',
          message: 'email "admin@demo.example" already belongs to account "acc-admin"',
        },
        { pointer: '/accounts/2/id', message: 'id "acc-twice" is used twice (also at /accounts/1)' },
        {
          pointer: '/accounts/2/phone',
          message: 'phone "+966500000001" is used by two accounts in this file',
        },
        {
          pointer: '/stores/0/merchant_id',
          message: 'no merchant with id "mer-nowhere" in this file or the database',
        },
        {
          pointer: '/experiments/1',
          message: 'this account and experiment pair is listed twice (also at /experiments/0)',
        },
        {
          pointer: '/experiments/2/account_id',
          message: 'no account with id "acc-ghost" in this file or the database',
        },
      ]),
    );
  });

  it('puts applications at any point of the review loop, and names what is wrong with one', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: {
        applications: [
          {
            id: 'app-bad-1',
            account_id: 'acc-staff',
            status: 'sent_back',
            answers: { web_url: 'https://x.example' },
            sent_back: [
              { reason: 'missing_id_backside', pointer: '/web_url' },
              { reason: 'general_reject', pointer: '/web_url' },
            ],
          },
          { id: 'app-bad-2', account_id: 'acc-finance-x', status: 'rejected', answers: {} },
          { id: 'app-bad-3', account_id: 'acc-team-finance', status: 'in_review', answers: {} },
          // acc-sent-back has the demo's app-pearl-bay already.
          { id: 'app-bad-4', account_id: 'acc-sent-back', status: 'partially_submitted', answers: {} },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    const messages = Object.fromEntries(
      (bad.json() as { problems: { pointer: string; message: string }[] }).problems.map((p) => [
        p.pointer,
        p.message,
      ]),
    );
    expect(messages).toMatchObject({
      '/applications/0/sent_back/0/pointer':
        'reason "missing_id_backside" does not concern the answer at "/web_url"',
      '/applications/0/sent_back/1/reason':
        '"general_reject" is not a reason to send back (src/domain/review.ts)',
      '/applications/1/account_id': 'no account with id "acc-finance-x" in this file or the database',
      '/applications/1/decision_reason': 'a rejected application needs a reason that can be a decision',
      '/applications/2/reviewer_id': 'an application in review names the reviewer who has it',
      '/applications/3/account_id':
        'account "acc-sent-back" already has application "app-pearl-bay" in the database',
    });

    // The demo's: the one sent back is open again for its merchant, with both reasons on their fields.
    const [pearl] = await db.select().from(applications).where(eq(applications.id, 'app-pearl-bay'));
    expect(pearl).toMatchObject({ status: 'sent_back', reviewRound: 1, reviewerId: 'acc-reviewer' });
    const [draft] = await db.select().from(drafts).where(eq(drafts.id, pearl!.draftId));
    expect(draft).toMatchObject({ status: 'draft', flow: 'onboarding' });
    expect(pearl!.sentBack.map((s) => s.reason)).toEqual(['website_unreachable', 'merchant_not_contactable']);
  });

  it('accepts references to rows already in the database', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/dev/fixtures',
      payload: { experiments: [{ account_id: 'acc-staff', name: 'capital', value: 'enabled' }] },
    });
    expect(res.statusCode).toBe(200);
    const rowsFound = await db.select().from(experiments).where(eq(experiments.accountId, 'acc-staff'));
    expect(rowsFound.map((r) => r.name)).toEqual(['capital']);
  });

  it('refuses a body that is not an object', async () => {
    const res = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: [1, 2] });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { problems: unknown[] }).problems).toEqual([
      { pointer: '/', message: 'must be object' },
    ]);
  });
});

describe('the demo data', () => {
  it('has bank details that pass their checksum: every IBAN it shows could be a real account', () => {
    const ibans: [string, string][] = [];
    const walk = (value: unknown, pointer: string) => {
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${pointer}/${i}`));
      else if (value !== null && typeof value === 'object')
        for (const [key, item] of Object.entries(value)) {
          if (key === 'iban' && typeof item === 'string') ibans.push([`${pointer}/${key}`, item]);
          else walk(item, `${pointer}/${key}`);
        }
    };
    walk(demo, '');
    expect(ibans.length).toBeGreaterThan(10);
    expect(ibans.filter(([, iban]) => !isValidIBAN(electronicFormatIBAN(iban) ?? ''))).toEqual([]);
  });
});

describe('seedDemoOnce', () => {
  it('seeds a new database once and never again', async () => {
    const fresh = await createTestApp();
    expect(await seedDemoOnce(fresh.db, new Date())).not.toBeNull();
    await fresh.db.delete(stores).where(eq(stores.id, 'sto-pearl-books'));
    expect(await seedDemoOnce(fresh.db, new Date())).toBeNull();
    const [gone] = await fresh.db.select().from(stores).where(eq(stores.id, 'sto-pearl-books'));
    expect(gone).toBeUndefined();
  });

  it('seeds two chat conversations: Sara has an unread answer, Layla waits first in the agents’ queue', async () => {
    const fresh = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
    await seedDemoOnce(fresh.db, new Date());
    const sara = await signIn(fresh.app, 'admin@demo.example', '+966501234567');
    const state = await sara.call('GET', '/merchant/api/v1/support/chat/state');
    expect(state.body.has_unread_messages).toBe(true);
    const agent = await signIn(fresh.app, 'ops@demo.example', '+966500000999');
    const queue = (await agent.call('GET', '/merchant/api/v1/support/chat/channels')).body.channels as Json[];
    // Waiting for an answer first.
    expect(queue.map((c) => [c.merchant_name, c.last_author])).toEqual([
      ['Gulf Gadgets', 'merchant'],
      ['Riyadh Style', 'agent'],
    ]);
    // A seeded conversation twice would be one more: seeding again adds nothing.
    await seedDemoOnce(fresh.db, new Date());
    expect((await agent.call('GET', '/merchant/api/v1/support/chat/channels')).body.channels).toHaveLength(2);
  });
});

describe('demo form events (issue 61)', () => {
  it('seeds four weeks of events for onboarding and the capital forms, marked demo, once; the insights show them', async () => {
    const fresh = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
    await seedDemoOnce(fresh.db, new Date());
    const now = new Date();
    const seeded = await seedDemoFormEventsOnce(fresh.db, fresh.app.services.flows, now);
    expect(seeded).toBeGreaterThan(5000);
    expect(await seedDemoFormEventsOnce(fresh.db, fresh.app.services.flows, now)).toBeNull();
    const rows = await fresh.db.select().from(formEvents);
    expect(rows).toHaveLength(seeded!);
    expect(rows.every((r) => r.demo && r.draftId.startsWith('demo-') && r.at <= now)).toBe(true);
    expect(new Set(rows.map((r) => r.flow))).toEqual(
      new Set(['onboarding', 'capital-simple', 'capital-kyb', 'capital-frf', 'capital-reset']),
    );
    expect(Math.min(...rows.map((r) => r.at.getTime()))).toBeGreaterThan(now.getTime() - 29 * 24 * 3600_000);
    const ops = await signIn(fresh.app, 'ops@demo.example', '+966500000999');
    for (const flow of ['onboarding', 'capital-simple']) {
      const { current } = (await ops.call('GET', `/merchant/api/v1/studio/flows/${flow}/insights`))
        .body as Json;
      expect(current.started).toBeGreaterThan(50);
      expect(current.submitted).toBeGreaterThan(0);
      expect(current.submitted).toBeLessThan(current.started);
      expect(current.abandoned).toBeGreaterThan(0);
      // No step is reached by more drafts than started (paths branch: not every draft meets every step); every
      // step's time is known; merchants meet messages.
      const reached = (current.steps as Json[]).map((s) => s.reached as number);
      expect(Math.min(...reached)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...reached)).toBeLessThanOrEqual(current.started);
      expect(Math.max(...reached)).toBeGreaterThan(current.started / 2);
      expect((current.steps as Json[]).every((s) => s.median_seconds !== null || s.completed === 0)).toBe(
        true,
      );
      expect(current.fields.length).toBeGreaterThan(0);
      expect(new Set((current.groups as Json[]).map((g) => g.lang))).toEqual(new Set(['en', 'ar']));
    }
  }, 60_000);
});
