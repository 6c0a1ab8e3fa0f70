/**
 * An application's page while its query loads or after it failed.
 */
import { Skeleton, Stack } from '@mantine/core';
import { ErrorPage, FailedPage } from '../../../components/ErrorPage';
import { isNotFound, type useCapitalApplication } from '../api';

/** An application's page while its query loads (a skeleton) or after it failed (404, or 500 with a retry). */
export function ApplicationWaiting(props: { query: ReturnType<typeof useCapitalApplication> }) {
  const { query } = props;
  if (query.isError)
    return isNotFound(query.error) ? (
      <ErrorPage status={404} />
    ) : (
      <FailedPage error={query.error} onRetry={() => void query.refetch()} />
    );
  return (
    <Stack gap="md" aria-busy="true" data-testid="capital-loading">
      <Skeleton height={28} width="40%" />
      <Skeleton height={200} radius="lg" />
    </Stack>
  );
}
