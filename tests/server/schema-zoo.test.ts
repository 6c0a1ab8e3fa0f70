/**
 * A flow written the way schemas come from elsewhere (tests/fixtures/flows/schema-zoo: a "person or company"
 * oneOf with fixed-value selectors, a oneOf of `{ const, title }` options, draft-07 `definitions` and
 * `dependencies`, an allOf that adds a field, an anyOf rule, a tuple) through the generic drafts API: what a save
 * and a submit store and refuse (issue 55). What the form keeps of it: tests/unit/schema-zoo.test.ts.
 */
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn, type Caller, type Json } from './setup/signIn';
import { catalogueCopy, SCHEMA_ZOO } from '../support/catalogueCopy';
import { filesFlowSource } from '../../src/catalogue/serverFlowSource';

const { app } = await createTestApp({
  env: { AUTH_RATE_LIMIT: '100000', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mbo-zoo-')) },
  flows: filesFlowSource(catalogueCopy([SCHEMA_ZOO])),
});
const DRAFTS = '/merchant/api/v1/flows/schema-zoo/drafts';

let n = 0;
async function started(): Promise<{ who: Caller; id: string }> {
  n += 1;
  const who = await signIn(app, `zoo${n}@example.com`, `+9665024000${String(n).padStart(2, '0')}`);
  const res = await who.call('POST', DRAFTS, {});
  expect(res.status).toBe(201);
  return { who, id: (res.body as Json).id as string };
}

const keysOf = (fieldErrors: Record<string, { key: string }> | undefined) =>
  Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([pointer, error]) => [pointer, error.key]));

const company = { kind: 'company', company_name: 'ACME Trading', registration_number: '1234567890' };
const tax = { vat_registered: true, vat_number: '300000000000003', contact_email: 'a@b.co', notes: 'hi' };

describe('what composition keywords declare is stored', () => {
  it('a branch’s fields, a dependency’s, an allOf’s and a tuple: saved, then submitted as they are', async () => {
    const { who, id } = await started();
    const party = await who.call('PUT', `${DRAFTS}/${id}/steps/party`, { party: company, channel: 'sms' });
    expect(party.status).toBe(200);
    expect(party.body.data).toEqual({ party: company, channel: 'sms' });
    expect((await who.call('PUT', `${DRAFTS}/${id}/steps/tax`, { tax })).status).toBe(200);
    const lists = await who.call('PUT', `${DRAFTS}/${id}/steps/lists`, {
      opening: ['09:00', '17:00'],
      tags: ['coffee'],
    });
    expect(lists.status).toBe(200);
    expect((await who.call('PUT', `${DRAFTS}/${id}/steps/confirm`, { confirmed: true })).status).toBe(200);
    const done = await who.call('POST', `${DRAFTS}/${id}/submit`);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({
      party: company,
      channel: 'sms',
      tax,
      opening: ['09:00', '17:00'],
      tags: ['coffee'],
      confirmed: true,
    });
  });

  it('a half-answered branch is saved (incomplete, not wrong), and submit says what is missing', async () => {
    const { who, id } = await started();
    const half = await who.call('PUT', `${DRAFTS}/${id}/steps/party`, {
      party: { kind: 'person', first_name: 'Noor' },
      channel: 'email',
    });
    expect(half.status).toBe(200);
    expect(half.body.first_incomplete_step).toBe('party');
    const early = await who.call('POST', `${DRAFTS}/${id}/submit`);
    expect(early.status).toBe(422);
    // The person's missing last name — not the company's name, which belongs to the branch not chosen.
    expect(keysOf(early.body.field_errors)).toEqual({
      '/party/last_name': 'validation:error.required',
      '/confirmed': 'validation:error.required',
    });
  });

  it('the answers of a branch no longer chosen are dropped with the choice; a key no branch declares is refused', async () => {
    const { who, id } = await started();
    await who.call('PUT', `${DRAFTS}/${id}/steps/party`, { party: company, channel: 'sms' });
    const switched = await who.call('PUT', `${DRAFTS}/${id}/steps/party`, {
      party: { ...company, kind: 'person', first_name: 'Noor', last_name: 'Al-Saud' },
      channel: 'sms',
    });
    expect(switched.status).toBe(200);
    expect(switched.body.data.party).toEqual({ kind: 'person', first_name: 'Noor', last_name: 'Al-Saud' });
    const unknown = await who.call('PUT', `${DRAFTS}/${id}/steps/party`, {
      party: { ...company, nickname: 'A' },
      channel: 'sms',
    });
    expect(unknown.status).toBe(400);
    expect(keysOf(unknown.body.field_errors)).toEqual({ '/party/nickname': 'validation:error.unknownField' });
  });

  it('a wrong value inside a branch or a dependency is refused on its own field, with its own message', async () => {
    const { who, id } = await started();
    const wrong = await who.call('PUT', `${DRAFTS}/${id}/steps/party`, {
      party: { ...company, registration_number: '12' },
      channel: 'sms',
    });
    expect(wrong.status).toBe(400);
    expect(keysOf(wrong.body.field_errors)).toEqual({
      '/party/registration_number': 'validation:error.pattern',
    });
    const vat = await who.call('PUT', `${DRAFTS}/${id}/steps/tax`, { tax: { ...tax, vat_number: '12' } });
    expect(vat.status).toBe(400);
    expect(keysOf(vat.body.field_errors)).toEqual({ '/tax/vat_number': 'validation:error.pattern' });
    const channel = await who.call('PUT', `${DRAFTS}/${id}/steps/party`, {
      party: company,
      channel: 'pigeon',
    });
    expect(channel.status).toBe(400);
    expect(Object.keys(channel.body.field_errors)).toEqual(['/channel']);
  });

  it('a branch’s field is bounded like any other: 400,000 characters are refused, nothing stored', async () => {
    const { who, id } = await started();
    const before = (await who.call('GET', `${DRAFTS}/${id}`)).body;
    const big = await who.call('PUT', `${DRAFTS}/${id}/steps/tax`, {
      tax: { ...tax, notes: 'x'.repeat(400_000) },
    });
    expect(big.status).toBe(400);
    expect(keysOf(big.body.field_errors)).toEqual({ '/tax/notes': 'validation:error.maxLength' });
    const branch = await who.call('PUT', `${DRAFTS}/${id}/steps/party`, {
      party: { ...company, company_name: 'x'.repeat(400_000) },
      channel: 'sms',
    });
    expect(branch.status).toBe(400);
    expect(keysOf(branch.body.field_errors)).toEqual({ '/party/company_name': 'validation:error.maxLength' });
    expect((await who.call('GET', `${DRAFTS}/${id}`)).body.data).toEqual(before.data);
  });

  it('a dependency’s answer goes when what it depends on goes; what another answer needs is asked for', async () => {
    const { who, id } = await started();
    const dropped = await who.call('PUT', `${DRAFTS}/${id}/steps/tax`, {
      tax: { vat_number: '300000000000003', contact_email: 'a@b.co' },
    });
    expect(dropped.status).toBe(200);
    expect(dropped.body.data.tax).toEqual({ contact_email: 'a@b.co' });
    await who.call('PUT', `${DRAFTS}/${id}/steps/party`, { party: company, channel: 'sms' });
    await who.call('PUT', `${DRAFTS}/${id}/steps/tax`, { tax: { contact_phone: '+966500000000' } });
    await who.call('PUT', `${DRAFTS}/${id}/steps/lists`, { opening: ['09:00', '17:00'] });
    await who.call('PUT', `${DRAFTS}/${id}/steps/confirm`, { confirmed: true });
    const needs = await who.call('POST', `${DRAFTS}/${id}/submit`);
    expect(needs.status).toBe(422);
    expect(keysOf(needs.body.field_errors)).toEqual({
      '/tax/contact_email': 'validation:error.dependencies',
    });
  });
});

