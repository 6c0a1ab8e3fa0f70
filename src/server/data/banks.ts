import { electronicFormatIBAN, extractIBAN, isValidIBAN } from 'ibantools';

/**
 * Bank names by the bank code inside an IBAN, for the IBAN lookup (spec §7 "GET …/iban/{iban}"): there is no
 * outside registry here, so the lookup names the banks of the two largest markets and says "unknown" for
 * others. Saudi IBANs carry the bank in positions 5–6, Emirati IBANs in positions 5–7.
 */
export const BANKS: Record<string, Record<string, string>> = {
  SA: {
    '10': 'Saudi National Bank',
    '15': 'Bank Albilad',
    '20': 'Riyad Bank',
    '30': 'Arab National Bank',
    '40': 'Saudi Awwal Bank',
    '45': 'Saudi Awwal Bank',
    '05': 'Alinma Bank',
    '55': 'Banque Saudi Fransi',
    '60': 'Bank AlJazira',
    '65': 'Saudi Investment Bank',
    '80': 'Al Rajhi Bank',
  },
  AE: {
    '030': 'Abu Dhabi Commercial Bank',
    '033': 'Mashreq',
    '035': 'First Abu Dhabi Bank',
    '024': 'Dubai Islamic Bank',
    '050': 'Abu Dhabi Islamic Bank',
    '260': 'Emirates NBD',
    '046': 'Commercial Bank of Dubai',
  },
};

/** The bank of an IBAN in electronic format, when we know it. */
export function bankOf(iban: string): string | null {
  const country = iban.slice(0, 2);
  const code = country === 'SA' ? iban.slice(4, 6) : country === 'AE' ? iban.slice(4, 7) : '';
  return BANKS[country]?.[code] ?? null;
}

/**
 * An IBAN as typed, read: its electronic form (no spaces, upper case), whether its checksum and its country's
 * length hold, its country, and its bank when we know it. The onboarding lookup and the capital check share it.
 */
export function readIban(value: string): {
  iban: string;
  valid: boolean;
  country: string | null;
  bank: string | null;
} {
  const iban = electronicFormatIBAN(value) ?? '';
  const valid = iban !== '' && isValidIBAN(iban);
  return {
    iban,
    valid,
    country: valid ? (extractIBAN(iban).countryCode ?? null) : null,
    bank: valid ? bankOf(iban) : null,
  };
}
