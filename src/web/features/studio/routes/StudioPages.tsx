/**
 * /studio (issue 17): product ops change forms in the running product. Signed-in accounts with the `ops` staff
 * role only — the server refuses every studio call to anyone else (403), and this page says so rather than
 * showing an empty studio.
 *
 *   /studio                 the flows, each with its current version and whether you have unpublished edits
 *   /studio/audit           the audit log of every flow
 *   /studio/flows/:flow     one flow: Edit (working copy, preview, publish), Routing, Versions (diff, rollback), Audit
 *
 * One file per screen; this index is the area's lazy chunk.
 */
export { StudioPage } from './StudioPage';
