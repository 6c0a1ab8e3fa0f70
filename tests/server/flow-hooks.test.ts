/**
 * The drafts service's hooks for a wizard whose state lives in the product (capital's KYB): `stepCompleted`, run
 * when a step save leaves the step complete with answers it did not have complete before (its refusal answers
 * the save, nothing stored; its facts stored), and named `actions` a widget calls on an open draft
 * (`resend-otp`). Proven on a flow added as files only (tests/fixtures/flows/demo-request) with test hooks.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn, type Caller } from './setup/signIn';
import { catalogueCopy, DEMO_REQUEST } from '../support/catalogueCopy';
import { filesFlowSource } from '../../src/catalogue/flowSource';
import { fieldError, HttpError } from '../../src/server/errors';
import type { FormData } from '../../src/engine/core/types';

const completed: { stepId: string; data: FormData }[] = [];
let resends = 0;

const { app } = await createTestApp({
  env: { AUTH_RATE_LIMIT: '100000' },
  flows: filesFlowSource(catalogueCopy([DEMO_REQUEST])),
  flowHooks: {
    'demo-request': {
      async stepCompleted({ stepId, data }) {
        if (data.email === 'taken@example.com')
          throw new HttpError(400, 'bad_request', { '/email': fieldError('demo-request:refusals.other') });
        completed.push({ stepId, data });
        return { facts: { checked_email: String(data.email) } };
      },
      actions: {
        async 'resend-otp'() {
          resends += 1;
          if (resends > 1) throw new HttpError(429, 'too many attempts to send code');
          return { sent: true, resend_after: 30 };
        },
      },
    },
  },
});

const DRAFTS = '/merchant/api/v1/flows/demo-request/drafts';
let n = 0;
const newAccount = (): Promise<Caller> => {
  n += 1;
  return signIn(app, `hooks${n}@example.com`, `+9665024000${String(n).padStart(2, '0')}`);
};

describe('stepCompleted', () => {
  it('runs once a step is complete, once per new set of answers, and stores its facts', async () => {
    const who = await newAccount();
    const { body } = await who.call('POST', DRAFTS, {});
    const step = `${DRAFTS}/${body.id}/steps/contact`;
    completed.length = 0;

    // Not complete yet (no business type): an autosave like any other.
    let res = await who.call('PUT', step, { full_name: 'Noor', email: 'noor@example.com' });
    expect(res.status).toBe(200);
    expect(completed).toEqual([]);

    res = await who.call('PUT', step, {
      full_name: 'Noor',
      email: 'noor@example.com',
      business_type: 'online',
    });
    expect(res.status).toBe(200);
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ stepId: 'contact', data: { email: 'noor@example.com' } });
    expect(res.body.data.$facts).toEqual({ checked_email: 'noor@example.com' });

    // The same answers again (a blur with nothing changed): not again.
    res = await who.call('PUT', step, {
      full_name: 'Noor',
      email: 'noor@example.com',
      business_type: 'online',
    });
    expect(res.status).toBe(200);
    expect(completed).toHaveLength(1);

    // A changed answer: again, with the new data.
    res = await who.call('PUT', step, {
      full_name: 'Noor',
      email: 'noor@shop.example',
      business_type: 'online',
    });
    expect(completed).toHaveLength(2);
    expect(res.body.data.$facts).toEqual({ checked_email: 'noor@shop.example' });
  });

  it('answers the save with its refusal, storing nothing', async () => {
    const who = await newAccount();
    const { body } = await who.call('POST', DRAFTS, {});
    const draft = `${DRAFTS}/${body.id}`;
    let res = await who.call('PUT', `${draft}/steps/contact`, {
      full_name: 'Noor',
      email: 'taken@example.com',
      business_type: 'online',
    });
    expect(res.status).toBe(400);
    expect(res.body.field_errors).toEqual({ '/email': { key: 'demo-request:refusals.other', params: {} } });
    res = await who.call('GET', draft);
    expect(res.body.data).toEqual({});
  });
});

describe('actions', () => {
  it("runs a flow's named action on the caller's open draft, and answers its refusal", async () => {
    const who = await newAccount();
    const other = await newAccount();
    const { body } = await who.call('POST', DRAFTS, {});
    const action = (name: string, caller = who) =>
      caller.call('POST', `${DRAFTS}/${body.id}/actions/${name}`);
    resends = 0;

    expect((await action('resend-otp', other)).status).toBe(404); // another account's draft
    let res = await action('resend-otp');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true, resend_after: 30 });
    res = await action('resend-otp');
    expect(res.status).toBe(429);
    expect((await action('send-money')).status).toBe(404);
    expect((await action('constructor')).status).toBe(404); // not a name the hooks' object inherits
    expect((await action('Bad_Name')).status).toBe(400);
  });
});
