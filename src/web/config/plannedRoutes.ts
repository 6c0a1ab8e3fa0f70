/**
 * The routes of areas not built yet (shell spec §2.6 names them; later issues build them): each shows its title
 * and "not available yet" (app/shell/pages.tsx PlannedRoute). A link into one of them is drawn as text until the
 * area exists (components/AreaLink, the sidebar's "Soon": isPlannedPath in plannedAreas.ts, kept out of the
 * app's entry, which carries this table for the route list), so nothing that does not work looks as if it did.
 * Building an area means moving its rows from here to its feature's own table in app/shell/routes.tsx.
 */
import type { ComputedPermissions } from '../../domain/permissions';

/** [path, title key, the permission that gates it (none: any signed-in user)] — a compact table (it ships with the app's entry). */
export const PLANNED: [string, string, keyof ComputedPermissions | undefined][] = [];
