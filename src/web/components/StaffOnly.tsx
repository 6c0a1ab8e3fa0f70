/**
 * Pages for the provider's own staff (the form studio and the support chat console for product ops, the ads
 * console for ads ops): a visitor goes to sign-in and comes back; an account without the page's staff role is told
 * the page is not for them (the server refuses their calls too, with 403) instead of seeing an empty page.
 */
import { Button, Card, Container, Skeleton, Text, Title, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { StaffFrame, type StaffPage } from './StaffFrame';
import { Link, Navigate, useLocation } from 'react-router';
import { useAccount, type StaffRole } from '../api/account';

export function StaffOnly(props: {
  /** The staff role the page is for (accounts' `staff_role`): product ops by default. */
  role?: StaffRole;
  /** What an account without the role reads: a title, a line, and the way back to its own pages. */
  denied: { title: string; body: string; back: string };
  children: ReactNode;
}) {
  const account = useAccount();
  const location = useLocation();
  if (account.isPending) return <Skeleton h={240} m="md" />;
  if (!account.data)
    return (
      <Navigate to={`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />
    );
  if (account.data.staff_role !== (props.role ?? 'ops'))
    return (
      <Container size="sm" py="xl">
        <Card withBorder>
          <Title order={3}>{props.denied.title}</Title>
          <Text mt="sm">{props.denied.body}</Text>
          <Button component={Link} to="/" mt="md">
            {props.denied.back}
          </Button>
        </Card>
      </Container>
    );
  return <>{props.children}</>;
}

/**
 * A staff page whole: only for its role (StaffOnly), in the staff frame (StaffFrame). The refusal's words are the
 * area's, `<prefix>denied.title`, `.body` and `.back`.
 */
export function StaffArea(props: {
  role?: StaffRole;
  current: StaffPage;
  size?: MantineSize;
  words: { t: (key: string) => string; prefix?: string };
  children: ReactNode;
}) {
  const { t, prefix = '' } = props.words;
  return (
    <StaffOnly
      role={props.role}
      denied={{
        title: t(`${prefix}denied.title`),
        body: t(`${prefix}denied.body`),
        back: t(`${prefix}denied.back`),
      }}
    >
      <StaffFrame role={props.role} current={props.current} size={props.size}>
        {props.children}
      </StaffFrame>
    </StaffOnly>
  );
}
