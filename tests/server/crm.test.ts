/**
 * The `pipedrive/{applicationId}` route's call (shell spec §2; docs/configuration.md CRM_APPLICATION_URL): the CRM's
 * page of an application with its id in place, for anyone signed in; without a CRM set up, a 404 naming the setting.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn } from './setup/signIn';

const CALL = '/merchant/api/v1/crm/applications';

describe('the CRM’s page of an application', () => {
  it('is the configured address with the id in place (encoded), for a signed-in caller only', async () => {
    const { app } = await createTestApp({
      env: { CRM_APPLICATION_URL: 'https://acme.pipedrive.com/deal/{applicationId}?from=mbo' },
    });
    const who = await signIn(app, 'crm@example.com', '+971501234599');
    expect((await who.call('GET', `${CALL}/app-123`)).body).toEqual({
      url: 'https://acme.pipedrive.com/deal/app-123?from=mbo',
    });
    expect((await who.call('GET', `${CALL}/a:b.c`)).body.url).toBe(
      'https://acme.pipedrive.com/deal/a%3Ab.c?from=mbo',
    );
    // Nothing but an id's characters: no way to steer the address elsewhere.
    expect((await who.call('GET', `${CALL}/${encodeURIComponent('x/../../evil')}`)).status).toBe(400);
    expect((await app.inject({ method: 'GET', url: `${CALL}/app-123` })).statusCode).toBe(401);
  });

  it('without a CRM set up, says so naming the setting', async () => {
    const { app } = await createTestApp();
    const who = await signIn(app, 'crm-none@example.com', '+971501234598');
    const answer = await who.call('GET', `${CALL}/app-123`);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('no CRM is set up (CRM_APPLICATION_URL)');
  });
});
