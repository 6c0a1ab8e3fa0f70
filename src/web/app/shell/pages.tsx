/**
 * Route elements inside the signed-in layout: the permission gate (spec §2.7: without the permission the
 * user goes to root), root's redirect in the spec's order, and the honest page for a screen a later issue
 * builds.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { PageHeader } from '../../components/PageHeader';
import type { ComputedPermissions } from '../../../domain/permissions';
import { rootTarget } from './navigation';
import { useShellData } from './ShellContext';

export function Gate(props: { allow?: (p: ComputedPermissions) => boolean; children: ReactNode }) {
  const shell = useShellData();
  if (props.allow && !props.allow(shell.permissions)) return <Navigate to="/" replace />;
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
