/**
 * Capital (capital spec §7), a wing of rooms that each hold one subdomain and share one context (context.ts: the
 * dependencies, who is asking, the lookups that make another merchant's ids read as not found):
 *
 * | Room | Holds |
 * | --- | --- |
 * | offers.ts | offers, the live quote |
 * | loans.ts | loans, taking one out, its direct-debit signatory's phone |
 * | loanContract.ts | an approved application's advance: its contract, the loan its signature makes, the mandate |
 * | money.ts | the bank's answer on a mandate, the provider's run that pays advances out |
 * | applications.ts | applications: records, create, answers, submit |
 * | signatory.ts | the signatory's code: send, verify |
 * | reset.ts | the fix of a reset application |
 * | simple.ts | the simple application form |
 * | wizardForms.ts | what the KYB and full-revenue wizards open with (kybMapping.ts, frfMapping.ts) |
 * | connections.ts | e-commerce connections, the IBAN check |
 * | waitlist.ts | the waitlist |
 * | flowHooks.ts | what capital's catalogue flows do in the product, each a call into the rooms above |
 *
 * Who sees what (§6): an account sees capital when it has the `capital` or `capital_fake_door` experiment, and
 * then only for the merchants whose membership allows payouts (`is_payouts_allowed`) — `canViewCapital` of the
 * shell, enforced on every call through `scopeOf` (403 without any such merchant). Decisions where the spec is
 * silent: docs/capital.md.
 */
import { applicationCalls } from './applications';
import { connectionCalls } from './connections';
import { capitalContext, type CapitalDeps } from './context';
import { loanTaking } from './loanContract';
import { loanCalls } from './loans';
import { moneyCalls } from './money';
import { offerCalls } from './offers';
import { resetCalls } from './reset';
import { signatoryCalls } from './signatory';
import { simpleFormCalls } from './simple';
import { waitlistCalls } from './waitlist';
import { wizardFormCalls } from './wizardForms';

export type { CapitalScope } from './model';
export { RESET_UPDATE_FIELDS } from './reset';
export { SIGNATORY_CODE } from './signatory';

export function createCapitalService(deps: CapitalDeps) {
  const context = capitalContext(deps);
  const applications = applicationCalls(context);
  const taking = loanTaking(context);
  return {
    /**
     * Who is asking, worked out once per request (the routes' hook, before the body is read): 403 for an account
     * that may not see capital. Every other method takes what this answers.
     */
    scopeOf: context.scopeOf,
    ...offerCalls(context),
    ...loanCalls(context, taking),
    capitalContractKind: taking.capitalContractKind,
    ...moneyCalls(context),
    ...applications,
    ...signatoryCalls(context),
    ...resetCalls(context),
    ...simpleFormCalls(context, applications),
    ...wizardFormCalls(context),
    ...connectionCalls(context),
    ...waitlistCalls(context),
  };
}

export type CapitalService = ReturnType<typeof createCapitalService>;
