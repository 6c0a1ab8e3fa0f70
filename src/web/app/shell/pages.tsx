/**
 * Route elements inside the signed-in layout: the permission gates (spec §2.7: without the permission the
 * user goes to root; a catalogue flow's by its entry), root's redirect in the spec's order, and the honest page for a screen a later issue
 * builds.
 */
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FailedPage } from '../../components/ErrorPage';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { PageHeader } from '../../components/PageHeader';
import { PageSkeleton } from '../../components/PageSkeleton';
import { entryAllowed, useFlowEntries } from '../../api/flowEntries';
import type { ComputedPermissions } from '../../../domain/permissions';
import { rootTarget } from './navigation';
import { useShellData } from './ShellContext';

export function Gate(props: { allow?: (p: ComputedPermissions) => boolean; children: ReactNode }) {
  const shell = useShellData();
  if (props.allow && !props.allow(shell.permissions)) return <Navigate to="/" replace />;
  return <>{props.children}</>;
}

/**
 * A catalogue flow's gate (`/forms/:flowId`): a flow whose file declares a sidebar entry opens for the members
 * its entry is shown to (the computed permission it names), as every sidebar area's route is gated by the rule
 * that shows its item (spec §2.7); a flow without an entry is open to any signed-in member.
 */
export function FlowEntryGate(props: { children: ReactNode }) {
  const { flowId = '' } = useParams();
  const shell = useShellData();
  const entries = useFlowEntries();
  if (entries.isPending) return <PageSkeleton />;
  if (entries.isError) return <FailedPage error={entries.error} onRetry={() => void entries.refetch()} />;
  const entry = entries.data.find((e) => e.flow === flowId);
  if (entry && !entryAllowed(entry, shell.permissions)) return <Navigate to="/" replace />;
  return <>{props.children}</>;
}

export function RootRedirect() {
  const shell = useShellData();
  return <Navigate to={rootTarget(shell.permissions)} replace />;
}

/** A planned route: its gate, then its page. */
export function PlannedRoute(props: { title: string; permission?: keyof ComputedPermissions }) {
  const permission = props.permission;
  return (
    <Gate allow={permission ? (p) => p[permission] : undefined}>
      <PlannedPage title={props.title} />
    </Gate>
  );
}

/** A route whose screen is not built yet: its title and a plain "not available yet". */
export function PlannedPage(props: { title: string }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <PageHeader title={t(props.title)} />
      <NotAvailableYet />
    </>
  );
}
