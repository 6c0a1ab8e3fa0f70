/**
 * The form studio's server (issue 17): who may use it, working copies, the checks as lint (ReDoS, $data,
 * unknown keywords and widgets), the classification of each kind of change, the replay of drafts in flight and
 * the confirmation a breaking change needs, publish and rollback as pointer moves with an audit, and the pointer
 * flip seen by a second server instance on the same database.
 */
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { POINTER_TTL_MS } from '../../src/server/services/flowStore';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Caller, type Json } from './setup/signIn';

const dataDir = mkdtempSync(path.join(tmpdir(), 'mbo-studio-'));
const { app, database, config } = await createTestApp({
  env: { AUTH_RATE_LIMIT: '100000', DATA_DIR: dataDir },
});
await loadDemoData(app);

const STUDIO = '/merchant/api/v1/studio';
const ops = await signIn(app, 'ops@demo.example', '+966500000999');

let n = 0;
async function merchantWithDraft(businessName: string): Promise<Caller> {
  n += 1;
  const who = await signIn(app, `studio${n}@example.com`, `+96650555${String(n).padStart(4, '0')}`);
  const created = await who.call('POST', '/partners/application/api/v1/application', {});
  expect(created.status).toBe(201);
  const saved = await who.call('PUT', `/partners/application/api/v1/application/${created.body.id}`, {
    first_name: 'Mariam',
    last_name: 'Al Falasi',
    email: 'mariam@example.com',
    phone: '+971501234567',
    business_name: businessName,
    country_of_main_operations: 'ARE',
    annual_volume: 'less_than_1m',
  });
  expect(saved.status).toBe(200);
  return who;
}

async function workingCopy(): Promise<Json> {
  const res = await ops.call('GET', `${STUDIO}/flows/onboarding/working-copy`);
  expect(res.status).toBe(200);
  return res.body;
}

