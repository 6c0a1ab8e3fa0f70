/**
 * The studio's form insights (issue 61; GET /merchant/api/v1/studio/flows/:flow/insights): the funnel, time per
 * step and the fields' messages of a version, worked out by the database from its form events — checked here
 * against figures worked out by hand — filtered by language and device, and ops only.
 */
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Json } from './setup/signIn';
import { createFormEventRepository } from '../../src/server/repositories/formEvents';
import type { DeviceClass, FormEventKind } from '../../src/domain/formEvents';

const { app, db } = await createTestApp({
  env: { AUTH_RATE_LIMIT: '100000', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mbo-insights-')) },
});
await loadDemoData(app);
const ops = await signIn(app, 'ops@demo.example', '+966500000999');
const INSIGHTS = '/merchant/api/v1/studio/flows/onboarding/insights';
const version = ((await ops.call('GET', '/merchant/api/v1/catalogue/flows/onboarding')).body as Json)
  .version as string;

const t0 = new Date('2026-11-02T08:00:00Z').getTime();
type Kind = 'started' | 'step_shown' | 'step_completed' | 'message_shown' | 'submitted' | 'left';
/** One draft's events: [kind, step, seconds after t0, field?, rule?]. */
const events = (
  draft: string,
  rows: [Kind, string | null, number, string?, string?][],
  meta: { lang: string; device: DeviceClass } = { lang: 'en', device: 'desktop' },
) =>
  rows.map(([kind, step, seconds, field, rule]) => ({
    at: new Date(t0 + seconds * 1000),
    flow: 'onboarding',
    version,
    draft,
    kind: kind as FormEventKind,
    step,
    field: field ?? null,
    rule: rule ?? null,
    ...meta,
  }));

// Written as the server writes them: the events, and the rollups the insights read.
const repository = createFormEventRepository(db);
await repository.insert([
  ...events('d1', [
    ['started', 'basic-info', 0],
    ['step_shown', 'basic-info', 0],
    ['step_completed', 'basic-info', 60],
    ['step_shown', 'product-category', 61],
    ['step_completed', 'product-category', 100],
    ['submitted', null, 200],
  ]),
  ...events('d2', [
    ['started', 'basic-info', 0],
    ['step_shown', 'basic-info', 0],
    ['step_completed', 'basic-info', 120],
    ['step_shown', 'product-category', 130],
  ]),
  ...events('d3', [
    ['started', 'basic-info', 0],
    ['step_shown', 'basic-info', 0],
    ['message_shown', 'basic-info', 10, '/email', 'validation:error.format.email'],
    ['message_shown', 'basic-info', 20, '/email', 'validation:error.format.email'],
    ['message_shown', 'basic-info', 25, '/phone', 'validation:error.required'],
    // Untouched FORM_LEFT_DAYS later: said to be left there by the sweep.
    ['left', 'basic-info', 14 * 86400 + 25],
  ]),
  ...events(
    'd4',
    [
      ['started', 'basic-info', 0],
      ['step_shown', 'basic-info', 0],
      ['message_shown', 'basic-info', 5, '/email', 'validation:error.format.email'],
      ['step_completed', 'basic-info', 30],
      // Shown again after going back: the first showing counts for the time.
      ['step_shown', 'basic-info', 40],
      ['step_shown', 'product-category', 45],
      ['step_completed', 'product-category', 95],
      ['submitted', null, 300],
    ],
    { lang: 'ar', device: 'phone' },
  ),
  // Another flow's events are not this flow's.
  ...events('x1', [['started', 'basic-info', 0]]).map((e) => ({ ...e, flow: 'capital-waitlist' })),
]);

describe('form insights', () => {
  it('the funnel, time per step and fields of a version, as worked out by hand', async () => {
    const res = await ops.call('GET', INSIGHTS);
    expect(res.status).toBe(200);
    const { current, against, comparison } = res.body as Json;
    expect(against).toBeNull();
    expect(comparison).toBeNull();
    expect(current).toMatchObject({
      flow: 'onboarding',
      version,
      started: 4,
      submitted: 2,
      abandoned: 1,
      completion_rate: 0.5,
    });
    // Every step of the version, in its order; a step no draft reached has zeros.
    expect(current.steps[0].step).toBe('basic-info');
    expect(current.steps.map((s: Json) => s.step)).toContain('bank-details');
    const step = (id: string) => current.steps.find((s: Json) => s.step === id);
    // Times 60, 120 and 30 s: median 60, p90 60 + 0.8 × (120 − 60) = 108 (linear between ranks, as percentile_cont).
    expect(step('basic-info')).toEqual({
      step: 'basic-info',
      reached: 4,
      reached_share: 1,
      completed: 3,
      left: 1,
      abandoned: 1,
      median_seconds: 60,
      p90_seconds: 108,
    });
    // Times 39 and 50 s: median 44.5, p90 39 + 0.9 × 11 = 48.9.
    expect(step('product-category')).toMatchObject({
      reached: 3,
      reached_share: 0.75,
      completed: 2,
      left: 1,
    });
    expect(step('product-category').median_seconds).toBeCloseTo(44.5);
    expect(step('product-category').p90_seconds).toBeCloseTo(48.9);
    expect(step('bank-details')).toMatchObject({ reached: 0, completed: 0, left: 0, median_seconds: null });
    // The fields merchants meet most, with the rule's words in both languages.
    expect(current.fields[0]).toMatchObject({
      step: 'basic-info',
      field: '/email',
      rule: 'validation:error.format.email',
      shown: 3,
      drafts: 2,
      text: { en: 'Please enter valid email' },
    });
    expect(current.fields[0].text.ar).not.toBe('validation:error.format.email');
    expect(current.fields[1]).toMatchObject({ field: '/phone', shown: 1, drafts: 1 });
    expect(current.groups).toEqual(
      expect.arrayContaining([
        { lang: 'en', device: 'desktop', started: 3, submitted: 1 },
        { lang: 'ar', device: 'phone', started: 1, submitted: 1 },
      ]),
    );
  });

  it('for one language or device, and beside a version (the same one: no difference, not significant)', async () => {
    const arabic = (await ops.call('GET', `${INSIGHTS}?lang=ar`)).body as Json;
    expect(arabic.current).toMatchObject({ started: 1, submitted: 1, completion_rate: 1 });
    const desktop = (await ops.call('GET', `${INSIGHTS}?device=desktop`)).body as Json;
    expect(desktop.current).toMatchObject({ started: 3, submitted: 1 });
    const beside = (await ops.call('GET', `${INSIGHTS}?version=${version}&against=${version}`)).body as Json;
    expect(beside.against.started).toBe(4);
    expect(beside.comparison).toMatchObject({ difference: 0, z: 0, significant: false });
  });

  it('says what is wrong with a bad question, and answers ops only', async () => {
    const unknown = 'f'.repeat(64);
    expect(await ops.call('GET', `${INSIGHTS}?version=${unknown}`)).toMatchObject({
      status: 404,
      body: { message: `flow onboarding has no version ${unknown}` },
    });
    expect((await ops.call('GET', `${INSIGHTS}?device=watch`)).status).toBe(400);
    expect((await ops.call('GET', `${INSIGHTS}?version=abc`)).status).toBe(400);
    expect((await ops.call('GET', '/merchant/api/v1/studio/flows/nope/insights')).status).toBe(404);
    const merchant = await signIn(app, 'admin@demo.example', '+966501234567');
    expect((await merchant.call('GET', INSIGHTS)).status).toBe(403);
    expect((await app.inject({ method: 'GET', url: INSIGHTS })).statusCode).toBe(401);
  });

  it('reads rollups kept with every write: made again from the events alone, they answer the same', async () => {
    const asked = async () => {
      const all = (await ops.call('GET', INSIGHTS)).body as Json;
      const phone = (await ops.call('GET', `${INSIGHTS}?device=phone`)).body as Json;
      return { all, phone };
    };
    const kept = await asked();
    // The events arrived in two writes: a second batch rolled into what the first left.
    await repository.insert(
      events('d5', [
        ['started', 'basic-info', 1000],
        ['step_shown', 'basic-info', 1000],
      ]),
    );
    await repository.insert(events('d5', [['step_completed', 'basic-info', 1090]]));
    const added = await asked();
    expect(added.all.current.started).toBe(5);
    expect(added.all.current.steps[0]).toMatchObject({ reached: 5, completed: 4, median_seconds: 75 });
    // A database from before the rollups: the sweep makes them from the events, once.
    await db.execute(sql`delete from form_draft_marks`);
    await db.execute(sql`delete from form_insight_counts`);
    await db.execute(sql`delete from form_step_times`);
    await db.execute(sql`delete from form_draft_last`);
    expect((await ops.call('GET', INSIGHTS)).body.current.started).toBe(0);
    await app.services.formEvents.sweep();
    expect(await asked()).toEqual(added);
    await repository.rebuild();
    expect(await asked()).toEqual(added);
    expect(kept.all.current.started).toBe(4);
  });
});
