/**
 * capital-frf as a catalogue flow (schemas/capital-frf, hooks in src/server/services/capital/flowHooks.ts): opened on
 * an application of a full-revenue offer, each complete step PATCHes what the spec's wizard does (§7: bank
 * statements with their passwords, social links normalised (§5), location details), sales data only with the
 * integration form, legal info with the submit; refusals (§5) answer the save.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, loadDemoData } from './setup/app';
import { uploadPdf } from './setup/upload';
import { signIn, type Caller, type Json } from './setup/signIn';

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await loadDemoData(app);

const F = '/merchant/api/v1/flows/capital-frf/drafts';
const CAPITAL = '/merchant/api/v1/capital';
const keysOf = (fieldErrors: Record<string, { key: string }> | undefined) =>
  Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([pointer, error]) => [pointer, error.key]));

const offers: Caller = await signIn(app, 'capital-offers@demo.example', '+971502220001');
const upload = (name = 'statement.pdf') => uploadPdf(app, offers, name);

/** The application of Falcon's full-revenue offer (created by the customisation, §4). */
async function frfApplication() {
  const existing = await offers.call('GET', `${CAPITAL}/offer/off-falcon-full-revenue/application`);
  expect(existing.status).toBe(200);
  if (existing.body) return String(existing.body.id);
  const res = await offers.call('POST', `${CAPITAL}/application`, {
    offer_id: 'off-falcon-full-revenue',
    amount: 200000,
    tenor: 20,
  });
  expect(res.status).toBe(201);
  return String(res.body.id);
}

const in2Months = () => new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
const legal = async () => ({
  legal_info: {
    company_name: 'Falcon Electronics LLC',
    cr_number: 'CN-2045871',
    cr_file_url: await upload('licence.pdf'),
    company_address: 'Office 4, Al Wasl Road, Dubai',
    license_metadata: {
      activities: 'Electronics trading',
      issue_date: '2024-01-10',
      expiry_date: in2Months(),
    },
  },
});

describe('capital-frf', () => {
  it('opens only on an application with full-revenue steps; sales data with the integration form', async () => {
    expect((await offers.call('POST', F, { scope: 'capp-nobody' })).status).toBe(404);
    const kyb = await offers.call('POST', `${CAPITAL}/application`, { offer_id: 'off-falcon-online' });
    const kybId =
      kyb.status === 201
        ? kyb.body.id
        : (await offers.call('GET', `${CAPITAL}/offer/off-falcon-online/application`)).body.id;
    expect((await offers.call('POST', F, { scope: kybId })).status).toBe(404);
    const id = await frfApplication();
    const res = await offers.call('POST', F, { scope: id });
    expect(res.status).toBe(201);
    expect(res.body.data.$facts).toMatchObject({
      application_id: id,
      merchant_id: 'mer-falcon-electronics',
      integration_form: true,
    });
    expect(res.body.steps).toEqual([
      'bank-statements',
      'sales-data',
      'social-networks',
      'location-details',
      'legal-info',
    ]);
  });

  it('walks every step to a submitted application, refusing what §5 refuses on the way', async () => {
    const id = await frfApplication();
    const open = await offers.call('POST', F, { scope: id });
    const draft = `${F}/${open.body.id}`;
    const save = (step: string, body: Json) =>
      offers.call('PUT', `${draft}/steps/${step}?advance=true`, body);

    // A protected statement needs its password; an empty list is refused; a non-PDF address too.
    const statement = await upload();
    let res = await save('bank-statements', {
      bank_statements: [{ url: statement, password_protected: true, password: '' }],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(keysOf(res.body.field_errors))).toEqual(['/bank_statements/0/password']);
    res = await save('bank-statements', {
      bank_statements: [{ url: statement, password_protected: true, password: 'bank-2026' }],
      requirements_confirmed: true,
    });
    expect(res.status).toBe(200);
    let application = (await offers.call('GET', `${CAPITAL}/application/${id}`)).body;
    expect(application.bank_statements).toEqual([{ url: statement, password: 'bank-2026' }]);
    expect(application.steps.find((s: Json) => s.name === 'bank_statements').completed).toBe(true);

    // Sales data: connecting is optional; moving on completes the step.
    expect((await save('sales-data', {})).status).toBe(200);

    // §5 social: a handle of another site is refused; what is kept is a full https address.
    res = await save('social-networks', { social_networks: { instagram: 'facebook.com/falcon' } });
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toEqual({
      '/social_networks/instagram': 'capital-forms:frf.social.badInstagram',
    });
    res = await save('social-networks', {
      social_networks: { instagram: '@falcon.electronics', others: ['falcon.ae/shop'] },
    });
    expect(res.status).toBe(200);

    // Location: a maps link of another site is refused; "no" stores nothing but completes the step.
    res = await save('location-details', {
      sells_in_store: true,
      location_details: { address: 'Shop 4, Al Wasl Road', google_maps_link: 'https://evil.example/maps' },
    });
    expect(res.status).toBe(400);
    expect(keysOf(res.body.field_errors)).toEqual({
      '/location_details/google_maps_link': 'capital-forms:frf.location.badMaps',
    });
    res = await save('location-details', {
      sells_in_store: true,
      location_details: { address: 'Shop 4, Al Wasl Road', google_maps_link: 'https://maps.app.goo.gl/x1' },
    });
    expect(res.status).toBe(200);
    application = (await offers.call('GET', `${CAPITAL}/application/${id}`)).body;
    expect(application.social_networks).toEqual({
      instagram: 'https://instagram.com/falcon.electronics',
      others: ['https://falcon.ae/shop'],
    });
    expect(application.location_details).toEqual({
      address: 'Shop 4, Al Wasl Road',
      google_maps_link: 'https://maps.app.goo.gl/x1',
    });

    // The draft opened again holds the answers as saved (the location form open: an address is on file).
    const again = await offers.call('POST', F, { scope: id });
    expect(again.body.data).toMatchObject({
      bank_statements: [{ url: statement, password_protected: true, password: 'bank-2026' }],
      requirements_confirmed: true,
      sells_in_store: true,
    });

    // Legal info: an expiry before the issue date is refused by the flow's lookups; then the submit.
    const answers = await legal();
    res = await offers.call('PUT', `${draft}/steps/legal-info`, {
      legal_info: {
        ...answers.legal_info,
        license_metadata: {
          ...answers.legal_info.license_metadata,
          issue_date: in2Months(),
          expiry_date: in2Months().replace(/^(\d{4})/, (y) => String(Number(y) - 1)),
        },
      },
    });
    expect(res.status).toBe(400);
    res = await save('legal-info', {
      ...answers,
      is_finance: true,
      finance_signatory: { name: 'Layla Haddad' },
    });
    expect(res.status).toBe(200);
    res = await offers.call('POST', `${draft}/submit`, {});
    expect(res.status).toBe(200);
    application = (await offers.call('GET', `${CAPITAL}/application/${id}`)).body;
    expect(application).toMatchObject({
      status: 'submitted',
      legal_info: { company_name: 'Falcon Electronics LLC', cr_number: 'CN-2045871' },
      finance_signatory: { name: 'Layla Haddad' },
    });
    expect(application.steps.filter((s: Json) => !s.completed && !s.optional)).toEqual([]);
    // Sent: the form no longer opens (409, the application's page says where it stands).
    expect((await offers.call('POST', F, { scope: id })).status).toBe(409);
  });
});
