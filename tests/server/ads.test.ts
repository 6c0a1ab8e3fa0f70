/**
 * Ads' calls (issue 36; docs/ads.md): campaigns created per payment product, their results counted by whole
 * ended days at the budget of the day (the simulated network), paused and started, budgets inside the merchant's
 * bounds, invitations to ads where allowed; scoping and gates; and ads ops — the provider's staff, never a merchant's
 * role — who see every merchant's campaigns, set budgets up to ten times higher, stop with a reason and start again.
 */
import { describe, expect, it } from 'vitest';
import { budgetBounds, deliver } from '../../src/domain/ads';
import { addDays } from '../../src/domain/payouts';
import { createTestApp } from './setup/app';
import { signIn, type Json } from './setup/signIn';

const start = new Date('2026-03-10T09:00:00Z');
let now = start;
const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' }, clock: { now: () => now } });
const A = '/merchant/api/v1/ads';
const O = '/merchant/api/v1/ops/ads';

let staff = 0;
/** A member of the provider's ads ops team (a staff role, no merchant). */
async function adsOps() {
  staff += 1;
  const email = `ads-ops-${staff}@example.com`;
  const phone = `+96655900${String(staff).padStart(4, '0')}`;
  const loaded = await app.inject({
    method: 'POST',
    url: '/dev/fixtures',
    payload: { accounts: [{ id: `acc-adops-${staff}`, email, phone, staff_role: 'ads_ops' }] },
  });
  expect(loaded.statusCode, loaded.body).toBe(200);
  return signIn(app, email, phone);
}

let n = 0;
async function merchant(
  options: { role?: string; flags?: Record<string, boolean>; experiment?: boolean; country?: string } = {},
) {
  n += 1;
  const k = n;
  const id = `mer-ad-${k}`;
  const phone = `+96655800${String(k).padStart(4, '0')}`;
  const fixture = {
    accounts: [{ id: `acc-ad-${k}`, email: `ad${k}@example.com`, phone }],
    merchants: [{ id, name: `Ads ${k}`, country: options.country ?? 'SAU' }],
    stores: [
      {
        id: `sto-ad-${k}`,
        merchant_id: id,
        name: `Shop ${k}`,
        country: options.country ?? 'SAU',
        available_products: ['pay_later', 'installments'],
      },
    ],
    permissions: [
      {
        account_id: `acc-ad-${k}`,
        merchant_id: id,
        role: options.role ?? 'supervisor',
        flags: { has_merchant_access: true, is_ads_allowed: true, ...options.flags },
      },
    ],
    experiments:
      options.experiment === false ? [] : [{ account_id: `acc-ad-${k}`, name: 'ads', value: 'enabled' }],
  };
  const loaded = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: fixture });
  expect(loaded.statusCode, loaded.body).toBe(200);
  return Object.assign(await signIn(app, `ad${k}@example.com`, phone), { id });
}

const campaign = (merchantId: string, extra: Record<string, unknown> = {}) => ({
  merchant_id: merchantId,
  product: 'installments',
  name: 'Ramadan collection',
  daily_budget: '150',
  ...extra,
});

