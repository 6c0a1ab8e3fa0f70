/**
 * The onboarding application as the API shows it (onboarding spec §3): the answers at the top level, next to
 * these fields, which are about the application and never answers. The server never takes them from a body;
 * the app leaves them out of the form's data.
 */
export const APPLICATION_META_FIELDS = [
  'id',
  'account_id',
  'created_by_account_id',
  'crm_id',
  'organization_id',
  'source',
  'status',
  'advertisement',
  'flow_version',
  'requires_sales_contact',
  'steps',
  'first_incomplete_step',
  // Fields a newer form version dropped, for the merchant to check.
  'attention',
  // The review loop (issue 58): what a reviewer sent back or decided.
  'sent_back',
  'review_note',
  'decision_reason',
  'review_round',
  'created_at',
  'updated_at',
  'submitted_at',
  // An answer to a save, not part of the application.
  'field_errors',
] as const;
