/**
 * What capital's catalogue flows do in the product (capital spec §2, §4, §7, §8): the drafts service runs
 * every flow the same way; these hooks say, per flow, who may open it on which subject, what the server knows
 * there (facts the flow's routing reads) and what submitting does. Each is a thin call into the capital
 * service, which keeps every rule, so the spec's own calls and the forms agree.
 *
 * | Flow | Subject (`scope`) | Facts | Submit |
 * | --- | --- | --- | --- |
 * | capital-waitlist | none (the account) | — | joins the waitlist |
 * | capital-reset | the application on hold | `reason`, `application_id`, `stage` (simple form's) | sends the fix (PATCH …/reset) |
 * | capital-simple | the offer | `bank_statement_required`, `stage`, `offer_id` | applies: create, answers, submit |
 * | capital-kyb | the application | `application_id`, `iban_known`, `known_iban`, `iban_negative`, `code_sent_to`, `verified_phone` | submits the application |
 * | capital-frf | the application | `application_id`, `merchant_id`, `integration_form` | legal info, then submits the application |
 *
 * The KYB wizard's state lives in the application (§7: each step's PATCH, the signatory's code), so its steps
 * act when they are complete (`stepCompleted`): your-details saves the signatory and sends the code,
 * confirm-code checks it, licence-details saves `legal_info` with the uploaded licence, shareholders and
 * shareholder-ids save `shareholders` (§7: value a number, no national ID for non-residents), the IBAN steps
 * save `bank_details`. Their refusals (§8) answer the save, so the step stays where it is and says why.
 *
 * The full-revenue wizard (capital-frf) works the same way: bank statements, sales data (the step done: the
 * connections themselves are the connect widget's calls), social networks (§5: normalised to https addresses,
 * the invalid dropped), location details (nothing but "no" when the merchant does not sell in a store) each act
 * when complete; the last step, legal info, is sent with the submit. The customisation that creates the
 * application is the offer's page before the wizard (§4 "customise creates the application"), so a draft of this
 * flow always has its application.
 *
 * What a step's answers change in the application, and what the wizard opens with, is each wizard's mapping
 * module (kybMapping.ts, frfMapping.ts): both directions in one place.
 */
import type { FieldMessage } from '../../../engine/core/messages';
import { getAt } from '../../../engine/core/pointer';
import type { FormData } from '../../../engine/core/types';
import { FACTS_KEY, type Scalar } from '../../../engine/core/types';
import { fieldError, HttpError } from '../../errors';
import type { FlowHooks } from '../drafts';
import type { CapitalService } from './index';
import { frfPatch, frfRecord } from './frfMapping';
import { kybPatch, kybRecord } from './kybMapping';
import { decodedUrl, objectOf } from './model';
import { assertWaitlistOpen } from './waitlist';

/** The answers without the server's facts, and the facts. */
function split(data: FormData) {
  const { [FACTS_KEY]: facts, ...answers } = data;
  return { answers, facts: (facts ?? {}) as Record<string, unknown> };
}

/** §5: a licence's expiry on or after its issue date (yyyy-mm-dd compare as text). */
function licenceDateProblems(data: FormData): FieldMessage[] {
  const issued = getAt(data, '/legal_info/license_metadata/issue_date');
  const expires = getAt(data, '/legal_info/license_metadata/expiry_date');
  return typeof issued === 'string' && typeof expires === 'string' && expires < issued
    ? [
        {
          pointer: '/legal_info/license_metadata/expiry_date',
          key: 'capital-forms:kyb.licenceDetails.expiryBeforeIssue',
          params: {},
        },
      ]
    : [];
}

/** A refused code send as the signatory step says it (§8: too many attempts). */
function sendRefusal(error: unknown): never {
  if (error instanceof HttpError && error.status === 429)
    throw new HttpError(400, 'too many attempts to send code', {
      '/authorized_signatory/phone': fieldError('capital:error.tooManyAttempts'),
    });
  throw error;
}

/** Joining the waitlist. */
function waitlistHooks(capital: CapitalService): FlowHooks {
  return {
    // Only an account that sees capital (or its fake door) and has the waitlist open may join (403 otherwise).
    async open({ ownerId }) {
      assertWaitlistOpen(await capital.scopeOf(ownerId));
      return {};
    },
    async commit({ ownerId, data }) {
      const { answers } = split(data);
      await capital.joinWaitlist(await capital.scopeOf(ownerId), {
        stores: answers.stores as string[],
        capitalUse: String(answers.capitalUse),
        ...(typeof answers.otherUse === 'string' ? { otherUse: answers.otherUse } : {}),
      });
    },
  };
}

