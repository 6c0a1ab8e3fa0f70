/**
 * An application's steps (capital spec §2 "Offer entry page", §3 Capital application `steps`): which steps an
 * application on an offer has, and where the offer entry page sends a merchant who has started one.
 */

export interface ApplicationStep {
  name: string;
  completed: boolean;
  optional: boolean;
  group_name: 'kyb_flow' | 'full_revenue_flow';
}

/** §2: full_revenue_flow order (sales_data only when the integration form is on). */
export const FULL_REVENUE_STEPS = [
  'bank_statements',
  'sales_data',
  'social_networks',
  'location_details',
  'preapproved_legal_info',
  'kyb_legal_info',
] as const;

/** §2: kyb_flow order; "if all are complete go to review". */
export const KYB_STEPS = [
  'your_details',
  'commercial_licence',
  'shareholders',
  'shareholder_ids',
  'iban_verification',
  'review',
] as const;

/**
 * The full-revenue wizard's address of an application step (the capital-frf flow's step ids): §2's step names
 * with hyphens, legal info as the flow's `legal-info`. `kyb_legal_info` is no step of that flow: it hands over
 * to the KYB wizard (§2), so it has no address here (null), nor has a name the flow does not know.
 */
export function frfStepId(name: string): string | null {
  if (name === 'preapproved_legal_info') return 'legal-info';
  const known: readonly string[] = ['bank_statements', 'sales_data', 'social_networks', 'location_details'];
  return known.includes(name) ? name.replace(/_/g, '-') : null;
}

/** §2: kyb_legal_info hands over to the KYB wizard at commercial_licence when verified, else at initialization. */
export function kybHandOverStep(status: string): string {
  return status === 'verified' ? 'commercial-licence' : 'initialization';
}

/** §2 "Social networks and location details: optional, skippable". */
export const OPTIONAL_STEPS: readonly string[] = ['social_networks', 'location_details'];

/**
 * The steps a new application on an offer starts with: the KYB steps for a `kyb_application` offer, the
 * full-revenue steps for a `full_revenue_flow` one (legal info as pre-approved; sales data only with the
 * integration form), none for the simple form.
 */
export function initialSteps(tags: readonly string[], options: { salesData: boolean }): ApplicationStep[] {
  const make = (name: string, group_name: ApplicationStep['group_name']): ApplicationStep => ({
    name,
    completed: false,
    optional: OPTIONAL_STEPS.includes(name),
    group_name,
  });
  if (tags.includes('kyb_application')) return KYB_STEPS.map((name) => make(name, 'kyb_flow'));
  if (tags.includes('full_revenue_flow'))
    return FULL_REVENUE_STEPS.filter(
      (name) => name !== 'kyb_legal_info' && (name !== 'sales_data' || options.salesData),
    ).map((name) => make(name, 'full_revenue_flow'));
  return [];
}

/**
 * Where the offer entry page goes (§2): the first incomplete non-optional step in its group's order; for the KYB
 * flow, review when every step is complete. null: no steps (or all complete in the full-revenue flow) — the
 * customisation page.
 */
export function firstIncompleteStep(steps: readonly ApplicationStep[]): ApplicationStep | null {
  if (steps.length === 0) return null;
  const kyb = steps.some((s) => s.group_name === 'kyb_flow');
  const order: readonly string[] = kyb ? KYB_STEPS : FULL_REVENUE_STEPS;
  const rank = (s: ApplicationStep) => {
    const index = order.indexOf(s.name);
    return index === -1 ? order.length : index;
  };
  const sorted = [...steps].sort((a, b) => rank(a) - rank(b));
  const next = sorted.find((s) => !s.completed && !s.optional);
  if (next) return next;
  return kyb ? (sorted.find((s) => s.name === 'review') ?? null) : null;
}

/** §2 Simple application form: the four stages of its stepper, in order. */
export const SIMPLE_STAGES = ['apply', 'make_changes', 'await_review', 'sign_contract'] as const;

/** §4 "Simple-form stepper mapping": submitted is await review, approved sign contract, reset make changes, else apply. */
export function simpleStage(status: string | null | undefined): number {
  const stage =
    status === 'submitted'
      ? 'await_review'
      : status === 'approved'
        ? 'sign_contract'
        : status === 'reset'
          ? 'make_changes'
          : 'apply';
  return SIMPLE_STAGES.indexOf(stage);
}

/** An offer of the simple form: neither of the two wizards' tags (§3 Offer tags). */
export function isSimpleOffer(tags: readonly string[]): boolean {
  return !tags.includes('kyb_application') && !tags.includes('full_revenue_flow');
}

/** An application the merchant may still change and send (§2: a draft, or verified by the signatory's code). */
export const isEditable = (status: string) => status === 'draft' || status === 'verified';
