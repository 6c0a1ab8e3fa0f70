/**
 * Users (shell spec §2.6 "users", §6 "Stores and users entries: workspace admins only"; onboarding spec §1
 * "users (invite, manage, roles)"; docs/users.md): the workspace's team with role, stores and whether they have
 * signed in yet; filters (roles, a search) and the page in the address; invite, change access and remove in
 * dialogs. Nobody changes or removes themselves here.
 *
 * One file per screen; this index is the area's lazy chunk.
 */
import { prefetchTeam } from '../api';
export { UsersList } from './UsersList';

/** Each screen's first questions, asked when its code loads (api/firstQuestions.ts). */
export const firstQuestions = { UsersList: prefetchTeam };
