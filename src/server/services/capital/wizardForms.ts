/**
 * What the two capital wizards open with (capital spec §2 KYB wizard, §2 Full-revenue wizard): the application,
 * what the server knows there, and its answers as the form holds them (kybMapping.ts, frfMapping.ts). 404 for an
 * application not the caller's, one whose offer is gone, or one without the wizard's steps; 409
 * `already_applied` once it is sent (the page shows the application instead).
 */
import { isEditable } from '../../../domain/capital/steps';
import { readIban } from '../../data/banks';
import { notFound } from '../../errors';
import type { CapitalContext } from './context';
import { frfValues } from './frfMapping';
import { kybValues } from './kybMapping';
import { alreadyApplied, isObject, publicData, stepsOf, type CapitalScope } from './model';

export function wizardFormCalls({ deps, repo, applicationOf }: CapitalContext) {
  /** The application the wizard of `group` runs on, while it may still be changed. */
  async function wizardApplication(who: CapitalScope, id: string, group: string, missing: string) {
    const row = await applicationOf(who.merchantIds, id);
    if (!row.offerId || !(await repo.offer(who.merchantIds, row.offerId)))
      throw notFound('the offer of this application is gone');
    if (!stepsOf(row.data).some((s) => s.group_name === group)) throw notFound(missing);
    if (!isEditable(row.status)) throw alreadyApplied('the application was already sent', row.id);
    return row;
  }

  return {
    /**
     * The KYB wizard of an application. `knownIban`: the IBAN of the merchant's legal entity, which the IBAN step
     * asks to confirm (§4 IBAN flow: "confirm if an IBAN is known, else edit").
     */
    async kybForm(who: CapitalScope, id: string) {
      const row = await wizardApplication(who, id, 'kyb_flow', 'this application has no KYB steps');
      const entities = await deps.accounts.legalEntitiesOf([row.merchantId]).catch(() => []);
      const known = entities.map((e) => readIban(e.iban ?? '').iban).find((iban) => /^AE\d{21}$/.test(iban));
      const data = publicData(row.data);
      const signatory = isObject(data.authorized_signatory) ? data.authorized_signatory : undefined;
      const otp = isObject(row.data._otp) ? row.data._otp : {};
      return {
        application: row,
        knownIban: known ?? null,
        /** The number the last signatory code went to (none sent: null). */
        codeSentTo: typeof otp.phone === 'string' ? otp.phone : null,
        /** An IBAN we do not know for the business was said to be its own (§4 negative mode, answered). */
        ibanNegative: isObject(data.bank_details) && data.bank_details.owner_confirmed === true,
        /** The number the signatory confirmed with a code (none yet: null). */
        verifiedPhone:
          signatory?.phone_confirmed === true && typeof signatory.phone === 'string' ? signatory.phone : null,
        values: kybValues(data, known),
      };
    },

    /**
     * The full-revenue wizard of an application (the capital-frf flow), the platforms connected, and whether the
     * sales-data step is part of it (§2: only with the integration form, as the application's steps say).
     */
    async frfForm(who: CapitalScope, id: string) {
      const row = await wizardApplication(
        who,
        id,
        'full_revenue_flow',
        'this application has no full-revenue steps',
      );
      const steps = stepsOf(row.data);
      const connected = (await repo.connections(row.merchantId)).map((c) => c.platform);
      return {
        application: row,
        salesData: steps.some((s) => s.name === 'sales_data'),
        values: frfValues(publicData(row.data), {
          completed: (name) => steps.some((s) => s.name === name && s.completed),
          connected,
        }),
      };
    },
  };
}
