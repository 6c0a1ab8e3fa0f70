import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn, type Caller } from './setup/signIn';
import { catalogueCopy } from '../support/catalogueCopy';
import { filesFlowSource } from '../../src/catalogue/serverFlowSource';

const ZOO = path.resolve('tests/fixtures/flows/schema-zoo');
const { app } = await createTestApp({
  env: { AUTH_RATE_LIMIT: '100000', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mbo-zoo-')) },
  flows: filesFlowSource(catalogueCopy([ZOO])),
});
const DRAFTS = '/merchant/api/v1/flows/schema-zoo/drafts';
let n = 0;
async function newAccount(): Promise<Caller> {
  n += 1;
  return signIn(app, `zoo${n}@example.com`, `+9665024000${String(n).padStart(2, '0')}`);
}

describe('probe', () => {
  it('saves', async () => {
    const who = await newAccount();
    const { id } = (await who.call('POST', DRAFTS, {})).body as { id: string };
    const r1 = await who.call('PUT', `${DRAFTS}/${id}/steps/party`, { party: { kind: 'company', company_name: 'ACME', registration_number: '1234567890' }, channel: 'sms' });
    console.log('party', r1.status, JSON.stringify(r1.body.data ?? r1.body));
    const r2 = await who.call('PUT', `${DRAFTS}/${id}/steps/tax`, { tax: { vat_registered: true, vat_number: '300000000000003', contact_email: 'a@b.co', notes: 'hi' } });
    console.log('tax', r2.status, JSON.stringify(r2.body.data ?? r2.body));
    const r3 = await who.call('PUT', `${DRAFTS}/${id}/steps/lists`, { opening: ['09:00', '17:00'], tags: ['a'] });
    console.log('lists', r3.status, JSON.stringify(r3.body.data ?? r3.body));
    const r4 = await who.call('POST', `${DRAFTS}/${id}/submit`);
    console.log('submit', r4.status, JSON.stringify(r4.body.data ?? r4.body));
    const r5 = await who.call('PUT', `${DRAFTS}/x/steps/tax`, { tax: { vat_registered: false, notes: 'x'.repeat(400000) } });
    console.log('big', r5.status);
  });
});
