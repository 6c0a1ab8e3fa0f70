/**
 * Legal entities (onboarding spec §2 "Other areas": list, detail with owners, the expiry modal; shell spec §2.3,
 * §8): the list with its status filter in the address, an entity with its legal info, bank details and owners,
 * and the modal that warns of a licence that expires soon or has expired (once per entity per browser session).
 *
 * One file per screen; this index is the area's lazy chunk.
 */
export { LegalEntitiesList } from './LegalEntitiesList';
export { LegalEntityDetail } from './LegalEntityDetail';
