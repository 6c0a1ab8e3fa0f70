/**
 * Any catalogue flow, run by the wizard engine on the generic drafts API — a flow added under schemas/ is
 * usable here with no code (ours: the spec names only each product's own screens):
 * - `/forms/:flowId` — starts the account's draft of the flow (or finds it) and opens it;
 * - `/forms/:flowId/:draftId/:stepId?` — the form, saved on the server as the merchant goes;
 * - `/forms/:flowId/:draftId/view` — the answers, read-only, once submitted.
 * A flow with screens of its own (onboarding: /applications) is sent there. An unknown flow or draft is a 404.
 *
 * One file per screen; this index is the area's lazy chunk.
 */
export { FormView } from './FormView';
export { FormWizard } from './FormWizard';
export { StartForm } from './StartForm';
