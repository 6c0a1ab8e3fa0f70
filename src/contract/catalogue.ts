/**
 * The catalogue as the browser gets it (src/server/routes/catalogue.ts): where each flow's current version is,
 * and where merchants reach the flow (its sidebar entry), for the server's routes and the web app alike.
 */
import { ENTRY_ICONS, ENTRY_SECTIONS } from '../engine/core/types';
import { OneOf, Type, type Static } from './common';

/** A flow's sidebar entry (flow.json `entry`), its name already in each language. */
export const FlowEntry = Type.Object({
  section: OneOf(ENTRY_SECTIONS),
  icon: OneOf(ENTRY_ICONS),
  permission: Type.String({ description: 'a computed permission’s name (shell spec §6)' }),
  title: Type.Object({ en: Type.String(), ar: Type.String() }),
});
export type FlowEntry = Static<typeof FlowEntry>;

/** Where a flow's version is: its id and the address of its manifest. */
export const FlowPointer = Type.Object({
  flow: Type.String(),
  version: Type.String(),
  manifest: Type.String({ description: 'the manifest address, below /catalogue/<version>/' }),
  entry: Type.Optional(FlowEntry),
});
export type FlowPointer = Static<typeof FlowPointer>;

export const FlowPointers = Type.Object({ flows: Type.Array(FlowPointer) });
export type FlowPointers = Static<typeof FlowPointers>;
