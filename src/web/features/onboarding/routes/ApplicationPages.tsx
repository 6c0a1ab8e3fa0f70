/**
 * The onboarding application's screens (shell spec §2.4, onboarding spec §2):
 * - `/applications` — the gate: draft → the form (at the first step that needs work), partially_submitted or
 *   submitted → the view, no application → root.
 * - `/applications/new` — starts the account's application (with the landing page's UTM values), then the form.
 * - `/applications/step/:currentStep?` — the form: the catalogue's onboarding flow in the wizard engine, saved
 *   on the server as the merchant goes. Needs a draft.
 * - `/applications/view` — the submitted application, read-only, step by step. Needs it submitted.
 * - `/applications/reach-out` — "we will reach out": where a high-volume path ends (ours: the spec names the
 *   screen, not its address).
 * `applications/list` and `application/:applicationId` lead to the gate: an account has one application.
 *
 * One file per screen; this index is the area's lazy chunk.
 */
export { ApplicationForm } from './ApplicationForm';
export { ApplicationGate } from './ApplicationGate';
export { ApplicationView } from './ApplicationView';
export { NewApplication } from './NewApplication';
export { ReachOut } from './ReachOut';
export { ToApplication } from './ToApplication';
