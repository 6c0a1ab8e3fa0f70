/**
 * The KYB wizard's answers ↔ the application's record (capital spec §2 KYB wizard, §3 Application, §7 PATCH
 * bodies): one module for both directions, so a field renamed on one side is renamed on the other.
 *
 * - `kybValues(record, knownIban)`: what the wizard opens with — the signatory, the licence, the shareholders
 *   (a non-resident ticked where the record says `uae_resident: false`) and the IBAN (the known one confirmed, or
 *   another typed, with the merchant's word that it is theirs).
 * - `kybPatch(step, answers)`: what one step's answers change in the record (the step's PATCH when it is
 *   complete); `kybRecord(answers)`: every step's at once (the submit sends them again).
 *
 * tests/unit/capital-form-mapping.test.ts holds both round trips: record → form → record and form → record →
 * form are identities on the fields the two share (the signatory's confirmed phone, the bank's name and the
 * code are the record's or the form's alone).
 */
import { decodedUrl, isObject, objectOf, type Doc } from './model';

const SIGNATORY_FIELDS = ['name', 'email', 'phone', 'national_id_number', 'national_id_url'] as const;

/** The record's answers as the wizard's steps hold them. */
export function kybValues(data: Doc, knownIban: string | undefined): Doc {
  const signatory = isObject(data.authorized_signatory) ? data.authorized_signatory : undefined;
  const shareholders = Array.isArray(data.shareholders) ? (data.shareholders as Doc[]) : undefined;
  const bank =
    isObject(data.bank_details) && typeof data.bank_details.iban === 'string' ? data.bank_details : null;
  return {
    ...(signatory
      ? {
          authorized_signatory: Object.fromEntries(
            SIGNATORY_FIELDS.filter((k) => typeof signatory[k] === 'string').map((k) => [k, signatory[k]]),
          ),
        }
      : {}),
    ...(isObject(data.legal_info) ? { legal_info: data.legal_info } : {}),
    ...(shareholders
      ? {
          shareholders: shareholders.map((s) => {
            const { uae_resident, documents, ...rest } = s;
            return { ...rest, documents: { ...objectOf(documents), non_resident: uae_resident === false } };
          }),
        }
      : {}),
    // The IBAN already given: the known one confirmed, or another typed (with its ownership box ticked).
    ...(bank
      ? bank.iban === knownIban
        ? { iban_on_file: knownIban }
        : {
            ...(knownIban ? { use_other_account: true } : {}),
            bank_details: { iban: bank.iban, confirmed: true },
            ...(bank.owner_confirmed === true ? { iban_decision: 'confirm' } : {}),
          }
      : {}),
  };
}

/** The wizard's shareholders as the application takes them (§3, §7: no national ID for non-residents). */
function shareholdersBody(value: unknown) {
  return (Array.isArray(value) ? value : []).map((item) => {
    const s = objectOf(item);
    const documents = objectOf(s.documents);
    const resident = documents.non_resident !== true;
    const file = (doc: unknown) => {
      const url = objectOf(doc).file;
      return typeof url === 'string' ? { file: decodedUrl(url) } : undefined;
    };
    const passport = file(documents.passport);
    const nationalId = resident ? file(documents.national_id) : undefined;
    return {
      name: String(s.name ?? ''),
      type: s.type === 'company' ? 'company' : 'individual',
      value: Number(s.value),
      uae_resident: resident,
      // The IDs step's files, once given (the shareholders step lists them before any is).
      ...(passport || nationalId
        ? {
            documents: {
              ...(passport ? { passport } : {}),
              ...(nationalId ? { national_id: nationalId } : {}),
            },
          }
        : {}),
    };
  });
}

/** What a KYB step's answers change in the application (§7 PATCH bodies); a step that changes nothing: {}. */
export function kybPatch(stepId: string, answers: Doc): Doc {
  switch (stepId) {
    case 'your-details': {
      const s = objectOf(answers.authorized_signatory);
      return {
        authorized_signatory: {
          name: String(s.name).trim(),
          email: String(s.email).trim().toLowerCase(),
          phone: String(s.phone),
          national_id_number: String(s.national_id_number),
          national_id_url: decodedUrl(String(s.national_id_url)),
        },
      };
    }
    case 'licence-details': {
      const legal = objectOf(answers.legal_info);
      return { legal_info: { ...legal, cr_file_url: decodedUrl(String(legal.cr_file_url ?? '')) } };
    }
    case 'shareholders':
    case 'shareholder-ids':
      return { shareholders: shareholdersBody(answers.shareholders) };
    case 'iban-confirm':
      return { bank_details: { iban: String(answers.iban_on_file) } };
    case 'iban-edit':
    case 'iban-negative':
      // §4 negative mode: another IBAN given instead, or the merchant's word that the one typed is theirs.
      return answers.iban_decision === 'another'
        ? { bank_details: { iban: String(answers.replacement_iban) } }
        : {
            bank_details: {
              iban: String(objectOf(answers.bank_details).iban),
              ...(answers.iban_decision === 'confirm' ? { owner_confirmed: true } : {}),
            },
          };
    default:
      return {};
  }
}

/** The IBAN step whose answers the form holds: one typed (or a replacement), else the known one confirmed. */
function ibanStep(answers: Doc) {
  if ('bank_details' in answers || 'replacement_iban' in answers) return 'iban-edit';
  return 'iban_on_file' in answers ? 'iban-confirm' : null;
}

/**
 * Every answer the submit sends again (a step reached through the step list, not its button, was never sent):
 * the licence, the shareholders and the IBAN, each when the form holds it (a step never answered stays
 * incomplete, and the submit names it). The signatory is not among them — it was saved, and its code sent,
 * by its own step.
 */
export function kybRecord(answers: Doc): Doc {
  const iban = ibanStep(answers);
  return {
    ...('legal_info' in answers ? kybPatch('licence-details', answers) : {}),
    ...('shareholders' in answers ? kybPatch('shareholder-ids', answers) : {}),
    ...(iban ? kybPatch(iban, answers) : {}),
  };
}
