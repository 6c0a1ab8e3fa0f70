/**
 * What a screen shows before or instead of its data, the same way on every list and detail page: skeletons while
 * it loads; on a list, a failure with "Try again"; on a detail page, its own notice for 403 (under the page's
 * header) and the error page for 404 or anything else (with "Try again" for a server error).
 */
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { statusOf } from '../api/client';
import { ErrorPage } from './ErrorPage';

interface QueryLike {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A detail page's fallback: render it while `!query.isSuccess`. */
export function QueryFallback(props: { query: QueryLike; skeleton: ReactNode; forbidden: ReactNode }) {
  const { query } = props;
  if (query.isPending) return <>{props.skeleton}</>;
  const status = statusOf(query.error);
  if (status === 403) return <>{props.forbidden}</>;
  return (
    <ErrorPage
      status={status === 404 || status === 0 ? status : 500}
      onRetry={status === 404 ? undefined : () => void query.refetch()}
    />
  );
}

/** A list's rows while it loads. */
export function ListSkeleton(props: { rows: number; height: number; testId: string }) {
  return (
    <Stack gap="xs" data-testid={props.testId}>
      {Array.from({ length: props.rows }, (_, i) => (
        <Skeleton key={i} h={props.height} />
      ))}
    </Stack>
  );
}

/** A list that could not be loaded, and the way to try again. */
export function LoadFailed(props: { title: string; retry: string; onRetry: () => unknown }) {
  return (
    <Alert color="red" title={props.title} role="alert">
      <Button size="xs" variant="light" onClick={() => void props.onRetry()}>
        {props.retry}
      </Button>
    </Alert>
  );
}
