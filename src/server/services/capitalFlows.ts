/**
 * What capital's catalogue flows do in the product (capital spec §2, §4, §7, §8): the drafts service runs
 * every flow the same way; these hooks say, per flow, who may open it on which subject, what the server knows
 * there (facts the flow's routing reads) and what submitting does. Each is a thin call into the capital
 * service, which keeps every rule, so the spec's own calls and the forms agree.
 *
 * | Flow | Subject (`scope`) | Facts | Submit |
 * | --- | --- | --- | --- |
 * | capital-waitlist | none (the account) | — | joins the waitlist |
 * | capital-reset | the application on hold | `reason`, `application_id` | sends the fix (PATCH …/reset) |
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
          facts: { reason: form.reason, application_id: scope },
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
  };
}
