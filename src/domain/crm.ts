/**
 * The CRM's application page (shell spec §2: the `pipedrive/{applicationId}` route, "external redirect for a CRM
 * application id"): the configured address with the application's id in place of `{applicationId}`.
 */
export const CRM_PLACEHOLDER = '{applicationId}';

/** The CRM's page of an application; the id is encoded as one path or query part, so it cannot leave the CRM. */
export function crmApplicationUrl(template: string, applicationId: string): string {
  return template.replaceAll(CRM_PLACEHOLDER, encodeURIComponent(applicationId));
}