/** Saves an edit of the onboarding flow's current content; answers the review the save gives back. */
async function edit(change: (content: Json) => void): Promise<Json> {
  await discard();
  const copy = await workingCopy();
  const content = structuredClone(copy.content);
  change(content);
  const res = await ops.call('PUT', `${STUDIO}/flows/onboarding/working-copy`, {
    base_version: copy.base_version,
    content,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const discard = async () =>
  expect((await ops.call('DELETE', `${STUDIO}/flows/onboarding/working-copy`)).status).toBe(204);
// A test's unpublished edits never reach the next test.
afterEach(discard);
const basicInfo = (content: Json) => content.steps['basic-info'].schema;
const currentOnboarding = async (server = app) =>
  (await server.inject({ method: 'GET', url: '/merchant/api/v1/catalogue/flows/onboarding' })).json().version;

describe('who may use the studio', () => {
  it('refuses anyone without a session (401) and every merchant account (403), on every call', async () => {
    const anonymous = await app.inject({ method: 'GET', url: `${STUDIO}/flows` });
    expect(anonymous.statusCode).toBe(401);
    const admin = await signIn(app, 'admin@demo.example', '+966501234567');
    for (const [method, url] of [
      ['GET', `${STUDIO}/flows`],
      ['GET', `${STUDIO}/flows/onboarding/working-copy`],
      ['POST', `${STUDIO}/flows/onboarding/publish`],
      ['GET', `${STUDIO}/audit`],
    ] as const)
      expect((await admin.call(method, url, method === 'POST' ? {} : undefined)).status).toBe(403);
    const account = await admin.call('GET', '/merchant/api/v1/account');
    expect(account.body.staff_role).toBeNull();
  });

  it('lets the ops account in: every flow with its current version', async () => {
    const res = await ops.call('GET', `${STUDIO}/flows`);
    expect(res.status).toBe(200);
    const flows = res.body.flows.map((f: Json) => f.flow);
    expect(flows).toEqual(expect.arrayContaining(['onboarding', 'capital-kyb', 'capital-waitlist']));
    expect((await ops.call('GET', '/merchant/api/v1/account')).body.staff_role).toBe('ops');
  });
});

describe('working copies and their lint', () => {
  it('keeps the edits across reads until discarded, with no change to what merchants get', async () => {
    const before = await currentOnboarding();
    const review = await edit((c) => (c.texts.en['onboarding:fields.business_name.title'] = 'Trading name'));
    expect(review.problems).toEqual([]);
    expect(review.classification).toBe('cosmetic');
    const copy = await workingCopy();
    expect(copy.saved).toBe(true);
    expect(copy.content.texts.en['onboarding:fields.business_name.title']).toBe('Trading name');
    expect(await currentOnboarding()).toBe(before);
    await discard();
    expect((await workingCopy()).saved).toBe(false);
  });

  it('keeps the order of keys as edited: a step shows its fields in the order of its properties', async () => {
    const order = Object.keys(basicInfo((await workingCopy()).content).properties);
    await edit((c) => {
      const schema = basicInfo(c);
      schema.properties = Object.fromEntries(Object.entries(schema.properties).reverse());
    });
    expect(Object.keys(basicInfo((await workingCopy()).content).properties)).toEqual([...order].reverse());
  });

  it('refuses a pattern that backtracks catastrophically (ReDoS), naming the file and place', async () => {
    // Nested repetition, and the overlapping alternations the second review published through the old guard.
    for (const pattern of ['^(a+)+$', '^(a|a)*b$', '(a|ab)*c', '(\\d|\\d\\d)+$']) {
      const review = await edit((c) => {
        Object.assign(basicInfo(c).properties.business_name, {
          type: 'string',
          maxLength: 50,
          pattern,
        });
      });
      expect(review.version).toBeNull();
      expect(review.problems).toEqual([
        expect.objectContaining({
          file: 'onboarding/steps/basic-info.schema.json',
          pointer: '/properties/business_name/pattern',
          check: 'guards',
          message: expect.stringContaining('backtrack catastrophically'),
        }),
      ]);
    }
    // A safe pattern with a repetition inside an optional group passes.
    const safe = await edit((c) => {
      Object.assign(basicInfo(c).properties.business_name, {
        type: 'string',
        maxLength: 50,
        pattern: '^([A-Za-z ]{2,40})?$',
      });
    });
    expect(safe.problems).toEqual([]);
  });

  it('refuses $data, unknown keywords and unknown widgets with the checks’ messages', async () => {
    const data = await edit((c) => {
      basicInfo(c).properties.business_name.maxLength = { $data: '1/first_name' };
    });
    expect(data.problems).toContainEqual(
      expect.objectContaining({
        check: 'guards',
        pointer: '/properties/business_name/maxLength/$data',
        message: '"$data" references are not allowed',
      }),
    );
    const keyword = await edit((c) => {
      basicInfo(c).properties.last_name.minLenght = 2;
    });
    expect(keyword.problems).toContainEqual(
      expect.objectContaining({ message: expect.stringContaining('unknown keyword: "minLenght"') }),
    );
    const widget = await edit((c) => {
      c.steps['basic-info'].ui.phone['ui:widget'] = 'telephone-fancy';
    });
    expect(widget.problems).toContainEqual(
      expect.objectContaining({
        check: 'widgets',
        file: 'onboarding/steps/basic-info.ui.json',
        message: expect.stringContaining('widget "telephone-fancy" is not registered'),
      }),
    );
    expect(widget.version).toBeNull();
  });

  it('refuses a self-referencing schema up front: it cannot be published, and the server starts as before (issue 55)', async () => {
    const before = await currentOnboarding();
    const review = await edit((c) => {
      const schema = basicInfo(c);
      schema.$defs = {
        ...(schema.$defs ?? {}),
        category: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 40 },
            children: { type: 'array', maxItems: 5, items: { $ref: '#/$defs/category' } },
          },
        },
      };
      schema.properties.category = { $ref: '#/$defs/category' };
    });
    expect(review.version).toBeNull();
    expect(review.problems).toContainEqual(
      expect.objectContaining({ check: 'keywords', message: expect.stringContaining('refers to itself') }),
    );
    const published = await ops.call('POST', `${STUDIO}/flows/onboarding/publish`, { note: 'categories' });
    expect(published.status).toBe(400);
    expect(await currentOnboarding()).toBe(before);
    // A restart (another instance on the same database) reads the published catalogue and starts.
    const second = await secondInstance();
    try {
      expect(await currentOnboarding(second)).toBe(before);
    } finally {
      await second.close();
    }
  });

  it('answers 400 naming what is wrong for content of the wrong shape, and stores nothing', async () => {
    const copy = await workingCopy();
    const bad = await ops.call('PUT', `${STUDIO}/flows/onboarding/working-copy`, {
      base_version: copy.base_version,
      content: { ...copy.content, steps: { 'basic-info': { file: '../../etc/passwd', schema: {}, ui: {} } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/content\.steps\.basic-info must be/);
    expect((await workingCopy()).saved).toBe(false);
    const unknown = await ops.call('PUT', `${STUDIO}/flows/onboarding/working-copy`, {
      base_version: 'f'.repeat(64),
      content: copy.content,
    });
    expect(unknown.status).toBe(404);
  });
});

describe('classification, replay and publishing', () => {
  it('classifies a text change as cosmetic, publishes it without a confirmation, and merchants get it at once', async () => {
    const before = await currentOnboarding();
    await edit((c) => (c.texts.ar['onboarding:fields.business_name.title'] = 'الاسم التجاري للنشاط'));
    const published = await ops.call('POST', `${STUDIO}/flows/onboarding/publish`, { note: 'clearer label' });
    expect(published.status).toBe(200);
    expect(published.body.classification).toBe('cosmetic');
    const now = await currentOnboarding();
    expect(now).toBe(published.body.version);
    expect(now).not.toBe(before);
    const pointer = (
      await app.inject({ method: 'GET', url: '/merchant/api/v1/catalogue/flows/onboarding' })
    ).json();
    const manifest = await app.inject({ method: 'GET', url: pointer.manifest });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json().texts.ar['onboarding:fields.business_name.title']).toBe('الاسم التجاري للنشاط');
    expect((await workingCopy()).saved).toBe(false);
  });

  it('publishes an ops change to the store listing’s label, and merchants get it (issue 36)', async () => {
    const flow = `${STUDIO}/flows/store-listing`;
    const copy = (await ops.call('GET', `${flow}/working-copy`)).body;
    const content = structuredClone(copy.content);
    content.texts.en['store-listing:basic.name'] = 'Name in the marketplace';
    const saved = await ops.call('PUT', `${flow}/working-copy`, { base_version: copy.base_version, content });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const published = await ops.call('POST', `${flow}/publish`, { note: 'a clearer label' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.classification).toBe('cosmetic');
    const pointer = (
      await app.inject({ method: 'GET', url: '/merchant/api/v1/catalogue/flows/store-listing' })
    ).json();
    expect(pointer.version).toBe(published.body.version);
    const manifest = (await app.inject({ method: 'GET', url: pointer.manifest })).json();
    expect(manifest.texts.en['store-listing:basic.name']).toBe('Name in the marketplace');
  });

  it('classifies a new optional field as additive', async () => {
    const review = await edit((c) => {
      basicInfo(c).properties.trade_name = {
        $ref: '../../_defs/common.schema.json#/$defs/name',
        title: 'onboarding:fields.business_name.title',
      };
      c.flow.steps.find((s: Json) => s.id === 'basic-info').owns.push('/trade_name');
      c.steps['basic-info'].ui['ui:order'].push('trade_name');
    });
    expect(review.problems).toEqual([]);
    expect(review.classification).toBe('additive');
    expect(review.changes).toContainEqual(
      expect.objectContaining({ kind: 'additive', code: 'fieldAdded', params: { field: 'trade_name' } }),
    );
    expect(review.impact).toBeNull();
  });

  it('classifies a tighter constraint as breaking, counts the drafts it breaks, and needs that count confirmed', async () => {
    await merchantWithDraft('Falcon Electronics Trading');
    await merchantWithDraft('Short Co');
    const review = await edit((c) => {
      Object.assign(basicInfo(c).properties.business_name, { type: 'string', maxLength: 10 });
    });
    expect(review.classification).toBe('breaking');
    expect(review.changes).toContainEqual(
      expect.objectContaining({
        kind: 'breaking',
        step: 'basic-info',
        pointer: '/properties/business_name/maxLength',
      }),
    );
    expect(review.impact.affected_drafts).toBeGreaterThanOrEqual(1);
    expect(review.impact.drafts_in_flight).toBeGreaterThanOrEqual(2);
    expect(review.impact.fields).toContainEqual(
      expect.objectContaining({ pointer: '/business_name', key: 'validation:error.maxLength' }),
    );
    expect(review.impact.failing_examples.length).toBeGreaterThanOrEqual(0);
    const affected = review.impact.affected_drafts;

    const before = await currentOnboarding();
    const unconfirmed = await ops.call('POST', `${STUDIO}/flows/onboarding/publish`, {});
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body).toMatchObject({ reason: 'confirmation_needed', affected_drafts: affected });
    const wrongCount = await ops.call('POST', `${STUDIO}/flows/onboarding/publish`, {
      confirm_affected_drafts: affected + 1,
    });
    expect(wrongCount.status).toBe(409);
    expect(await currentOnboarding()).toBe(before);

    const published = await ops.call('POST', `${STUDIO}/flows/onboarding/publish`, {
      confirm_affected_drafts: affected,
      note: 'names up to 10 letters',
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ classification: 'breaking', affected_drafts: affected });
    expect(await currentOnboarding()).toBe(published.body.version);

    // Rollback: the pointer moves back to the version before (a looser constraint: additive).
    const back = await ops.call('GET', `${STUDIO}/flows/onboarding/rollback?to=${before}`);
    expect(back.body.classification).toBe('additive');
    const rolled = await ops.call('POST', `${STUDIO}/flows/onboarding/rollback`, {
      to: before,
      note: 'too strict',
    });
    expect(rolled.status).toBe(200);
    expect(await currentOnboarding()).toBe(before);

    const audit = await ops.call('GET', `${STUDIO}/audit?flow=onboarding`);
    expect(audit.body.entries.slice(0, 3).map((e: Json) => [e.action, e.classification, e.actor])).toEqual([
      ['rollback', 'additive', 'Huda Al-Mansouri'],
      ['publish', 'breaking', 'Huda Al-Mansouri'],
      ['publish', 'cosmetic', 'Huda Al-Mansouri'],
    ]);
    expect(audit.body.entries[1]).toMatchObject({
      to_version: published.body.version,
      from_version: expect.any(String),
      affected_drafts: affected,
      note: 'names up to 10 letters',
    });
    expect(audit.body.entries.at(-1)).toMatchObject({ action: 'seed', actor: null });
  });

  it('classifies a removed field as breaking', async () => {
    const review = await edit((c) => {
      const schema = basicInfo(c);
      delete schema.properties.last_name;
      schema.required = schema.required.filter((name: string) => name !== 'last_name');
      const ui = c.steps['basic-info'].ui;
      ui['ui:order'] = ui['ui:order'].filter((name: string) => name !== 'last_name');
      const step = c.flow.steps.find((s: Json) => s.id === 'basic-info');
      step.owns = step.owns.filter((p: string) => p !== '/last_name');
    });
    expect(review.problems).toEqual([]);
    expect(review.changes).toContainEqual(
      expect.objectContaining({ kind: 'breaking', code: 'fieldRemoved', params: { field: 'last_name' } }),
    );
    expect(review.classification).toBe('breaking');
    // Every draft in flight answered it: each would lose the answer.
    expect(review.impact.fields).toContainEqual(
      expect.objectContaining({ pointer: '/last_name', key: 'validation:error.removedField' }),
    );
  });

  it('shows the diff between two versions with each change classified, and exports a version as files', async () => {
    const versions = (await ops.call('GET', `${STUDIO}/flows/onboarding/versions`)).body.versions;
    expect(versions.length).toBeGreaterThanOrEqual(3);
    expect(versions.filter((v: Json) => v.current)).toHaveLength(1);
    const [newest, , oldest] = versions;
    const diff = await ops.call('GET', `${STUDIO}/flows/onboarding/diff?from=${oldest.id}&to=${newest.id}`);
    expect(diff.status).toBe(200);
    expect(diff.body.classification).not.toBe('none');
    expect(diff.body.before.flow.flow).toBe('onboarding');
    const files = await ops.call('GET', `${STUDIO}/flows/onboarding/versions/${newest.id}/files`);
    expect(Object.keys(files.body.files)).toEqual(
      expect.arrayContaining([
        'schemas/onboarding/flow.json',
        'schemas/onboarding/steps/basic-info.schema.json',
      ]),
    );
    expect(files.body.files['locales/ar/onboarding.json']).toBeDefined();
  });

  it('refuses to publish edits begun on a version someone else has since replaced, unless told to replace it', async () => {
    await edit((c) => (c.texts.en['onboarding:fields.first_name.title'] = 'Given name'));
    const other = await ops.call('GET', `${STUDIO}/flows/onboarding/versions`);
    const older = other.body.versions.find((v: Json) => !v.current).id;
    // Another ops user's rollback moves the pointer under these edits.
    await ops.call('POST', `${STUDIO}/flows/onboarding/rollback`, {
      to: older,
      confirm_affected_drafts: (await ops.call('GET', `${STUDIO}/flows/onboarding/rollback?to=${older}`)).body
        .impact?.affected_drafts,
    });
    const refused = await ops.call('POST', `${STUDIO}/flows/onboarding/publish`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe('newer_version');
  });
});

describe('the preview', () => {
  it('compiles the working copy as a publish would and serves it to ops only', async () => {
    await edit((c) => (c.texts.ar['onboarding:fields.last_name.title'] = 'اسم العائلة للمالك'));
    const preview = await ops.call('POST', `${STUDIO}/flows/onboarding/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body.manifest).toMatch(/^\/merchant\/api\/v1\/studio\/preview\/[0-9a-f]{64}\/manifest\./);
    const manifest = await app.inject({
      method: 'GET',
      url: preview.body.manifest,
      headers: { authorization: `Bearer ${ops.token}` },
    });
    expect(manifest.statusCode).toBe(200);
    const body = manifest.json();
    expect(body.texts.ar['onboarding:fields.last_name.title']).toBe('اسم العائلة للمالك');
    const step = await app.inject({
      method: 'GET',
      url: `${preview.body.manifest.replace(/manifest\.[^/]+$/, '')}${body.steps['basic-info']}`,
      headers: { authorization: `Bearer ${ops.token}` },
    });
    expect(step.statusCode).toBe(200);
    expect(step.headers['content-type']).toMatch(/javascript/);
    expect((await app.inject({ method: 'GET', url: preview.body.manifest })).statusCode).toBe(401);
  });
});

describe('two server instances on one database', () => {
  it('the other instance serves a publish within the pointer’s time to live', async () => {
    const second = await secondInstance();
    try {
      expect(await currentOnboarding(second)).toBe(await currentOnboarding());
      await edit((c) => (c.texts.en['onboarding:fields.last_name.title'] = `Family name ${Date.now()}`));
      const published = await ops.call('POST', `${STUDIO}/flows/onboarding/publish`, {});
      expect(published.status).toBe(200);
      expect(await currentOnboarding()).toBe(published.body.version);
      const started = Date.now();
      while ((await currentOnboarding(second)) !== published.body.version) {
        expect(Date.now() - started).toBeLessThan(2000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(Date.now() - started).toBeLessThanOrEqual(POINTER_TTL_MS + 500);
    } finally {
      await second.close();
    }
  });
});

describe('two server instances on one database: the preview', () => {
  it('a preview compiled on one instance is served by the other (issue 53)', async () => {
    const second = await secondInstance();
    try {
      await edit((c) => (c.texts.en['onboarding:fields.last_name.title'] = `Surname ${Date.now()}`));
      const preview = await ops.call('POST', `${STUDIO}/flows/onboarding/preview`);
      expect(preview.status).toBe(200);
      const read = (url: string) =>
        second.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ops.token}` } });
      const manifest = await read(preview.body.manifest);
      expect(manifest.statusCode).toBe(200);
      const step = await read(
        `${preview.body.manifest.replace(/manifest\.[^/]+$/, '')}${manifest.json().steps['basic-info']}`,
      );
      expect(step.statusCode).toBe(200);
      expect(step.headers['content-type']).toMatch(/javascript/);
      // Only its own files: a name every object has is none of them.
      const prefix = preview.body.manifest.replace(/manifest\.[^/]+$/, '');
      for (const name of ['constructor', '__proto__', 'toString'])
        expect((await read(`${prefix}${name}`)).statusCode).toBe(404);
    } finally {
      await discard();
      await second.close();
    }
  });
});

/** Another server instance on this file's database, as a second instance behind a balancer. */
async function secondInstance() {
  const second = await buildApp({
    config: loadConfig({ ...process.env, ...configEnv() }),
    database,
    logger: false,
  });
  await second.ready();
  return second;
}

function configEnv(): Record<string, string> {
  return {
    NODE_ENV: 'test',
    BOT_CHECK: 'off',
    DATA_DIR: config.dataDir,
    SETUP_ADDRESS_LIMIT: '100000',
    AUTH_RATE_LIMIT: '100000',
  };
}
