/**
 * What a submitted form is (flow.json `submitted`; issue 56): a form sent once keeps opening what was sent from its
 * entry; one that may be sent again (`submitted.again`) opens the one under way, else a new one once the last was
 * sent — each kept, none overwritten.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn, type Caller } from './setup/signIn';
import { catalogueCopy, MERCHANT_REQUEST } from '../support/catalogueCopy';
import { filesFlowSource } from '../../src/catalogue/serverFlowSource';

// merchant-request as ops would declare it may be sent again, and a copy of it as it is (sent once).
const copy = catalogueCopy([MERCHANT_REQUEST]);
const flowFile = path.join(copy.schemasDir, 'merchant-request', 'flow.json');
const flow = JSON.parse(readFileSync(flowFile, 'utf8'));
cpSync(path.dirname(flowFile), path.join(copy.schemasDir, 'request-once'), { recursive: true });
writeFileSync(
  path.join(copy.schemasDir, 'request-once', 'flow.json'),
  JSON.stringify({ ...flow, flow: 'request-once' }),
);
writeFileSync(flowFile, JSON.stringify({ ...flow, submitted: { again: 'merchant-request:entry' } }));

const { app } = await createTestApp({
  env: { AUTH_RATE_LIMIT: '100000', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mbo-again-')) },
  flows: filesFlowSource(copy),
});

const base = (flowId: string) => `/merchant/api/v1/flows/${flowId}/drafts`;

async function send(who: Caller, id: string, details: string, flowId = 'merchant-request') {
  const F = base(flowId);
  expect((await who.call('PUT', `${F}/${id}/steps/request`, { topic: 'limit', details })).status).toBe(200);
  const contact = { contact_by: 'phone', best_time: 'evening' };
  expect((await who.call('PUT', `${F}/${id}/steps/contact`, contact)).status).toBe(200);
  const done = await who.call('POST', `${F}/${id}/submit`);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

describe('a form sent again', () => {
  it('opens the one under way, a new one once the last was sent, and keeps every one sent', async () => {
    const who = await signIn(app, 'again1@example.com', '+966502500001');
    const first = await who.call('POST', base('merchant-request'), {});
    expect(first.status).toBe(201);
    // Under way: the entry opens it again.
    expect((await who.call('POST', base('merchant-request'), {})).body.id).toBe(first.body.id);
    await send(who, first.body.id, 'A higher limit for Ramadan, please.');
    const second = await who.call('POST', base('merchant-request'), {});
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.status).toBe('draft');
    expect((await who.call('POST', base('merchant-request'), {})).body.id).toBe(second.body.id);
    await send(who, second.body.id, 'And a statement for November.');
    const third = await who.call('POST', base('merchant-request'), {});
    expect([first.body.id, second.body.id]).not.toContain(third.body.id);
    // The first is as it was sent.
    const kept = await who.call('GET', `${base('merchant-request')}/${first.body.id}`);
    expect(kept.body).toMatchObject({
      status: 'submitted',
      data: { details: 'A higher limit for Ramadan, please.' },
    });
  });

  it('a form without `submitted.again` is sent once: its entry opens what was sent', async () => {
    const who = await signIn(app, 'again2@example.com', '+966502500002');
    const first = await who.call('POST', base('request-once'), {});
    expect(first.status).toBe(201);
    await send(who, first.body.id, 'A statement for October, please.', 'request-once');
    const again = await who.call('POST', base('request-once'), {});
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, status: 'submitted' });
  });
});
