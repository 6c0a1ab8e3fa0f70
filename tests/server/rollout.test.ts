/**
 * Staged rollout (issue 61): ops publish a change to a share of new drafts; each merchant gets one version, by a
 * stable hash of their account, from the catalogue and for their draft alike; a draft keeps the version it began
 * on while ops widen; widening to 100 % makes the version current, withdrawing sends everyone back; every change
 * of share has its audit row; publishing or rolling back mid-rollout is refused, and so is a bad share.
 */
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Caller, type Json } from './setup/signIn';
import { inRollout } from '../../src/domain/rollout';
import { createFormEventRepository } from '../../src/server/repositories/formEvents';
import type { FormEventKind } from '../../src/domain/formEvents';

const { app, db } = await createTestApp({
  env: { AUTH_RATE_LIMIT: '100000', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mbo-rollout-')) },
});
await loadDemoData(app);

const STUDIO = '/merchant/api/v1/studio';
const FLOW = `${STUDIO}/flows/onboarding`;
const APPLICATION = '/partners/application/api/v1/application';
const ops = await signIn(app, 'ops@demo.example', '+966500000999');

let n = 0;
interface Merchant {
  who: Caller;
  id: string;
}
async function merchant(): Promise<Merchant> {
  n += 1;
  const who = await signIn(app, `rollout${n}@example.com`, `+96650666${String(n).padStart(4, '0')}`);
  return { who, id: (await who.call('GET', '/merchant/api/v1/account')).body.id as string };
}
const anonymousCurrent = async () =>
  (await app.inject({ method: 'GET', url: '/merchant/api/v1/catalogue/flows/onboarding' })).json()
    .version as string;
const servedTo = async (m: Merchant) =>
  (await m.who.call('GET', '/merchant/api/v1/catalogue/flows/onboarding')).body.version as string;
async function startApplication(m: Merchant) {
  const res = await m.who.call('POST', APPLICATION, {});
  expect(res.status).toBe(201);
  return res.body as Json;
}
/** The merchant's application as their page opens it (the draft carried to the version it is answered on). */
const applicationOf = async (m: Merchant) => (await m.who.call('GET', APPLICATION)).body as Json;

/** Publishes a text change of onboarding (cosmetic) at a share; answers the publish. */
async function publishLabel(label: string, share?: number) {
  const copy = (await ops.call('GET', `${FLOW}/working-copy`)).body;
  const content = structuredClone(copy.content);
  content.texts.en['onboarding:fields.business_name.title'] = label;
  const saved = await ops.call('PUT', `${FLOW}/working-copy`, { base_version: copy.base_version, content });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return ops.call('POST', `${FLOW}/publish`, { note: label, ...(share === undefined ? {} : { share }) });
}
const auditOf = async () =>
  ((await ops.call('GET', `${STUDIO}/audit?flow=onboarding&limit=5`)).body.entries as Json[]).map((e) => ({
    action: e.action,
    share: e.share,
    from: e.from_version,
    to: e.to_version,
  }));

describe('a staged rollout', () => {
  it('serves the new version to the share its hash picks — catalogue and draft alike — then widens to 100 %', async () => {
    const before = await anonymousCurrent();
    const published = await publishLabel('Trading name', 50);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ share: 50, classification: 'cosmetic' });
    const next = published.body.version as string;
    // The current version is still the one before, for anyone not judged (no session).
    expect(await anonymousCurrent()).toBe(before);
    expect((await auditOf())[0]).toEqual({ action: 'rollout', share: 50, from: before, to: next });

    const merchants = await Promise.all(Array.from({ length: 24 }, () => merchant()));
    const onNew = merchants.filter((m) => inRollout(next, 50, m.id));
    expect(onNew.length).toBeGreaterThan(0);
    expect(onNew.length).toBeLessThan(merchants.length);
    for (const m of merchants) {
      const expected = inRollout(next, 50, m.id) ? next : before;
      expect(await servedTo(m)).toBe(expected);
      // Asked again: the same version (the hash is stable).
      expect(await servedTo(m)).toBe(expected);
      expect((await startApplication(m)).flow_version).toBe(expected);
    }
    const flows = (await ops.call('GET', `${STUDIO}/flows`)).body.flows as Json[];
    expect(flows.find((f) => f.flow === 'onboarding')).toMatchObject({
      current_version: before,
      rollout: { version: next, share: 50 },
    });
    const versions = (await ops.call('GET', `${FLOW}/versions`)).body.versions as Json[];
    expect(versions.find((v) => v.id === next)).toMatchObject({ current: false, serving: 50 });
    expect(versions.find((v) => v.id === before)).toMatchObject({ current: true, serving: 50 });

    // Mid-rollout, another publish and a rollback are refused with the way out named.
    const again = await publishLabel('Brand name');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ reason: 'rollout_under_way', version: next, share: 50 });
    expect(again.body.message).toMatch(/widen it to 100 % or withdraw it first/);
    expect((await ops.call('DELETE', `${FLOW}/working-copy`)).status).toBe(204);
    const rollback = await ops.call('POST', `${FLOW}/rollback`, { to: before });
    expect(rollback.status).toBe(409);
    expect(rollback.body.reason).toBe('rollout_under_way');

    // Widened to 100 %: the version is current for everyone; drafts on the one before move to it when opened.
    const stale = await ops.call('PUT', `${FLOW}/rollout`, { version: before, share: 100 });
    expect(stale.status).toBe(409);
    const widened = await ops.call('PUT', `${FLOW}/rollout`, { version: next, share: 100, note: 'all good' });
    expect(widened.status, JSON.stringify(widened.body)).toBe(200);
    expect(widened.body).toEqual({ flow: 'onboarding', version: next, share: 100 });
    expect(await anonymousCurrent()).toBe(next);
    const onOld = merchants.find((m) => !inRollout(next, 50, m.id))!;
    expect((await applicationOf(onOld)).flow_version).toBe(next);
    expect((await auditOf())[0]).toEqual({ action: 'promote', share: 100, from: before, to: next });
    expect((await ops.call('GET', `${STUDIO}/flows`)).body.flows).toContainEqual(
      expect.objectContaining({ flow: 'onboarding', current_version: next, rollout: null }),
    );
  });

  it('keeps a draft on the version it began on as ops widen, and sends the share back when withdrawn', async () => {
    const before = await anonymousCurrent();
    const published = await publishLabel('Shop name', 10);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const next = published.body.version as string;
    // A merchant outside 10 % but inside 60 %, and one inside 10 %.
    let widenedIn: Merchant | undefined;
    let early: Merchant | undefined;
    while (!widenedIn || !early) {
      const m = await merchant();
      if (inRollout(next, 10, m.id)) early ??= m;
      else if (inRollout(next, 60, m.id)) widenedIn ??= m;
    }
    const lateDraft = await startApplication(widenedIn);
    expect(lateDraft.flow_version).toBe(before);
    const earlyDraft = await startApplication(early);
    expect(earlyDraft.flow_version).toBe(next);

    expect((await ops.call('PUT', `${FLOW}/rollout`, { version: next, share: 60 })).status).toBe(200);
    expect((await auditOf())[0]).toEqual({ action: 'share', share: 60, from: before, to: next });
    // New drafts of this merchant would get the new version; the draft under way keeps its own.
    expect(await servedTo(widenedIn)).toBe(next);
    expect((await applicationOf(widenedIn)).flow_version).toBe(before);

    const withdrawn = await ops.call('POST', `${FLOW}/rollout/withdraw`, {
      version: next,
      note: 'label unclear',
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body).toEqual({ flow: 'onboarding', version: before, share: 0 });
    expect((await auditOf())[0]).toEqual({ action: 'withdraw', share: 0, from: next, to: before });
    expect(await servedTo(early)).toBe(before);
    // The draft begun on the withdrawn version is back on the current one when next opened.
    expect((await applicationOf(early)).flow_version).toBe(before);
    // Nothing is under way now.
    const none = await ops.call('PUT', `${FLOW}/rollout`, { version: next, share: 20 });
    expect(none.status).toBe(409);
    expect(none.body.reason).toBe('no_rollout');
  });

  it.each([0, 101, 12.5, '10'])('refuses a share of %j, naming what is allowed', async (share) => {
    const publish = await ops.call('POST', `${FLOW}/publish`, { share });
    expect(publish.status).toBe(400);
    expect(JSON.stringify(publish.body)).toMatch(/share/);
    const change = await ops.call('PUT', `${FLOW}/rollout`, { version: 'a'.repeat(64), share });
    expect(change.status).toBe(400);
  });

  it('is ops only', async () => {
    const m = await merchant();
    expect((await m.who.call('PUT', `${FLOW}/rollout`, { version: 'a'.repeat(64), share: 20 })).status).toBe(
      403,
    );
    expect((await m.who.call('POST', `${FLOW}/rollout/withdraw`, { version: 'a'.repeat(64) })).status).toBe(
      403,
    );
  });

  it('flags in the studio a rollout whose version completes worse than the current one, with the step', async () => {
    const before = await anonymousCurrent();
    const published = await publishLabel('Company name', 50);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const next = published.body.version as string;
    /** 100 drafts of a version: how many completed the first two steps, and how many were submitted. */
    const drafts = (version: string, basic: number, category: number, submitted: number) =>
      Array.from({ length: 100 }, (_, i) => {
        const draft = `${version.slice(0, 6)}-${i}`;
        const at = new Date('2026-11-10T10:00:00Z');
        const row = {
          at,
          flow: 'onboarding',
          version,
          draft,
          field: null,
          rule: null,
          lang: 'en',
          device: 'phone' as const,
        };
        const event = (kind: FormEventKind, step: string | null) => ({ ...row, kind, step });
        return [
          event('started', 'basic-info'),
          ...(i < basic ? [event('step_completed', 'basic-info')] : []),
          ...(i < category ? [event('step_completed', 'product-category')] : []),
          ...(i < submitted ? [event('submitted', null)] : []),
        ];
      }).flat();
    await createFormEventRepository(db).insert([...drafts(before, 90, 80, 60), ...drafts(next, 90, 50, 30)]);

    const alerts = await ops.call('GET', `${STUDIO}/alerts`);
    expect(alerts.status).toBe(200);
    const alert = (alerts.body.alerts as Json[]).find((a) => a.flow === 'onboarding');
    expect(alert).toMatchObject({ version: next, against: before, step: 'product-category' });
    // About -0.3 (the merchants of the tests above add a few starts of their own).
    expect(alert!.difference).toBeLessThan(-0.2);
    expect(alert!.margin).toBeGreaterThan(0);
    expect(alert!.margin).toBeLessThan(0.3);
    // Withdrawn: nothing newer is served, and the current version has no worse figures than the one before it.
    expect((await ops.call('POST', `${FLOW}/rollout/withdraw`, { version: next })).status).toBe(200);
    const after = (await ops.call('GET', `${STUDIO}/alerts`)).body.alerts as Json[];
    expect(after.find((a) => a.flow === 'onboarding')).toBeUndefined();
    const merchantAsks = await (await merchant()).who.call('GET', `${STUDIO}/alerts`);
    expect(merchantAsks.status).toBe(403);
  });
});
