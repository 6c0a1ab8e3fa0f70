/**
 * Where catalogue flows are reached: the `entry` a flow file may declare (a sidebar item: section, name, icon,
 * computed permission), read from the catalogue's list of current versions — so a flow ops add as files reaches
 * merchants from the sidebar with no code. Names arrive in both languages; nothing of the flow itself is loaded.
 */
import { useQuery } from '@tanstack/react-query';
import type { FlowEntry, FlowPointers } from '../../contract/catalogue';
import type { ComputedPermissions } from '../../domain/permissions';
import { api } from './client';

/** A flow's sidebar entry, with the flow it opens. */
export type FlowEntryView = FlowEntry & { flow: string };

const FIVE_MINUTES = 300_000;

export const FLOW_ENTRIES_KEY = ['catalogue', 'entries'] as const;

export function useFlowEntries() {
  return useQuery({
    queryKey: FLOW_ENTRIES_KEY,
    staleTime: FIVE_MINUTES,
    queryFn: async (): Promise<FlowEntryView[]> =>
      (await api<FlowPointers>('GET', '/merchant/api/v1/catalogue/flows')).flows.flatMap((f) =>
        f.entry ? [{ flow: f.flow, ...f.entry }] : [],
      ),
  });
}

/**
 * Whether a member may see and open a flow's entry: the computed permission it names holds. A name the app does
 * not know (a catalogue newer than the app) shows nothing rather than everything.
 */
export function entryAllowed(entry: { permission: string }, granted: ComputedPermissions): boolean {
  return (granted as unknown as Record<string, unknown>)[entry.permission] === true;
}
