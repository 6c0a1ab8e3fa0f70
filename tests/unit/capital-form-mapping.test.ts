/**
 * The two capital wizards' record ↔ form mappings (src/server/services/capital/kybMapping.ts, frfMapping.ts):
 * record → form → record and form → record → form are identities on the fields the two share, for every record
 * the product can write and every answer the wizard can hold (fast-check makes them). A field renamed on one
 * side only, or a value one side normalises and the other does not, fails here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frfPatch, frfRecord, frfValues } from '../../src/server/services/capital/frfMapping';
import { kybPatch, kybRecord, kybValues } from '../../src/server/services/capital/kybMapping';

const runs = { numRuns: 200 };
const word = fc.stringMatching(/^[A-Za-z\u0621-\u064A]{1,12}$/);
const name = fc.tuple(word, fc.option(word, { nil: undefined })).map(([a, b]) => (b ? `${a} ${b}` : a));
const email = fc
  .tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.stringMatching(/^[a-z]{1,8}$/))
  .map(([u, d]) => `${u}@${d}.ae`);
const phone = fc.stringMatching(/^[0-9]{9}$/).map((d) => `+971${d}`);
const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
// Addresses as the server keeps them: decoded (§7), so an Arabic file name is not percent-encoded.
const fileUrl = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{4,10}$/), fc.constantFrom('licence', 'رخصة', 'statement'))
  .map(([id, file]) => `https://files.example/uploads/${id}/${file}.pdf`);
const date = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const iban = digits(21).map((d) => `AE${d}`);

const signatory = fc.record({
  name,
  email,
  phone,
  national_id_number: digits(15),
  national_id_url: fileUrl,
});
const legalInfo = fc.record({
  company_name: name,
  cr_number: digits(8),
  cr_file_url: fileUrl,
  company_address: name,
  license_metadata: fc.record({ activities: name, issue_date: date, expiry_date: date }),
});

describe('KYB: record ↔ form', () => {
  /** A shareholder as the record holds one: no Emirates ID for a non-resident, documents only once given. */
  const recordShareholder = fc
    .record({
      name,
      type: fc.constantFrom('individual', 'company'),
      value: fc.integer({ min: 25, max: 100 }),
      uae_resident: fc.boolean(),
      passport: fc.option(fileUrl, { nil: undefined }),
      national_id: fc.option(fileUrl, { nil: undefined }),
    })
    .map(({ passport, national_id, ...s }) => {
      const id = s.uae_resident ? national_id : undefined;
      return {
        ...s,
        ...(passport || id
          ? {
              documents: {
                ...(passport ? { passport: { file: passport } } : {}),
                ...(id ? { national_id: { file: id } } : {}),
              },
            }
          : {}),
      };
    });

  /** The IBAN on record and the one known for the business (the known one, another, or none known). */
  const ibans = fc
    .tuple(iban, iban, fc.constantFrom('known', 'other', 'none'), fc.boolean())
    .map(([given, other, known, ownerConfirmed]) => ({
      bank_details: {
        iban: given,
        // The merchant's word that an IBAN we do not know is theirs (§4 negative mode).
        ...(known === 'other' && ownerConfirmed ? { owner_confirmed: true } : {}),
      },
      known: known === 'known' ? given : known === 'other' ? other : undefined,
    }));

  it('record → form → record keeps the signatory, the licence, the shareholders and the IBAN', () => {
    fc.assert(
      fc.property(
        signatory,
        legalInfo,
        fc.array(recordShareholder, { minLength: 1, maxLength: 4 }),
        ibans,
        (authorized_signatory, legal_info, shareholders, { bank_details, known }) => {
          const record = { authorized_signatory, legal_info, shareholders, bank_details };
          const form = kybValues(record, known);
          const back = { ...kybPatch('your-details', form), ...kybRecord(form) };
          expect(back).toEqual(record);
        },
      ),
      runs,
    );
  });

  /** A shareholder as the wizard holds one (the IDs step answered). */
  const formShareholder = fc
    .record({
      name,
      type: fc.constantFrom('individual', 'company'),
      value: fc.integer({ min: 25, max: 100 }),
      non_resident: fc.boolean(),
      passport: fileUrl,
      national_id: fileUrl,
    })
    .map(({ non_resident, passport, national_id, ...s }) => ({
      ...s,
      documents: {
        passport: { file: passport },
        ...(non_resident ? {} : { national_id: { file: national_id } }),
        non_resident,
      },
    }));

  it('form → record → form keeps every answer the record stores', () => {
    fc.assert(
      fc.property(
        signatory,
        legalInfo,
        fc.array(formShareholder, { minLength: 1, maxLength: 4 }),
        iban,
        fc.option(iban, { nil: undefined }),
        fc.boolean(),
        (authorized_signatory, legal_info, shareholders, given, other, onFile) => {
          // The IBAN as the steps leave it: the known one confirmed, or one typed (the merchant's word given
          // when another is known).
          const known = onFile ? given : other;
          const ibanAnswers = onFile
            ? { iban_on_file: given }
            : {
                bank_details: { iban: given, confirmed: true },
                ...(known ? { use_other_account: true, iban_decision: 'confirm' } : {}),
              };
          const form = { authorized_signatory, legal_info, shareholders, ...ibanAnswers };
          const record = { ...kybPatch('your-details', form), ...kybRecord(form) };
          expect(kybValues(record, known)).toEqual(form);
        },
      ),
      runs,
    );
  });

  it('a replacement IBAN comes back as the known one confirmed; trimming and case are the record’s', () => {
    const known = 'AE070331234567890123456';
    const form = {
      bank_details: { iban: 'AE460330000010123456789', confirmed: true },
      iban_decision: 'another',
      replacement_iban: known,
    };
    expect(kybValues(kybRecord(form), known)).toEqual({ iban_on_file: known });
    const typed = { name: '  Mona Saeed ', email: ' Mona@Example.AE ', phone: '+971501234567' };
    const patch = kybPatch('your-details', {
      authorized_signatory: {
        ...typed,
        national_id_number: '784198012345671',
        national_id_url: 'https://f.example/%D8%B1.pdf',
      },
    });
    expect(patch.authorized_signatory).toMatchObject({
      name: 'Mona Saeed',
      email: 'mona@example.ae',
      national_id_url: 'https://f.example/ر.pdf',
    });
  });
});

