/** The CRM's page of an application (shell spec §2, the `pipedrive/{applicationId}` route). */
import { Type, type Static } from './common';

export const CrmLink = Type.Object({
  url: Type.String({ description: "the CRM's page of the application" }),
});
export type CrmLink = Static<typeof CrmLink>;