describe('nothing the engine accepts loses valid answers (property-based, through the API)', () => {
  const text = (max: number) =>
    fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim() === s && !s.includes('\0'));
  const party = fc.oneof(
    fc.record({ kind: fc.constant('person'), first_name: text(60), last_name: text(60) }),
    fc.record(
      {
        kind: fc.constant('company'),
        company_name: text(120),
        registration_number: fc.stringMatching(/^[0-9]{10}$/),
      },
      { requiredKeys: ['kind', 'company_name'] },
    ),
  );
  const taxAnswers = fc
    .record(
      {
        vat: fc.option(fc.stringMatching(/^3[0-9]{14}$/), { nil: undefined }),
        contact_email: fc.constantFrom('a@b.co', 'noor@example.com'),
        notes: text(200),
        currency: fc.constantFrom('SAR', 'AED'),
      },
      { requiredKeys: ['contact_email'] },
    )
    .map(({ vat, ...rest }) =>
      vat === undefined ? rest : { ...rest, vat_registered: true, vat_number: vat },
    );
  const lists = fc.record(
    { opening: fc.tuple(text(5), text(5)), tags: fc.array(text(20), { maxLength: 3 }) },
    { requiredKeys: ['opening'] },
  );

  it('random valid answers of every shape the flow takes: saved step by step, submitted, stored as given', async () => {
    await fc.assert(
      fc.asyncProperty(
        party,
        fc.constantFrom('email', 'sms'),
        taxAnswers,
        lists,
        async (p, channel, t, l) => {
          const { who, id } = await started();
          for (const [step, body] of [
            ['party', { party: p, channel }],
            ['tax', { tax: t }],
            ['lists', l],
            ['confirm', { confirmed: true }],
          ] as const) {
            const saved = await who.call('PUT', `${DRAFTS}/${id}/steps/${step}`, body);
            expect(saved.status, `${step}: ${JSON.stringify(saved.body)}`).toBe(200);
          }
          const done = await who.call('POST', `${DRAFTS}/${id}/submit`);
          expect(done.status, JSON.stringify(done.body)).toBe(200);
          expect(done.body.data).toEqual({ party: p, channel, tax: t, ...l, confirmed: true });
        },
      ),
      { numRuns: 12 },
    );
  });
});