describe('Full revenue: record ↔ form', () => {
  const statement = fc
    .record({
      url: fileUrl,
      password: fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), { nil: undefined }),
    })
    .map(({ url, password }) => ({ url, ...(password ? { password } : {}) }));
  // Social answers as the record keeps them: what §5's normalising makes of what a merchant types.
  const social = fc
    .record({
      instagram: fc.option(fc.stringMatching(/^@?[a-z0-9._]{1,20}$/), { nil: undefined }),
      facebook: fc.option(fc.stringMatching(/^[a-z0-9.]{1,20}$/), { nil: undefined }),
      others: fc.array(fc.stringMatching(/^[a-z]{2,10}\.(com|ae)(\/[a-z]{1,8})?$/), { maxLength: 3 }),
    })
    .map(
      (typed) =>
        frfPatch('social-networks', { social_networks: typed }).social_networks as Record<string, unknown>,
    );
  const location = fc.option(
    fc.record(
      {
        address: name,
        google_maps_link: fc.constant('https://maps.example/?q=25.2,55.3'),
        rental_contract_url: fileUrl,
        storefront_photo_url: fileUrl,
      },
      { requiredKeys: ['address'] },
    ),
    { nil: undefined },
  );
  const finance = fc.option(fc.record({ name, email, phone }), { nil: undefined });
  const platforms = fc.subarray(['amazon', 'shopify', 'woo_commerce']);
  /** What the record says by its steps: statements and the shop's step are complete once answered. */
  const progress = (connected: string[]) => ({ completed: () => true, connected });

  it('record → form → record keeps the statements, links, shop, licence and finance contact', () => {
    fc.assert(
      fc.property(
        fc.array(statement, { minLength: 1, maxLength: 6 }),
        social,
        location,
        legalInfo,
        finance,
        platforms,
        (bank_statements, social_networks, shop, legal_info, finance_signatory, connected) => {
          const record = {
            bank_statements,
            social_networks,
            // No shop: the step was answered "no", which the record keeps as no details.
            location_details: shop ?? {},
            legal_info,
            ...(finance_signatory ? { finance_signatory } : {}),
          };
          expect(frfRecord(frfValues(record, progress(connected)))).toEqual(record);
        },
      ),
      runs,
    );
  });

  it('form → record → form keeps every answer the record stores', () => {
    fc.assert(
      fc.property(
        fc.array(statement, { minLength: 1, maxLength: 6 }),
        social,
        location,
        legalInfo,
        finance,
        platforms,
        (statements, social_networks, shop, legal_info, finance_signatory, connected) => {
          const form = {
            bank_statements: statements.map((s) => (s.password ? { ...s, password_protected: true } : s)),
            requirements_confirmed: true,
            ...(connected.length > 0 ? { connected_platforms: connected } : {}),
            social_networks,
            ...(shop ? { sells_in_store: true, location_details: shop } : { sells_in_store: false }),
            legal_info,
            ...(finance_signatory ? { is_finance: true, finance_signatory } : {}),
          };
          expect(frfValues(frfRecord(form), progress(connected))).toEqual(form);
        },
      ),
      runs,
    );
  });

  it('a statement’s password is kept only with its box ticked; a shop’s details are trimmed', () => {
    const record = frfRecord({
      bank_statements: [{ url: 'https://f.example/a.pdf', password: 'old', password_protected: false }],
      sells_in_store: true,
      location_details: { address: '  Shop 4, Deira ', google_maps_link: ' ' },
    });
    expect(record.bank_statements).toEqual([{ url: 'https://f.example/a.pdf' }]);
    expect(record.location_details).toEqual({ address: 'Shop 4, Deira' });
  });
});
