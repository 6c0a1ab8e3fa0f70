/**
 * Whether the account may see the ads topic (docs/support.md).
 */
import { usePermissionFlags } from '../../../api/permissions';
import { useExperiments } from '../../../api/experiments';
import { canViewAds } from '../../../../domain/permissions';

/** May this member pick the ads topic: canViewAds (shell spec §6), from the same queries the shell reads. */
export function useSeesAds() {
  const flags = usePermissionFlags().data;
  const experiments = useExperiments().data ?? [];
  return canViewAds(flags ?? {}, experiments);
}
