/**
 * The catalogue as the browser gets it: a flow's current version (never cached), its manifest and step modules
 * below /catalogue/<version>/ (cached for ever, scripts from our own origin, no 'unsafe-eval' needed).
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { catalogueCopy, flowsOnDisk, MERCHANT_REQUEST } from '../support/catalogueCopy';
import { filesFlowSource } from '../../src/catalogue/serverFlowSource';
import { catalogueRoutes } from '../../src/server/routes/catalogue';
import { API_ERROR } from '../../src/server/openapi';

const { app } = await createTestApp();
const get = (url: string) => app.inject({ method: 'GET', url });

describe('the catalogue API', () => {
  it('points at each flow’s current version, never cached', async () => {
    const list = await get('/merchant/api/v1/catalogue/flows');
    expect(list.statusCode).toBe(200);
    const flows = list.json().flows as { flow: string; version: string; manifest: string }[];
    // Every flow of schemas/, as its files name it (a flow added as files changes no test).
    expect(flows.map((f) => f.flow)).toEqual(flowsOnDisk().map((f) => f.flow));
    expect(flows.map((f) => f.flow)).toContain('onboarding');
    const onboarding = flows.find((f) => f.flow === 'onboarding')!;
    expect(onboarding).toEqual({
      flow: 'onboarding',
      version: expect.stringMatching(/^[0-9a-f]{64}$/),
      manifest: expect.stringMatching(/^\/catalogue\/[0-9a-f]{64}\/manifest\.[0-9a-f]{12}\.json$/),
    });
    const current = await get('/merchant/api/v1/catalogue/flows/onboarding');
    expect(current.headers['cache-control']).toBe('no-store');
    expect(current.json()).toEqual(onboarding);
    const held = await get(`/merchant/api/v1/catalogue/flows/onboarding/versions/${onboarding.version}`);
    expect(held.json()).toEqual(onboarding);
  });

  it('says where a flow is reached when its file declares an entry, with its name in both languages', async () => {
    // A catalogue with one flow more, added as files only, whose flow.json names a sidebar entry.
    const bare = Fastify().addSchema(API_ERROR);
    await bare.register(catalogueRoutes, { flows: filesFlowSource(catalogueCopy([MERCHANT_REQUEST])) });
    const flows = (await bare.inject({ method: 'GET', url: '/merchant/api/v1/catalogue/flows' })).json()
      .flows as { flow: string; entry?: unknown }[];
    expect(flows.find((f) => f.flow === 'merchant-request')?.entry).toEqual({
      section: 'businessProfile',
      icon: 'clipboard-list',
      permission: 'hasMerchantAccess',
      title: { en: 'Requests', ar: 'طلبات الخدمة' },
    });
    // A flow without one is reached by its address alone: no entry in the answer.
    expect(flows.find((f) => f.flow === 'onboarding')).not.toHaveProperty('entry');
    await bare.close();
  });

  it('serves the manifest and step modules for ever, as JSON and JavaScript', async () => {
    const { manifest: address, version } = (await get('/merchant/api/v1/catalogue/flows/onboarding')).json();
    const manifest = await get(address);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(manifest.headers['content-type']).toMatch(/^application\/json/);
    const body = manifest.json();
    expect(body).toMatchObject({ flow: 'onboarding', version });
    expect(body.texts.en['onboarding:fields.iban.title']).toBe('IBAN');
    const step = await get(`/catalogue/${version}/${body.steps['basic-info']}`);
    expect(step.statusCode).toBe(200);
    expect(step.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(step.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(step.headers['x-content-type-options']).toBe('nosniff');
    expect(step.body).toContain('export');
  });

  it('says not found for an unknown flow, version or file, and refuses a malformed one', async () => {
    expect((await get('/merchant/api/v1/catalogue/flows/no-such-flow')).statusCode).toBe(404);
    expect(
      (await get(`/merchant/api/v1/catalogue/flows/onboarding/versions/${'0'.repeat(64)}`)).statusCode,
    ).toBe(404);
    expect((await get('/merchant/api/v1/catalogue/flows/onboarding/versions/latest')).statusCode).toBe(400);
    expect((await get(`/catalogue/${'0'.repeat(64)}/manifest.json`)).statusCode).toBe(404);
    const { version } = (await get('/merchant/api/v1/catalogue/flows/onboarding')).json();
    // Only the version's own files: a path that climbs out is no file of it.
    expect([400, 404]).toContain((await get(`/catalogue/${version}/steps/../../etc/passwd`)).statusCode);
    expect((await get(`/catalogue/${version}/steps%2F..%2F..%2Fpackage.json`)).statusCode).toBe(404);
    expect((await get('/catalogue/not-a-version/manifest.json')).statusCode).toBe(400);
  });

  it('keeps the pages’ script policy to our own origin, with no eval', async () => {
    const res = await get('/merchant/api/v1/catalogue/flows/onboarding');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
  });
});
