/**
 * Locations' calls (issue 36; docs/locations.md): added, listed by name a page at a time, changed and removed by
 * the merchant's members with the locations experiment and `has_locations`; every bad field named; another
 * merchant's location does not exist for the caller; none at all without the gate.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn, type Json } from './setup/signIn';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
const L = '/merchant/api/v1/locations';
const HOURS = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, { from: '09:00', to: '22:00' }]),
);

let n = 0;
async function merchant(options: { experiment?: boolean; flag?: boolean } = {}) {
  n += 1;
  const k = n;
  const id = `mer-lo-${k}`;
  const phone = `+96655700${String(k).padStart(4, '0')}`;
  const fixture = {
    accounts: [{ id: `acc-lo-${k}`, email: `lo${k}@example.com`, phone }],
    merchants: [{ id, name: `Locations ${k}`, country: 'SAU' }],
    stores: [{ id: `sto-lo-${k}`, merchant_id: id, name: `Shop ${k}`, country: 'SAU' }],
    permissions: [
      {
        account_id: `acc-lo-${k}`,
        merchant_id: id,
        role: 'workspace_admin',
        flags: { has_merchant_access: true, has_locations: options.flag ?? true },
      },
    ],
    experiments:
      options.experiment === false
        ? []
        : [{ account_id: `acc-lo-${k}`, name: 'locations', value: 'enabled' }],
  };
  const loaded = await app.inject({ method: 'POST', url: '/dev/fixtures', payload: fixture });
  expect(loaded.statusCode, loaded.body).toBe(200);
  return Object.assign(await signIn(app, `lo${k}@example.com`, phone), { store: `sto-lo-${k}` });
}

const body = (store: string, extra: Record<string, unknown> = {}) => ({
  name: 'Olaya branch',
  address: 'Olaya Street 7421, Riyadh',
  maps_link: 'https://maps.app.goo.gl/olaya',
  store_id: store,
  hours: HOURS,
  ...extra,
});

describe('locations', () => {
  it('are added, listed by name, changed and removed', async () => {
    const m = await merchant();
    expect((await m.call('GET', L)).body).toMatchObject({ locations: [], total: 0, page: 1 });
    const added = await m.call('POST', L, body(m.store, { name: '  Olaya branch  ' }));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.location).toMatchObject({ name: 'Olaya branch', store_name: `Shop ${n}` });
    await m.call(
      'POST',
      L,
      body(m.store, { name: 'Al Nakheel kiosk', maps_link: '', hours: { ...HOURS, fri: null } }),
    );
    let list = (await m.call('GET', L)).body;
    expect(list.locations.map((l: Json) => l.name)).toEqual(['Al Nakheel kiosk', 'Olaya branch']);
    expect(list.locations[0].hours.fri).toBeNull();
    // A page at a time.
    const page2 = (await m.call('GET', `${L}?page=2&page_size=1`)).body;
    expect(page2).toMatchObject({
      total: 2,
      page: 2,
      locations: [expect.objectContaining({ name: 'Olaya branch' })],
    });

    const id = added.body.location.id;
    const changed = await m.call(
      'PUT',
      `${L}/${id}`,
      body(m.store, { name: 'Olaya flagship', hours: { ...HOURS, thu: { from: '18:00', to: '02:00' } } }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.location).toMatchObject({
      name: 'Olaya flagship',
      hours: { thu: { from: '18:00', to: '02:00' } },
    });
    expect((await m.call('DELETE', `${L}/${id}`)).status).toBe(204);
    list = (await m.call('GET', L)).body;
    expect(list.total).toBe(1);
    expect((await m.call('DELETE', `${L}/${id}`)).status).toBe(404);
  });

  it('names every bad field, and keeps to the caller’s merchants', async () => {
    const m = await merchant();
    const bad = await m.call(
      'POST',
      L,
      body('sto-elsewhere', {
        name: 'A',
        address: 'Rd',
        maps_link: 'https://example.com',
        hours: { ...HOURS, mon: { from: '9', to: '22:00' } },
      }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.field_errors).sort()).toEqual([
      '/address',
      '/hours/mon',
      '/maps_link',
      '/name',
      '/store_id',
    ]);
    expect(bad.body.field_errors['/name']).toEqual({
      key: 'locations:error.name',
      params: { min: 2, max: 80 },
    });
    // A day missing from the hours: the schema's 400.
    const { sun: _sun, ...sixDays } = HOURS;
    void _sun;
    expect((await m.call('POST', L, body(m.store, { hours: sixDays }))).status).toBe(400);

    const other = await merchant();
    const theirs = (await other.call('POST', L, body(other.store))).body.location.id;
    expect((await m.call('PUT', `${L}/${theirs}`, body(m.store))).status).toBe(404);
    expect((await m.call('DELETE', `${L}/${theirs}`)).status).toBe(404);
    // Not onto another merchant's store either.
    expect((await m.call('POST', L, body(other.store))).status).toBe(400);
  });

  it('needs the locations experiment and has_locations', async () => {
    expect((await (await merchant({ experiment: false })).call('GET', L)).status).toBe(403);
    const noFlag = await merchant({ flag: false });
    expect((await noFlag.call('GET', L)).status).toBe(403);
    expect((await noFlag.call('POST', L, body(noFlag.store))).status).toBe(403);
  });
});
