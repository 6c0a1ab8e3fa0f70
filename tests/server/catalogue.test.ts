/**
 * The catalogue as the browser gets it: a flow's current version (never cached), its manifest and step modules
 * below /catalogue/<version>/ (cached for ever, scripts from our own origin, no 'unsafe-eval' needed).
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { flowsOnDisk } from '../support/catalogueCopy';

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