/** The fix of an application put on hold. */
function resetHooks(capital: CapitalService): FlowHooks {
  return {
    // The draft is per fix: a second reset of the same application starts a new one.
    async open({ ownerId, scope }) {
      const form = await capital.resetForm(await capital.scopeOf(ownerId), scope);
      return {
        key: `${scope}-fix-${form.fix}`,
        facts: {
          reason: form.reason,
          application_id: scope,
          ...(form.stage === null ? {} : { stage: form.stage }),
        },
        initial: form.values,
      };
    },
    async commit({ ownerId, data }) {
      const { answers, facts } = split(data);
      const body = Object.fromEntries(
        Object.entries(answers).map(([k, v]) => [k, k === 'cr_file' ? decodedUrl(String(v)) : String(v)]),
      );
      await capital.resetUpdate(await capital.scopeOf(ownerId), String(facts.application_id), body);
    },
  };
}

/** The simple form: applying for an offer. */
function simpleHooks(capital: CapitalService): FlowHooks {
  return {
    async open({ ownerId, scope }) {
      const form = await capital.simpleForm(await capital.scopeOf(ownerId), scope);
      return {
        facts: {
          offer_id: form.offer.id,
          bank_statement_required: form.bankStatementRequired,
          stage: form.stage,
        },
        initial: form.values,
      };
    },
    async commit({ ownerId, data }) {
      const { answers, facts } = split(data);
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
      const person = (value: unknown) => (value ?? {}) as Record<string, unknown>;
      const sign = person(answers.sign);
      const finance = answers.is_finance === true ? person(answers.finance) : undefined;
      const statement = text(person(answers.application).bank_statement_url);
      await capital.applySimple(await capital.scopeOf(ownerId), String(facts.offer_id), {
        sign: { name: String(sign.name), email: String(sign.email), phone: String(sign.phone) },
        ...(finance
          ? {
              finance: {
                name: String(finance.name),
                ...(text(finance.email) ? { email: text(finance.email) } : {}),
                ...(text(finance.phone) ? { phone: text(finance.phone) } : {}),
              },
            }
          : {}),
        cr_file: decodedUrl(String(answers.cr_file)),
        cr_number: String(answers.cr_number),
        company_name_or_legal_name: String(answers.company_name_or_legal_name),
        registered_company_address: String(answers.registered_company_address),
        ...(statement ? { bank_statement_url: decodedUrl(statement) } : {}),
      });
    },
  };
}

