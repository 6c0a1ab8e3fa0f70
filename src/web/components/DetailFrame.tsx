/**
 * One frame for a detail page (a dispute, a ticket, a store, a legal entity; an order and a payout next): while
 * its record loads, skeleton blocks shaped like the page; a 403 is the area's own notice under its header and
 * the breadcrumb back to the list; a 404 or any other failure is the error page (with "Try again" for a server
 * error). Once loaded, the page draws itself, given the breadcrumbs.
 */
import { Alert, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryFallback } from './QueryStates';
import { PageHeader } from './PageHeader';

export type Crumbs = { label: string; to: string }[];

export interface DetailQuery<T> {
  isSuccess: boolean;
  isPending: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** A skeleton block: a height, or a height and a width (a title is shorter than the page). */
export type SkeletonBlock = number | { h: number; w: number | string; end?: boolean };

export function DetailFrame<T>(props: {
  query: DetailQuery<T>;
  /** The area the record belongs to: its title (the forbidden notice's header) and its list's address. */
  area: { title: string; to: string };
  /** The area's `t`: its words for a member who may not see the record, `forbidden.title` and `forbidden.body` under `prefix`. */
  t: (key: string) => string;
  prefix?: string;
  skeleton: { testId: string; blocks: SkeletonBlock[] };
  /** The page's title, drawn with the breadcrumbs above what the page draws (else the page draws its header). */
  title?: string;
  /** Known to be forbidden before asking (a permission the member lacks): the notice, with no request. */
  denied?: boolean;
  children: (data: T, crumbs: Crumbs) => ReactNode;
}) {
  const { query, area } = props;
  const crumbs: Crumbs = [{ label: area.title, to: area.to }];
  const forbidden = (
    <ForbiddenPage title={area.title} t={props.t} prefix={props.prefix} breadcrumbs={crumbs} />
  );
  if (props.denied) return forbidden;
  if (query.isSuccess && query.data !== undefined)
    return (
      <>
        {props.title !== undefined && <PageHeader title={props.title} breadcrumbs={crumbs} />}
        {props.children(query.data, crumbs)}
      </>
    );
  return (
    <QueryFallback query={query} skeleton={<DetailSkeleton {...props.skeleton} />} forbidden={forbidden} />
  );
}

/** Grey blocks where the page's parts will be. */
export function DetailSkeleton(props: { testId: string; blocks: SkeletonBlock[] }) {
  return (
    <Stack data-testid={props.testId}>
      {props.blocks.map((block, i) =>
        typeof block === 'number' ? (
          <Skeleton key={i} h={block} />
        ) : (
          <Skeleton key={i} h={block.h} w={block.w} ms={block.end ? 'auto' : undefined} />
        ),
      )}
    </Stack>
  );
}

/** What a member without the right to an area (or a record) reads instead of it, and whom to ask. */
export function ForbiddenNotice(props: { title: string; body: string }) {
  return (
    <Alert color="yellow" title={props.title}>
      {props.body}
    </Alert>
  );
}

/**
 * A page the caller may not see (a list, an area): its header, and the area's words for why and whom to ask —
 * `forbidden.title` and `forbidden.body` in its namespace, under `prefix`.
 */
export function ForbiddenPage(props: {
  title: string;
  t: (key: string) => string;
  prefix?: string;
  breadcrumbs?: Crumbs;
}) {
  const { t, prefix = '' } = props;
  return (
    <>
      <PageHeader title={props.title} breadcrumbs={props.breadcrumbs} />
      <ForbiddenNotice title={t(`${prefix}forbidden.title`)} body={t(`${prefix}forbidden.body`)} />
    </>
  );
}
