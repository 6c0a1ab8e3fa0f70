/**
 * The one drafts service through the generic drafts API, on a flow added as files only
 * (tests/fixtures/flows/demo-request: three steps, one `when` rule, one upload) next to a copy of the real
 * catalogue — no code knows this flow. Then what autosave refuses (all or nothing), and a draft carried from
 * one version of the flow to the next.
 */
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { uploadPdf } from './setup/upload';
import { signIn, type Caller, type Json } from './setup/signIn';
import { catalogueCopy, DEMO_REQUEST } from '../support/catalogueCopy';
import { filesFlowSource, type FlowSource } from '../../src/catalogue/serverFlowSource';

const v1 = catalogueCopy([DEMO_REQUEST]);
const v2 = catalogueCopy([DEMO_REQUEST, path.join(DEMO_REQUEST, 'v2')]);
const first = filesFlowSource(v1);
const second = filesFlowSource(v2);

/** The catalogue as a publish would change it: version 1 of the flow until `publish()`, then version 2. */
let published = first;
const flows: FlowSource = {
  flows: () => published.flows(),
  current: (flow) => published.current(flow),
  get: async (flow, version) => (await first.get(flow, version)) ?? second.get(flow, version),
  compiled: async (version) => (await first.compiled(version)) ?? second.compiled(version),
};

const { app } = await createTestApp({
  env: { AUTH_RATE_LIMIT: '100000', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mbo-drafts-')) },
  flows,
});

const FLOWS = '/merchant/api/v1/flows';
const DRAFTS = `${FLOWS}/demo-request/drafts`;

let n = 0;
async function newAccount(): Promise<Caller> {
  n += 1;
  return signIn(app, `drafts${n}@example.com`, `+9665023000${String(n).padStart(2, '0')}`);
}

const upload = (who: Caller) => uploadPdf(app, who);

const keysOf = (fieldErrors: Record<string, { key: string }> | undefined) =>
  Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([pointer, error]) => [pointer, error.key]));

const contact = { full_name: 'Noor Al-Saud', email: 'noor@example.com', business_type: 'shop' };

async function started(who: Caller) {
  const res = await who.call('POST', DRAFTS, {});
  expect([200, 201]).toContain(res.status);
  return res.body as Json;
}

describe('a flow added as files only, through the API', () => {
  it('create → autosave each step → submit, with the flow’s own routing', async () => {
    const who = await newAccount();
    const created = await who.call('POST', DRAFTS, {});
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      flow: 'demo-request',
      status: 'draft',
      data: {},
      steps: ['contact', 'documents'],
      first_incomplete_step: 'contact',
      attention: [],
    });
    expect(created.body.version).toMatch(/^[0-9a-f]{64}$/);
    const id = created.body.id as string;
    // One draft per account and flow: asking again gives the same one.
    const again = await who.call('POST', DRAFTS, {});
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(id);

    const saved = await who.call('PUT', `${DRAFTS}/${id}/steps/contact`, contact);
    expect(saved.status).toBe(200);
    // The `when` rule: a shop adds its step.
    expect(saved.body.steps).toEqual(['contact', 'shop', 'documents']);
    expect(saved.body.first_incomplete_step).toBe('shop');
    await who.call('PUT', `${DRAFTS}/${id}/steps/shop`, { shop: { city: 'Riyadh', branches: 3 } });

    const early = await who.call('POST', `${DRAFTS}/${id}/submit`);
    expect(early.status).toBe(422);
    expect(early.body.step).toBe('documents');
    expect(keysOf(early.body.field_errors)).toEqual({ '/licence_url': 'validation:error.required' });

    const licence = await upload(who);
    expect((await who.call('PUT', `${DRAFTS}/${id}/steps/documents`, { licence_url: licence })).status).toBe(
      200,
    );
    const done = await who.call('POST', `${DRAFTS}/${id}/submit`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'submitted',
      outcome: 'submit',
      first_incomplete_step: null,
      data: { ...contact, shop: { city: 'Riyadh', branches: 3 }, licence_url: licence },
    });
    expect(done.body.submitted_at).toEqual(expect.any(String));
    expect((await who.call('GET', `${DRAFTS}/${id}`)).body.status).toBe('submitted');
    expect((await who.call('PUT', `${DRAFTS}/${id}/steps/contact`, contact)).status).toBe(409);
    expect((await who.call('POST', `${DRAFTS}/${id}/submit`)).status).toBe(409);
  });

  it('drops what only a step off the path owns when it is submitted', async () => {
    const who = await newAccount();
    const { id } = await started(who);
    await who.call('PUT', `${DRAFTS}/${id}/steps/contact`, contact);
    await who.call('PUT', `${DRAFTS}/${id}/steps/shop`, { shop: { city: 'Riyadh', branches: 3 } });
    await who.call('PUT', `${DRAFTS}/${id}/steps/contact`, { ...contact, business_type: 'online' });
    await who.call('PUT', `${DRAFTS}/${id}/steps/documents`, { licence_url: await upload(who) });
    const done = await who.call('POST', `${DRAFTS}/${id}/submit`);
    expect(done.status).toBe(200);
    expect(done.body.data).not.toHaveProperty('shop');
    expect(done.body.steps).toEqual(['contact', 'documents']);
  });

  it('a draft is its owner’s: to anyone else, and under another flow, it does not exist', async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const { id } = await started(owner);
    expect((await other.call('GET', `${DRAFTS}/${id}`)).status).toBe(404);
    expect((await other.call('PUT', `${DRAFTS}/${id}/steps/contact`, contact)).status).toBe(404);
    expect((await other.call('POST', `${DRAFTS}/${id}/submit`)).status).toBe(404);
    expect((await owner.call('GET', `${FLOWS}/onboarding/drafts/${id}`)).status).toBe(404);
  });

  it('an unknown flow, and a flow served at its own paths, are not found here', async () => {
    const who = await newAccount();
    expect((await who.call('POST', `${FLOWS}/no-such-flow/drafts`, {})).status).toBe(404);
    expect((await who.call('POST', `${FLOWS}/onboarding/drafts`, {})).status).toBe(404);
    expect((await who.call('POST', `${FLOWS}/Bad_Flow/drafts`, {})).status).toBe(400);
    expect((await app.inject({ method: 'POST', url: DRAFTS, payload: {} })).statusCode).toBe(401);
  });
});

