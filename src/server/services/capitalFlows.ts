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
 */
import type { FormData } from '../../engine/core/types';
import { FACTS_KEY } from '../../engine/core/types';
import type { CapitalService } from './capital';
import type { FlowHooks } from './drafts';

/** The answers without the server's facts, and the facts. */
function split(data: FormData) {
  const { [FACTS_KEY]: facts, ...answers } = data;
  return { answers, facts: (facts ?? {}) as Record<string, unknown> };
}

/** §7: "file urls are sent decoded" (an address that is not percent-encoded stays as it is). */
function decodedUrl(url: string) {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

export function capitalFlowHooks(deps: { capital: CapitalService }): Record<string, FlowHooks> {
  const { capital } = deps;
  return {
    'capital-waitlist': {
      // Only an account that sees capital (or its fake door) may join (403 otherwise).
      async open({ ownerId }) {
        await capital.scopeOf(ownerId);
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
    },
    'capital-reset': {
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
    },
    'capital-simple': {
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
    },
  };
}