describe('ads', () => {
  it('counts a running campaign by whole ended days at the budget of each day, and nothing while paused', async () => {
    now = start;
    const m = await merchant();
    const created = await m.call('POST', `${A}/campaigns`, campaign(m.id));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.campaign.id;
    expect(created.body.campaign).toMatchObject({
      state: 'active',
      currency: 'SAR',
      daily_budget: '150.00',
      results: { impressions: 0, spend: '0.00', ctr: null, cost_per_order: null },
    });

    // Three days later: 10, 11 and 12 March have ended, at 150 a day.
    now = new Date('2026-03-13T10:00:00Z');
    const expected = ['2026-03-10', '2026-03-11', '2026-03-12'].map((d) => deliver(id, d, 15000, 'SAR'));
    const list = (await m.call('GET', `${A}/campaigns?days=7`)).body;
    let c = list.campaigns.find((x: Json) => x.id === id);
    const sum = (key: 'impressions' | 'clicks' | 'orders' | 'spend', days = expected) =>
      days.reduce((a, d) => a + d[key], 0);
    expect(c.results_through).toBe('2026-03-12');
    expect(c.results.impressions).toBe(sum('impressions'));
    expect(c.results.orders).toBe(sum('orders'));
    expect(c.results.spend).toBe((sum('spend') / 100).toFixed(2));
    expect(sum('spend')).toBeLessThanOrEqual(3 * 15000);
    expect(list).toMatchObject({ from: '2026-03-06', to: '2026-03-12' });

    // The budget goes up to 300 on the 13th; the 13th counts at 300.
    expect((await m.call('PATCH', `${A}/campaigns/${id}`, { daily_budget: '300.00' })).status).toBe(200);
    now = new Date('2026-03-14T10:00:00Z');
    const day13 = deliver(id, '2026-03-13', 30000, 'SAR');
    c = (await m.call('GET', `${A}/campaigns`)).body.campaigns[0];
    expect(c.results.impressions).toBe(sum('impressions') + day13.impressions);

    // Paused on the 14th: the 14th and later do not count; started again on the 16th: from the 16th.
    const paused = await m.call('PATCH', `${A}/campaigns/${id}`, { state: 'paused' });
    expect(paused.body.campaign).toMatchObject({ state: 'paused', results_through: '2026-03-13' });
    now = new Date('2026-03-16T10:00:00Z');
    c = (await m.call('GET', `${A}/campaigns`)).body.campaigns[0];
    expect(c.results_through).toBe('2026-03-13');
    expect((await m.call('PATCH', `${A}/campaigns/${id}`, { state: 'active' })).status).toBe(200);
    now = new Date('2026-03-17T10:00:00Z');
    c = (await m.call('GET', `${A}/campaigns`)).body.campaigns[0];
    const day16 = deliver(id, '2026-03-16', 30000, 'SAR');
    expect(c.results_through).toBe('2026-03-16');
    expect(c.results.impressions).toBe(sum('impressions') + day13.impressions + day16.impressions);
    // The 7-day window ending yesterday (10–16 March) holds every counted day; paused today, a day later it
    // is 11–17 March: the 10th falls out and the 17th never counted.
    expect((await m.call('GET', `${A}/campaigns?days=7`)).body.campaigns[0].results).toEqual(c.results);
    await m.call('PATCH', `${A}/campaigns/${id}`, { state: 'paused' });
    now = new Date('2026-03-18T10:00:00Z');
    const week = (await m.call('GET', `${A}/campaigns?days=7`)).body.campaigns[0];
    expect(week.results.impressions).toBe(c.results.impressions - expected[0]!.impressions);
  });

  it('names every bad field, keeps budgets inside the bounds, and knows ads ops from a merchant', async () => {
    now = start;
    const m = await merchant();
    const bad = await m.call('POST', `${A}/campaigns`, {
      merchant_id: m.id,
      product: 'monthly_billing',
      name: 'x',
      daily_budget: '10.005',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.field_errors).sort()).toEqual(['/daily_budget', '/name', '/product'].sort());
    const { min, max } = budgetBounds('SAR', false);
    const low = await m.call(
      'POST',
      `${A}/campaigns`,
      campaign(m.id, { daily_budget: String(min / 100 - 1) }),
    );
    expect(low.status).toBe(400);
    expect(JSON.stringify(low.body)).toContain('ads:error.budgetMin');
    const high = await m.call(
      'POST',
      `${A}/campaigns`,
      campaign(m.id, { daily_budget: String(max / 100 + 1) }),
    );
    expect(JSON.stringify(high.body)).toContain('ads:error.budgetMax');
    // Another merchant's id reads as a wrong field; a missing field is named by the schema.
    const other = await merchant();
    expect((await m.call('POST', `${A}/campaigns`, campaign(other.id))).status).toBe(400);
    const missing = await m.call('POST', `${A}/campaigns`, { merchant_id: m.id });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/product|name|daily_budget/);

    const id = (await m.call('POST', `${A}/campaigns`, campaign(m.id))).body.campaign.id;
    // A merchant may not stop a campaign; ads ops may, with a reason, and only they start it again.
    expect((await m.call('PATCH', `${A}/campaigns/${id}`, { state: 'stopped' })).status).toBe(403);

    // Not even a workspace admin with the flag stored: ads ops is the provider's staff (issue 53, finding 3).
    const admin = await merchant({ role: 'workspace_admin', flags: { is_ads_ops: true } });
    const adminId = (await admin.call('POST', `${A}/campaigns`, campaign(admin.id))).body.campaign.id;
    expect((await admin.call('PATCH', `${A}/campaigns/${adminId}`, { state: 'stopped' })).status).toBe(403);
    expect(
      (await admin.call('PATCH', `${A}/campaigns/${adminId}`, { daily_budget: String(max / 100 + 1) }))
        .status,
    ).toBe(400);
    expect((await admin.call('GET', `${A}/campaigns`)).body.merchants[0].budget_max).toBe(
      (max / 100).toFixed(2),
    );
    expect((await admin.call('GET', `${O}/campaigns`)).status).toBe(403);
    expect((await admin.call('PATCH', `${O}/campaigns/${adminId}`, { state: 'stopped' })).status).toBe(403);
  });

  it('ads ops (staff) moderate every merchant’s campaigns: budget up to ten times, stop with a reason, start', async () => {
    const m = await merchant();
    const id = (await m.call('POST', `${A}/campaigns`, campaign(m.id))).body.campaign.id;
    const ops = await adsOps();
    const max = budgetBounds('SAR', false).max;

    // Their list: every merchant's, found by name and state, a page at a time.
    const list = await ops.call('GET', `${O}/campaigns?q=${encodeURIComponent(`Ads ${m.id.split('-')[2]}`)}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.campaigns.map((c: Json) => c.id)).toContain(id);
    expect(list.body.campaigns[0]).toMatchObject({ budget_max: ((max * 10) / 100).toFixed(2) });
    const paged = await ops.call('GET', `${O}/campaigns?page_size=1&page=2`);
    expect(paged.body).toMatchObject({ page: 2, page_size: 1 });
    expect(paged.body.campaigns).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThan(1);
    expect(
      (await ops.call('GET', `${O}/campaigns?state=stopped&q=${encodeURIComponent('50%_\\')}`)).body,
    ).toMatchObject({
      campaigns: [],
      total: 0,
    });

    // A budget above a merchant's ceiling, within ten times it.
    const high = await ops.call('PATCH', `${O}/campaigns/${id}`, { daily_budget: String(max / 100 + 1) });
    expect(high.status, JSON.stringify(high.body)).toBe(200);
    expect(high.body.campaign.daily_budget).toBe((max / 100 + 1).toFixed(2));
    const tooHigh = await ops.call('PATCH', `${O}/campaigns/${id}`, {
      daily_budget: String((max * 10) / 100 + 1),
    });
    expect(JSON.stringify(tooHigh.body)).toContain('ads:error.budgetMaxOps');

    // The merchant keeps what ads ops gave when renaming (the budget sent back as it was), but may not raise it.
    const renamed = await m.call('PATCH', `${A}/campaigns/${id}`, {
      name: 'Eid collection',
      daily_budget: (max / 100 + 1).toFixed(2),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(
      (await m.call('PATCH', `${A}/campaigns/${id}`, { daily_budget: String(max / 100 + 2) })).status,
    ).toBe(400);

    // Stop: a reason is needed; the merchant reads it, cannot start the campaign nor wipe the reason.
    const noReason = await ops.call('PATCH', `${O}/campaigns/${id}`, { state: 'stopped' });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain('/stop_reason');
    const stopped = await ops.call('PATCH', `${O}/campaigns/${id}`, {
      state: 'stopped',
      stop_reason: 'Images show a brand the store may not sell',
    });
    expect(stopped.body.campaign).toMatchObject({
      state: 'stopped',
      stop_reason: 'Images show a brand the store may not sell',
    });
    for (const state of ['active', 'paused'])
      expect((await m.call('PATCH', `${A}/campaigns/${id}`, { state })).status).toBe(409);
    const seen = (await m.call('GET', `${A}/campaigns`)).body.campaigns.find((c: Json) => c.id === id);
    expect(seen).toMatchObject({
      state: 'stopped',
      stop_reason: 'Images show a brand the store may not sell',
    });
    expect(
      (await ops.call('GET', `${O}/campaigns?state=stopped`)).body.campaigns.map((c: Json) => c.id),
    ).toContain(id);

    // Only ads ops start it again; the reason goes with the stop.
    const started = await ops.call('PATCH', `${O}/campaigns/${id}`, { state: 'active' });
    expect(started.body.campaign).toMatchObject({ state: 'active', stop_reason: null });
    expect((await ops.call('PATCH', `${O}/campaigns/no-such-campaign`, { state: 'active' })).status).toBe(
      404,
    );
    // Ads ops are not a merchant: the merchants' list is not theirs.
    expect((await ops.call('GET', `${A}/campaigns`)).status).toBe(403);
  });

  it('is scoped to the caller’s merchants and gated by canViewAds', async () => {
    const a = await merchant();
    const b = await merchant();
    const id = (await a.call('POST', `${A}/campaigns`, campaign(a.id))).body.campaign.id;
    expect((await b.call('PATCH', `${A}/campaigns/${id}`, { state: 'paused' })).status).toBe(404);
    expect((await b.call('GET', `${A}/campaigns`)).body.campaigns).toEqual([]);
    // The ads flag without the experiment opens nothing.
    const off = await merchant({ experiment: false });
    expect((await off.call('GET', `${A}/campaigns`)).status).toBe(403);
    // A stored is_ads_ops opens nothing for a member: no merchant role carries it.
    const flagged = await merchant({
      experiment: false,
      role: 'workspace_admin',
      flags: { is_ads_allowed: false, is_ads_ops: true },
    });
    expect((await flagged.call('GET', `${A}/campaigns`)).status).toBe(403);
    // A malformed window or state is named.
    expect((await a.call('GET', `${A}/campaigns?days=12`)).status).toBe(400);
    const state = await a.call('PATCH', `${A}/campaigns/${id}`, { state: 'running' });
    expect(state.status).toBe(400);
    expect(JSON.stringify(state.body)).toContain('state');
  });

  it('invites a person to a merchant’s ads where is_ads_user_invite_allowed, as an ads manager', async () => {
    const admin = await merchant({
      role: 'workspace_admin',
      flags: { is_ads_user_invite_allowed: true, is_account_edit_allowed: true },
    });
    const invited = await admin.call('POST', `${A}/invites`, {
      merchant_id: admin.id,
      email: 'agency@example.com',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body).toEqual({ email: 'agency@example.com', merchant_id: admin.id });
    const team = (await admin.call('GET', '/merchant/api/v1/users')).body.users as Json[];
    expect(team.find((u) => u.email === 'agency@example.com').stores[0].role).toBe('ads_manager');
    // Again: already on the team.
    expect(
      (await admin.call('POST', `${A}/invites`, { merchant_id: admin.id, email: 'agency@example.com' }))
        .status,
    ).toBe(409);
    const bad = await admin.call('POST', `${A}/invites`, { merchant_id: admin.id, email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('/email');
    // A supervisor sees ads but may not invite.
    const supervisor = await merchant();
    expect(
      (await supervisor.call('POST', `${A}/invites`, { merchant_id: supervisor.id, email: 'x@example.com' }))
        .status,
    ).toBe(403);
  });

  it('loads a fixture’s campaigns with the days they ran', async () => {
    now = new Date('2026-03-20T10:00:00Z');
    const m = await merchant();
    const paused = {
      id: 'cmp-fx-1',
      merchant_id: m.id,
      product: 'pay_later',
      name: 'Paused',
      daily_budget: 5000,
      state: 'paused',
      ran_days: 4,
      stopped_days_ago: 2,
    };
    const load = (campaigns: object[]) =>
      app.inject({ method: 'POST', url: '/dev/fixtures', payload: { ads_campaigns: campaigns } });
    // A stopped campaign without the reason ads ops gave: refused, naming where.
    const loaded = await load([paused, { ...paused, id: 'cmp-fx-2', name: 'Stopped', state: 'stopped' }]);
    expect(loaded.statusCode).toBe(400);
    expect(loaded.body).toContain('/ads_campaigns/1/stop_reason');
    expect((await load([paused])).statusCode).toBe(200);
    const c = (await m.call('GET', `${A}/campaigns`)).body.campaigns[0];
    const days = [4, 3, 2, 1].map((k) => addDays('2026-03-18', -k));
    expect(c).toMatchObject({ state: 'paused', results_through: '2026-03-17' });
    expect(c.results.impressions).toBe(
      days.reduce((a, d) => a + deliver('cmp-fx-1', d, 5000, 'SAR').impressions, 0),
    );
  });
});