/** The KYB wizard: each step acts when complete; the submit sends the answers again. */
function kybHooks(capital: CapitalService): FlowHooks {
  return {
    async open({ ownerId, scope }) {
      const form = await capital.kybForm(await capital.scopeOf(ownerId), scope);
      return {
        facts: {
          application_id: form.application.id,
          iban_known: form.knownIban !== null,
          ...(form.knownIban ? { known_iban: form.knownIban } : {}),
          ...(form.codeSentTo ? { code_sent: true, code_sent_to: form.codeSentTo } : {}),
          ...(form.verifiedPhone ? { verified_phone: form.verifiedPhone } : {}),
          ...(form.ibanNegative ? { iban_negative: true } : {}),
        },
        initial: form.values,
      };
    },
    async lookups({ data, saved }) {
      return saved('/legal_info/license_metadata') ? licenceDateProblems(data) : [];
    },
    async stepCompleted({ ownerId, stepId, data }): Promise<{ facts?: Record<string, Scalar> } | void> {
      const who = await capital.scopeOf(ownerId);
      const { answers, facts } = split(data);
      const id = String(facts.application_id);
      switch (stepId) {
        case 'your-details': {
          const s = objectOf(answers.authorized_signatory);
          await capital.updateApplication(who, id, kybPatch(stepId, answers));
          // One code per number: a later change of name or e-mail keeps the code already sent (its resend is
          // the confirm step's); a new number gets its own (§4 "change number").
          if (facts.code_sent_to === String(s.phone)) return;
          await capital.sendSignatoryCode(who, id).catch(sendRefusal);
          return { facts: { code_sent: true, code_sent_to: String(s.phone) } };
        }
        case 'confirm-code': {
          // A number confirmed already stays confirmed (the code is used up; pressing Confirm again is no retry).
          const phone = String(objectOf(answers.authorized_signatory).phone);
          if (facts.verified_phone === phone) return;
          await capital.verifySignatoryCode(who, id, String(answers.code));
          return { facts: { verified_phone: phone } };
        }
        // Expiry before issue never gets here: the flow's lookups refuse that save first.
        case 'licence-details':
        case 'shareholders':
        case 'shareholder-ids':
          await capital.updateApplication(who, id, kybPatch(stepId, answers));
          return;
        case 'iban-confirm':
          // Another account chosen: the edit step asks for it.
          if (answers.use_other_account === true) return;
          await capital.updateApplication(who, id, kybPatch(stepId, answers));
          return { facts: { iban_negative: false } };
        case 'iban-edit': {
          // §4: an IBAN that is not the one we know for the business "does not appear to belong" to it —
          // nothing is saved until the merchant says it is theirs (the negative step) or gives another.
          const iban = String(objectOf(answers.bank_details).iban);
          if (typeof facts.known_iban === 'string' && iban !== facts.known_iban)
            return { facts: { iban_negative: true } };
          await capital.updateApplication(who, id, kybPatch(stepId, answers));
          return { facts: { iban_negative: false } };
        }
        case 'iban-negative':
          // Another IBAN is judged like the first: the one we know, or refused with the same words.
          if (
            answers.iban_decision === 'another' &&
            typeof facts.known_iban === 'string' &&
            answers.replacement_iban !== facts.known_iban
          )
            throw new HttpError(400, 'iban does not belong to the business', {
              '/replacement_iban': fieldError('capital-forms:kyb.iban.negativeTitle'),
            });
          await capital.updateApplication(who, id, kybPatch(stepId, answers));
          return;
        default:
          return;
      }
    },
    actions: {
      async 'resend-otp'({ ownerId, data }) {
        const { facts } = split(data);
        return capital
          .sendSignatoryCode(await capital.scopeOf(ownerId), String(facts.application_id))
          .catch((error: unknown) => {
            // The number locked for too many codes: the code widget's 429 (§8: "try again in minutes").
            if (error instanceof HttpError && error.message === 'too many attempts to send code')
              throw new HttpError(429, 'too many attempts to send code');
            throw error;
          });
      },
    },
    // The answers again (a step reached through the step list, not its button, was never sent), then submit.
    async commit({ ownerId, data }) {
      const who = await capital.scopeOf(ownerId);
      const { answers, facts } = split(data);
      const id = String(facts.application_id);
      await capital.updateApplication(who, id, kybRecord(answers));
      await capital.submitApplication(who, id, { application_id: id });
    },
  };
}

/** The full-revenue wizard: each step acts when complete; legal info goes with the submit. */
function frfHooks(capital: CapitalService): FlowHooks {
  return {
    async open({ ownerId, scope }) {
      const who = await capital.scopeOf(ownerId);
      const form = await capital.frfForm(who, scope);
      return {
        facts: {
          application_id: form.application.id,
          merchant_id: form.application.merchantId,
          integration_form: form.salesData,
        },
        initial: form.values,
      };
    },
    async lookups({ data, saved }) {
      return saved('/legal_info/license_metadata') ? licenceDateProblems(data) : [];
    },
    async stepCompleted({ ownerId, stepId, data }) {
      const who = await capital.scopeOf(ownerId);
      const { answers, facts } = split(data);
      const id = String(facts.application_id);
      if (stepId === 'sales-data') return void (await capital.completeSalesData(who, id));
      // Legal info goes with the submit (commit).
      if (stepId === 'legal-info') return;
      await capital.updateApplication(who, id, frfPatch(stepId, answers));
    },
    // Every step's answers again (one reached through the step list, not its button, was never sent), then
    // the submit, whose refusals (a step not complete) answer the press.
    async commit({ ownerId, data }) {
      const who = await capital.scopeOf(ownerId);
      const { answers, facts } = split(data);
      const id = String(facts.application_id);
      if (facts.integration_form === true) await capital.completeSalesData(who, id);
      await capital.updateApplication(who, id, frfRecord(answers));
      await capital.submitApplication(who, id, { application_id: id });
    },
  };
}

export function capitalFlowHooks(deps: { capital: CapitalService }): Record<string, FlowHooks> {
  const { capital } = deps;
  return {
    'capital-waitlist': waitlistHooks(capital),
    'capital-reset': resetHooks(capital),
    'capital-simple': simpleHooks(capital),
    'capital-kyb': kybHooks(capital),
    'capital-frf': frfHooks(capital),
  };
}
