/**
 * The drafts service's hooks for a wizard whose state lives in the product (capital's KYB): `stepCompleted`, run
 * when the merchant moves on from a complete step (a save with `advance`; never an autosave; its refusal answers
 * the save, nothing stored; its facts stored), and named `actions` a widget calls on an open draft
 * (`resend-otp`). Proven on a flow added as files only (tests/fixtures/flows/demo-request) with test hooks.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn, type Caller } from './setup/signIn';
import { catalogueCopy, DEMO_REQUEST } from '../support/catalogueCopy';
import { filesFlowSource } from '../../src/catalogue/serverFlowSource';
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
  it('runs when the merchant moves on from a complete step (advance), never on an autosave, and stores its facts', async () => {
    const who = await newAccount();
    const { body } = await who.call('POST', DRAFTS, {});
    const step = `${DRAFTS}/${body.id}/steps/contact`;
    const advance = `${step}?advance=true`;
    completed.length = 0;

    // Not complete yet (no business type): pressing Next saves, nothing more.
    let res = await who.call('PUT', advance, { full_name: 'Noor', email: 'noor@example.com' });
    expect(res.status).toBe(200);
    expect(completed).toEqual([]);

    // Complete, but an autosave (a blur): the merchant may still be typing.
    const answers = { full_name: 'Noor', email: 'noor@example.com', business_type: 'online' };
    res = await who.call('PUT', step, answers);
    expect(res.status).toBe(200);
    expect(completed).toEqual([]);

    // Next on the complete step: the hook, with the data as stored, and its facts kept.
    res = await who.call('PUT', advance, answers);
    expect(res.status).toBe(200);
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ stepId: 'contact', data: { email: 'noor@example.com' } });
    expect(res.body.data.$facts).toEqual({ checked_email: 'noor@example.com' });

    // Next again (back, then forward): again — hooks are idempotent.
    res = await who.call('PUT', advance, { ...answers, email: 'noor@shop.example' });
    expect(res.status).toBe(200);
    expect(completed).toHaveLength(2);
    expect(res.body.data.$facts).toEqual({ checked_email: 'noor@shop.example' });

    // Anything but a boolean for advance: 400.
    expect((await who.call('PUT', `${step}?advance=maybe`, answers)).status).toBe(400);
  });

  it('answers the save with its refusal, storing nothing', async () => {
    const who = await newAccount();
    const { body } = await who.call('POST', DRAFTS, {});
    const draft = `${DRAFTS}/${body.id}`;
    let res = await who.call('PUT', `${draft}/steps/contact?advance=true`, {
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
