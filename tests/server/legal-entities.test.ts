/**
 * Legal entities (onboarding spec §3, §4, §7; docs/legal-entities.md): every member lists their merchants'
 * entities (the shell's alert reads it) with a status filter; details, owners and the entities with stores are
 * for workspace admins; another merchant's entity does not exist.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, loadDemoData } from './setup/app';
import { signIn, type Json } from './setup/signIn';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app);

const L = '/merchant/api/v1/legal-entities';
const admin = await signIn(app, 'admin@demo.example', '+966501234567'); // Riyadh Style, workspace admin
const staff = await signIn(app, 'staff@demo.example', '+966501234568'); // Riyadh Style, sales manager
const gadgets = await signIn(app, 'pending@demo.example', '+971501234567'); // Gulf Gadgets, workspace admin

const ids = (body: Json) => (body.items as Json[]).map((e) => e.id);

describe('the list', () => {
  it('holds the caller’s merchants’ entities, for every member', async () => {
    const mine = await admin.call('GET', L);
    expect(ids(mine.body)).toEqual(['le-riyadh-style', 'le-riyadh-style-uae']);
    expect(mine.body.items[1]).toMatchObject({ country: 'ARE', status: 'active', bank_name: 'Emirates NBD' });
    expect(ids((await staff.call('GET', L)).body)).toEqual(['le-riyadh-style', 'le-riyadh-style-uae']);
    expect(ids((await gadgets.call('GET', L)).body)).toEqual(['le-gulf-gadgets']);
  });

  it('gives a member who is not an admin only what the alert needs: no bank details, address or name', async () => {
    const theirs = (await staff.call('GET', L)).body.items as Json[];
    // The detail route refuses them (403), so the list gives them no field of it beyond the alert's.
    for (const entity of theirs)
      expect(Object.keys(entity).sort()).toEqual(
        ['country', 'id', 'license_expiry_date', 'merchant_id', 'status'].sort(),
      );
    expect(JSON.stringify(theirs)).not.toMatch(/Emirates NBD|SA\d{6}|iban/i);
    expect(theirs[1]).toMatchObject({ id: 'le-riyadh-style-uae', country: 'ARE', status: 'active' });
  });

  it('filters by status, as a list or comma-separated, and names a bad one', async () => {
    expect(ids((await gadgets.call('GET', `${L}?status=pending_info,suspended`)).body)).toEqual([
      'le-gulf-gadgets',
    ]);
    expect(ids((await gadgets.call('GET', `${L}?status=active`)).body)).toEqual([]);
    const bad = await admin.call('GET', `${L}?status=expired`);
    expect(bad.status).toBe(400);
    expect(bad.body.field_errors).toEqual({
      '/status': { key: 'validation:error.enum', params: { value: 'expired' } },
    });
  });
});

describe('one entity', () => {
  it('shows its legal info and owners to a workspace admin', async () => {
    const res = await admin.call('GET', `${L}/le-riyadh-style`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      legal_company_name: 'Riyadh Style Trading Co.',
      legal_info: {
        business_license_type: 'commercial_registration',
        commercial_registration_number: '1010123456',
      },
      owners_count: 3,
    });
    const owners = await admin.call('GET', `${L}/le-riyadh-style/owners`);
    expect(owners.body.items.map((o: Json) => o.share)).toEqual([60, 40, 0]);
    expect(owners.body.items[0]).toMatchObject({
      name: 'Abdullah Al-Saud',
      kind: 'individual',
      roles: expect.arrayContaining(['shareholder']),
    });
  });

  it('is 403 for a member who is not an admin, 404 for another merchant’s or none', async () => {
    expect((await staff.call('GET', `${L}/le-riyadh-style`)).status).toBe(403);
    expect((await staff.call('GET', `${L}/le-riyadh-style/owners`)).status).toBe(403);
    expect((await admin.call('GET', `${L}/le-gulf-gadgets`)).status).toBe(404);
    expect((await admin.call('GET', `${L}/le-gulf-gadgets/owners`)).status).toBe(404);
    expect((await admin.call('GET', `${L}/nope`)).status).toBe(404);
  });

  it('resolves a fixture’s relative licence expiry to a day', async () => {
    const res = await gadgets.call('GET', `${L}/le-gulf-gadgets`);
    expect(res.body.license_expiry_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const days =
      (Date.parse(res.body.license_expiry_date) - Date.parse(new Date().toISOString().slice(0, 10))) /
      86_400_000;
    expect(days).toBe(20);
  });
});

describe('entities with stores', () => {
  it('lists each administered entity with its merchant’s stores; 403 for a member who is not an admin', async () => {
    const res = await admin.call('GET', '/merchant/api/v1/legal-entities-with-stores');
    expect(ids(res.body)).toEqual(['le-riyadh-style', 'le-riyadh-style-uae']);
    expect(res.body.items[0].stores.length).toBeGreaterThan(0);
    expect(res.body.items[0].stores[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), name: expect.any(String) }),
    );
    expect((await staff.call('GET', '/merchant/api/v1/legal-entities-with-stores')).status).toBe(403);
  });
});