describe('autosave is all or nothing', () => {
  async function refused(who: Caller, id: string, step: string, body: unknown) {
    const before = (await who.call('GET', `${DRAFTS}/${id}`)).body;
    const res = await who.call('PUT', `${DRAFTS}/${id}/steps/${step}`, body);
    const after = (await who.call('GET', `${DRAFTS}/${id}`)).body;
    expect(after.data, 'nothing is stored').toEqual(before.data);
    expect(after.updated_at).toBe(before.updated_at);
    return res;
  }

  it('a step that is not in the flow, and answers that belong to another step', async () => {
    const who = await newAccount();
    const { id } = await started(who);
    expect((await refused(who, id, 'payment', { amount: 1 })).status).toBe(404);
    const foreign = await refused(who, id, 'contact', { ...contact, shop: { city: 'Riyadh' } });
    expect(foreign.status).toBe(400);
    expect(keysOf(foreign.body.field_errors)).toEqual({ '/shop': 'validation:error.unknownField' });
  });

  it('keys no step declares, at the top and inside a field', async () => {
    const who = await newAccount();
    const { id } = await started(who);
    await who.call('PUT', `${DRAFTS}/${id}/steps/contact`, contact);
    const nested = await refused(who, id, 'shop', { shop: { city: 'Riyadh', owner_notes: 'x' } });
    expect(nested.status).toBe(400);
    expect(keysOf(nested.body.field_errors)).toEqual({
      '/shop/owner_notes': 'validation:error.unknownField',
    });
  });

  it('a value that breaks a rule refuses the whole save, with the values its message needs', async () => {
    const who = await newAccount();
    const { id } = await started(who);
    const res = await refused(who, id, 'contact', { ...contact, email: 'not an email', full_name: 'Noor' });
    expect(res.status).toBe(400);
    expect(res.body.field_errors).toEqual({
      '/email': { key: 'validation:error.format.email', params: { format: 'email' } },
    });
    const branches = await refused(who, id, 'shop', { shop: { city: 'Riyadh', branches: 1000 } });
    expect(branches.body.field_errors['/shop/branches']).toEqual({
      key: 'validation:error.maximum',
      params: expect.objectContaining({ limit: 100 }),
    });
  });

  it('500 KB of junk in a field, and a body nested 100,000 deep', async () => {
    const who = await newAccount();
    const { id } = await started(who);
    const junk = await refused(who, id, 'contact', { ...contact, full_name: 'x'.repeat(500 * 1024) });
    expect(junk.status).toBe(400);
    expect(keysOf(junk.body.field_errors)).toEqual({ '/full_name': 'validation:error.maxLength' });
    const deep = await app.inject({
      method: 'PUT',
      url: `${DRAFTS}/${id}/steps/contact`,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      payload: `{"full_name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(keysOf(deep.json().field_errors)).toEqual({ '/': 'validation:error.nesting' });
  });

  it('another account’s file', async () => {
    const owner = await newAccount();
    const thief = await newAccount();
    const theirs = await upload(owner);
    const { id } = await started(thief);
    const res = await refused(thief, id, 'documents', { licence_url: theirs });
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toEqual({ '/licence_url': 'validation:error.fileNotFound' });
  });
});

describe('a draft carried to a newer version of its flow', () => {
  it('keeps what still fits, drops the rest, and asks the merchant to check it until the step is saved', async () => {
    const who = await newAccount();
    const { id, version: startedOn } = await started(who);
    await who.call('PUT', `${DRAFTS}/${id}/steps/contact`, { ...contact, phone: '+966501234567' });
    await who.call('PUT', `${DRAFTS}/${id}/steps/shop`, { shop: { city: 'Riyadh', branches: 40 } });

    published = second;
    try {
      const read = (await who.call('GET', `${DRAFTS}/${id}`)).body;
      expect(read.version).not.toBe(startedOn);
      expect(read.version).toBe((await second.current('demo-request'))!.id);
      expect(read.data).toEqual({ ...contact, shop: { city: 'Riyadh' } });
      expect(read.attention).toEqual([
        { pointer: '/phone', key: 'validation:error.removedField', params: {} },
        expect.objectContaining({ pointer: '/shop/branches', key: 'validation:error.maximum' }),
      ]);
      // The new version's rules now: a new required role, at most 10 branches.
      expect(read.first_incomplete_step).toBe('contact');
      const shop = await who.call('PUT', `${DRAFTS}/${id}/steps/shop`, {
        shop: { city: 'Riyadh', branches: 8 },
      });
      // Saving the step of a field to check ends its notice; a field the form no longer has is told once.
      expect(shop.body.attention).toEqual([]);
      const saved = await who.call('PUT', `${DRAFTS}/${id}/steps/contact`, { ...contact, role: 'owner' });
      expect(saved.body.first_incomplete_step).toBe('documents');
    } finally {
      published = first;
    }
  });
});
