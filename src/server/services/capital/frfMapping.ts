/**
 * The full-revenue wizard's answers ↔ the application's record (capital spec §2 Full-revenue wizard, §3
 * Application, §5, §7 PATCH bodies): one module for both directions.
 *
 * - `frfValues(record, progress)`: what the wizard opens with — the statements (the password box ticked when
 *   one has a password), the platforms connected, the social links, the shop ("sells in a store" answered yes
 *   when an address is on file, no when the step was completed without one), the licence, the finance contact.
 * - `frfPatch(step, answers)`: what one step's answers change in the record; `frfRecord(answers)`: every step's
 *   at once (the submit sends them again).
 *
 * tests/unit/capital-form-mapping.test.ts holds both round trips.
 */
import { normaliseSocial } from '../../../domain/capital/social';
import { decodedUrl, isObject, objectOf, type Doc } from './model';

/** What the record alone does not say: the steps completed, and the platforms connected. */
export interface FrfProgress {
  completed: (step: string) => boolean;
  connected: string[];
}

/** The record's answers as the wizard's steps hold them. */
export function frfValues(data: Doc, progress: FrfProgress): Doc {
  const statements = Array.isArray(data.bank_statements) ? (data.bank_statements as Doc[]) : [];
  const location = isObject(data.location_details) ? data.location_details : null;
  return {
    ...(statements.length > 0
      ? {
          bank_statements: statements.map((s) => ({
            url: s.url,
            ...(typeof s.password === 'string' && s.password !== ''
              ? { password_protected: true, password: s.password }
              : {}),
          })),
          requirements_confirmed: progress.completed('bank_statements'),
        }
      : {}),
    ...(progress.connected.length > 0 ? { connected_platforms: progress.connected } : {}),
    ...(isObject(data.social_networks) ? { social_networks: data.social_networks } : {}),
    ...(location && typeof location.address === 'string' && location.address !== ''
      ? { sells_in_store: true, location_details: location }
      : progress.completed('location_details')
        ? { sells_in_store: false }
        : {}),
    ...(isObject(data.legal_info) ? { legal_info: data.legal_info } : {}),
    ...(isObject(data.finance_signatory)
      ? { is_finance: true, finance_signatory: data.finance_signatory }
      : {}),
  };
}

/** What a full-revenue step's answers change in the application (§7 PATCH bodies); nothing: {}. */
export function frfPatch(stepId: string, answers: Doc): Doc {
  switch (stepId) {
    case 'bank-statements':
      return {
        bank_statements: (Array.isArray(answers.bank_statements) ? answers.bank_statements : []).map(
          (item) => {
            const s = objectOf(item);
            return {
              url: decodedUrl(String(s.url)),
              ...(s.password_protected === true && typeof s.password === 'string'
                ? { password: s.password }
                : {}),
            };
          },
        ),
      };
    case 'social-networks':
      return { social_networks: normaliseSocial(answers.social_networks) };
    case 'location-details': {
      if (answers.sells_in_store !== true) return { location_details: {} };
      const given = objectOf(answers.location_details);
      return {
        location_details: Object.fromEntries(
          Object.entries(given)
            .filter(([, v]) => typeof v === 'string' && v.trim() !== '')
            .map(([k, v]) => [k, k.endsWith('_url') ? decodedUrl(String(v)) : String(v).trim()]),
        ),
      };
    }
    case 'legal-info': {
      const legal = objectOf(answers.legal_info);
      const finance = objectOf(answers.finance_signatory);
      return {
        legal_info: { ...legal, cr_file_url: decodedUrl(String(legal.cr_file_url ?? '')) },
        ...(answers.is_finance === true
          ? {
              finance_signatory: {
                ...finance,
                ...(typeof finance.email === 'string' ? { email: finance.email.trim().toLowerCase() } : {}),
              },
            }
          : {}),
      };
    }
    default:
      return {};
  }
}

/** Every step's answers the form holds (the submit sends them again); the legal info always. */
export function frfRecord(answers: Doc): Doc {
  return {
    ...('bank_statements' in answers ? frfPatch('bank-statements', answers) : {}),
    ...('social_networks' in answers ? frfPatch('social-networks', answers) : {}),
    ...('sells_in_store' in answers ? frfPatch('location-details', answers) : {}),
    ...frfPatch('legal-info', answers),
  };
}
