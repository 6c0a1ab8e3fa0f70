/** What approving an application creates from its answers (domain/approval.ts). */
import { describe, expect, it } from 'vitest';
import { approvedBusiness, canApprove } from '../../src/domain/approval';

const ids = { organization: 'org-1', merchant: 'mer-1', store: 'sto-1', legalEntity: 'le-1' };

describe('approvedBusiness', () => {
  it('names the organization, merchant and store by the business, and keeps the licence, bank and owners', () => {
    const made = approvedBusiness(
      {
        business_name: ' Dune Coffee ',
        country_of_main_operations: 'ARE',
        legal_info: {
          legal_company_name: 'Dune Coffee LLC',
          business_type: { id: 'private_company' },
          commercial_registration_number: 'CN-1',
          license_url: '/files/a.pdf',
          license_expiry_date: '2099-01-01',
          company_owners: [
            {
              name: 'Sara',
              nationality: 'ARE',
              shares_percent: 60,
              is_shareholder: true,
              is_authorised_signatory: true,
            },
            { company_name: 'Holding', type: 'company', shares_percent: 40, is_shareholder: true },
          ],
        },
        bank_details: { iban: 'AE07', bank_name: 'Mashreq', iban_certificate_url: '/files/b.pdf' },
      },
      ids,
    );
    expect(made.organization).toEqual({ id: 'org-1', name: 'Dune Coffee' });
    expect(made.merchant).toEqual({
      id: 'mer-1',
      organizationId: 'org-1',
      name: 'Dune Coffee',
      country: 'ARE',
    });
    expect(made.store).toEqual({
      id: 'sto-1',
      merchantId: 'mer-1',
      name: 'Dune Coffee',
      country: 'ARE',
      availableProducts: ['pay_later', 'installments'],
    });
    expect(made.legalEntity).toMatchObject({
      legalCompanyName: 'Dune Coffee LLC',
      iban: 'AE07',
      licenseUrl: '/files/a.pdf',
      legalInfo: { business_type: 'private_company', commercial_registration_number: 'CN-1' },
    });
    expect(made.legalEntity.owners).toEqual([
      {
        id: 'le-1-owner-1',
        name: 'Sara',
        kind: 'individual',
        nationality: 'ARE',
        share: 60,
        roles: ['shareholder', 'authorized_signatory'],
      },
      {
        id: 'le-1-owner-2',
        name: 'Holding',
        kind: 'company',
        nationality: null,
        share: 40,
        roles: ['shareholder'],
      },
    ]);
  });

  it('makes a freelancer (no company owners) the only owner, and needs a business name and a country', () => {
    const answers = {
      business_name: 'Noor Designs',
      country_of_main_operations: 'SAU',
      first_name: 'Noor',
      last_name: 'Ali',
    };
    expect(approvedBusiness(answers, ids).legalEntity.owners).toMatchObject([
      { name: 'Noor Ali', share: 100 },
    ]);
    expect(approvedBusiness(answers, ids).legalEntity.legalCompanyName).toBe('Noor Designs');
    expect(canApprove(answers)).toBe(true);
    expect(canApprove({ business_name: 'x' })).toBe(false);
    expect(canApprove({ business_name: '  ', country_of_main_operations: 'SAU' })).toBe(false);
  });
});
