/**
 * The dashboard's gate (docs/onboarding.md): a screen shows once what it needs is loaded.
 */
import { type ReactNode } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { FailedPage } from '../../../components/ErrorPage';
import { dashboardRedirect, type DashboardPage } from '../../../../domain/dashboardGate';
import { fetchOnboarding, ONBOARDING_QUERY_KEY, type Onboarding } from '../api';

function Loading() {
  return (
    <Stack gap="md" maw={640} aria-busy="true">
      <Skeleton height={32} width="50%" />
      <Skeleton height={180} radius="lg" />
    </Stack>
  );
}

/** The gate, then the page with what the gate read. */
export function WithGate(props: { page: DashboardPage; children: (onboarding: Onboarding) => ReactNode }) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: ONBOARDING_QUERY_KEY, queryFn: () => fetchOnboarding(client) });
  if (query.isPending) return <Loading />;
  if (query.isError) return <FailedPage error={query.error} onRetry={() => void query.refetch()} />;
  // No store (an account still applying): the dashboard is not theirs yet; root knows where they belong.
  if (!query.data) return <Navigate to="/" replace />;
  const { store, organization } = query.data;
  const target = dashboardRedirect(props.page, {
    country: store.country,
    approved: organization?.approved ?? false,
    signed: organization?.contract_signed ?? false,
    completed: organization?.completed ?? false,
  });
  if (target) return <Navigate to={target} replace />;
  return <>{props.children(query.data)}</>;
}
