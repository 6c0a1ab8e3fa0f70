/**
 * The fix of a reset application (capital spec §2 Reset fix screen, §4 Reset reasons, §7 reset update, §8): what
 * the fix starts from, and sending it. The reason decides the fields required; errors name their reason in
 * `details.reason` as the spec's screen expects.
 */
import { simpleStage } from '../../../domain/capital/steps';
import { fieldError, HttpError, notFound, type FieldError } from '../../errors';
import type { CapitalContext } from './context';
import { isObject, stepsOf, type CapitalScope } from './model';

/** §4 Reset reasons (prefix `reason_` removed) → the fields a fix must send. */
const RESET_FIELDS: Record<string, string[]> = {
  business_license_expired: ['cr_file'],
  business_license_expires_soon: ['cr_file'],
  irrelevant_license: ['cr_file', 'cr_number', 'company_name_or_legal_name', 'registered_company_address'],
  beneficiary_name_mismatch: [
    'cr_file',
    'cr_number',
    'company_name_or_legal_name',
    'registered_company_address',
  ],
  company_name_mismatch: ['company_name_or_legal_name'],
};
export const RESET_UPDATE_FIELDS = [
  'cr_file',
  'cr_number',
  'registered_company_address',
  'company_name_or_legal_name',
] as const;
export type ResetField = (typeof RESET_UPDATE_FIELDS)[number];

/** The application's first reason, prefix removed. */
const reasonOf = (data: Record<string, unknown>) =>
  ((Array.isArray(data.reasons) ? (data.reasons as string[]) : [])[0] ?? '').replace(/^reason_/, '');

const reasonError = (status: number, message: string, reason: string, errors?: Record<string, FieldError>) =>
  new HttpError(status, message, errors, { details: { reason } });

export function resetCalls({ deps, repo, applicationOf, viewOf }: CapitalContext) {
  return {
    /** PATCH …/capital/application/{id}/reset (§4, §8): the fix of a reset application. */
    async resetUpdate(who: CapitalScope, id: string, body: Partial<Record<ResetField, string>>) {
      const row = await applicationOf(who.merchantIds, id);
      if (row.status !== 'reset') throw reasonError(400, 'wrong status of edited loan', 'wrong_status');
      const required = RESET_FIELDS[reasonOf(row.data)] ?? [...RESET_UPDATE_FIELDS];
      const sent = RESET_UPDATE_FIELDS.filter((f) => typeof body[f] === 'string' && body[f]!.trim() !== '');
      const missing = required.filter((f) => !sent.includes(f as ResetField));
      if (missing.length > 0)
        throw reasonError(
          400,
          'params for update not sent',
          'params_for_update_not_sent',
          Object.fromEntries(missing.map((f) => [`/${f}`, fieldError('validation:error.required')])),
        );
      const legal = isObject(row.data.legal_info) ? row.data.legal_info : {};
      const current: Record<string, unknown> = {
        cr_file: legal.cr_file_url,
        cr_number: legal.cr_number,
        registered_company_address: legal.company_address,
        company_name_or_legal_name: legal.company_name,
      };
      if (sent.every((f) => body[f]!.trim() === current[f]))
        throw reasonError(
          400,
          'params for update not diff',
          'params_for_update_not_diff',
          Object.fromEntries(sent.map((f) => [`/${f}`, fieldError('capital:error.unchanged')])),
        );
      const value = (f: ResetField, old: unknown) => (sent.includes(f) ? body[f]!.trim() : old);
      const now = deps.clock.now();
      const updated = await repo.updateApplication(row.id, {
        status: 'submitted',
        data: {
          ...row.data,
          reasons: [],
          _fixes: Number(row.data._fixes ?? 0) + 1,
          legal_info: {
            ...legal,
            cr_file_url: value('cr_file', legal.cr_file_url),
            cr_number: value('cr_number', legal.cr_number),
            company_address: value('registered_company_address', legal.company_address),
            company_name: value('company_name_or_legal_name', legal.company_name),
          },
          submitted_at: now.toISOString(),
        },
        updatedAt: now,
      });
      return viewOf(who.merchantIds, updated!);
    },

    /**
     * What the fix of a reset application starts from (§2 Reset fix screen): its reason (prefix removed; `other`
     * for one §4 does not name), the licence's details as they stand (its file excepted), and the fix's number —
     * a second reset of the same application is a new fix. 404 unless the application is the caller's and on
     * hold.
     */
    async resetForm(who: CapitalScope, id: string) {
      const row = await applicationOf(who.merchantIds, id);
      if (row.status !== 'reset') throw notFound('application is not on hold');
      const reason = reasonOf(row.data);
      const legal = isObject(row.data.legal_info) ? row.data.legal_info : {};
      const values = Object.fromEntries(
        // Not the file: every reason asks for a new one (and an old one is no upload of this account's).
        Object.entries({
          cr_number: legal.cr_number,
          registered_company_address: legal.company_address,
          company_name_or_legal_name: legal.company_name,
        }).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
      );
      return {
        reason: reason in RESET_FIELDS ? reason : 'other',
        fix: Number(row.data._fixes ?? 0) + 1,
        // An application of the simple form (no wizard steps) shows its four stages, at "make changes" (§4).
        stage: stepsOf(row.data).length === 0 ? simpleStage(row.status) : null,
        values,
      };
    },
  };
}
