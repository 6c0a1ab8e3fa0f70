/** Locations (shell spec §2.3 "locations"; docs/locations.md). One screen; this index is the area's lazy chunk. */
export { LocationsList } from './LocationsList';
